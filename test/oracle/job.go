package main

// The job: the JSON shape of the runtime's TraceJob (runtime/trace/job.ts), decoded into geth's types, so
// that one generator feeds both sides. Quantities are hex ("0x…") or decimal strings, or JSON numbers.

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
)

type allocAccount struct {
	Balance *quantity         `json:"balance"`
	Nonce   *quantity         `json:"nonce"`
	Code    string            `json:"code"`
	Storage map[string]string `json:"storage"`
}

type traceBlock struct {
	Number        quantity  `json:"number"`
	Timestamp     quantity  `json:"timestamp"`
	GasLimit      quantity  `json:"gasLimit"`
	Difficulty    *quantity `json:"difficulty"`
	Coinbase      string    `json:"coinbase"`
	BaseFeePerGas *quantity `json:"baseFeePerGas"`
	ExcessBlobGas *quantity `json:"excessBlobGas"`
	PrevRandao    string    `json:"prevRandao"`
	Hash          string    `json:"hash"`
	ParentHash    string    `json:"parentHash"`
}

// callObject is debug_traceCall's call: geth's TransactionArgs fields that the runtime's CallObject has.
type callObject struct {
	From                 *string   `json:"from"`
	To                   *string   `json:"to"`
	Gas                  *quantity `json:"gas"`
	GasPrice             *quantity `json:"gasPrice"`
	MaxFeePerGas         *quantity `json:"maxFeePerGas"`
	MaxPriorityFeePerGas *quantity `json:"maxPriorityFeePerGas"`
	Value                *quantity `json:"value"`
	Data                 *string   `json:"data"`
	Input                *string   `json:"input"`
	Nonce                *quantity `json:"nonce"`
}

type jobTransaction struct {
	Raw  *string     `json:"raw"`
	Call *callObject `json:"call"`
}

type traceJob struct {
	ChainConfig  json.RawMessage         `json:"chainConfig"`
	PreState     map[string]allocAccount `json:"preState"`
	Block        traceBlock              `json:"block"`
	Transactions []jobTransaction        `json:"transactions"`
	Trace        []int                   `json:"trace"`
	// Tracer is JS source or a built-in name; "" is the struct logger (its options in TracerConfig).
	Tracer       string            `json:"tracer"`
	TracerConfig *string           `json:"tracerConfig"`
	TimeoutMs    float64           `json:"timeoutMs"`
	BlockHashes  map[string]string `json:"blockHashes"`
	Fork         json.RawMessage   `json:"fork"`
}

// quantity accepts a JSON number or a string holding a decimal or 0x-hex integer.
type quantity struct{ big.Int }

func (q *quantity) UnmarshalJSON(data []byte) error {
	text := strings.Trim(string(data), `"`)
	value, ok := new(big.Int).SetString(text, 0)
	if !ok || value.Sign() < 0 {
		return fmt.Errorf("not a non-negative integer: %s", data)
	}
	q.Int = *value
	return nil
}

func (q *quantity) uint64(where string) (uint64, error) {
	if !q.IsUint64() {
		return 0, fmt.Errorf("%s: %s does not fit 64 bits", where, q.String())
	}
	return q.Uint64(), nil
}

func bigOf(q *quantity) *big.Int {
	if q == nil {
		return nil
	}
	return new(big.Int).Set(&q.Int)
}

func address(text, where string) (common.Address, error) {
	bytes, err := hexutil.Decode(text)
	if err != nil || len(bytes) != common.AddressLength {
		return common.Address{}, fmt.Errorf("%s: %q is not a 0x-prefixed 20-byte address", where, text)
	}
	return common.BytesToAddress(bytes), nil
}

func hexBytes(text, where string) ([]byte, error) {
	if text == "" || text == "0x" {
		return nil, nil
	}
	if !strings.HasPrefix(text, "0x") {
		text = "0x" + text
	}
	bytes, err := hexutil.Decode(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	return bytes, nil
}

// word reads a storage key or value: hex of up to 32 bytes, left-padded.
func word(text, where string) (common.Hash, error) {
	digits := strings.TrimPrefix(text, "0x")
	if len(digits)%2 == 1 {
		digits = "0" + digits
	}
	bytes, err := hexBytes(digits, where)
	if err != nil || len(bytes) > 32 {
		return common.Hash{}, fmt.Errorf("%s: %q is not a word of up to 32 bytes", where, text)
	}
	return common.BytesToHash(bytes), nil
}

// chainConfig decodes the geth genesis config. Without a blob schedule, a chain with Cancun active gets
// geth's default one (mainnet's), as `geth --dev` does.
func (j *traceJob) chainConfig() (*params.ChainConfig, error) {
	config := new(params.ChainConfig)
	if err := json.Unmarshal(j.ChainConfig, config); err != nil {
		return nil, fmt.Errorf("chainConfig: %v", err)
	}
	if config.ChainID == nil {
		return nil, fmt.Errorf("chainConfig: chainId is missing")
	}
	if config.BlobScheduleConfig == nil && config.CancunTime != nil {
		config.BlobScheduleConfig = params.DefaultBlobSchedule
	}
	return config, nil
}

func (j *traceJob) header() (*types.Header, error) {
	b := j.Block
	at := func(field string) string { return "block." + field }
	number := bigOf(&b.Number)
	timestamp, err := b.Timestamp.uint64(at("timestamp"))
	if err != nil {
		return nil, err
	}
	gasLimit, err := b.GasLimit.uint64(at("gasLimit"))
	if err != nil {
		return nil, err
	}
	coinbase, err := address(b.Coinbase, at("coinbase"))
	if err != nil {
		return nil, err
	}
	header := &types.Header{Number: number, Time: timestamp, GasLimit: gasLimit, Coinbase: coinbase, Difficulty: new(big.Int), BaseFee: bigOf(b.BaseFeePerGas)}
	if b.Difficulty != nil {
		header.Difficulty = bigOf(b.Difficulty)
	}
	if b.ExcessBlobGas != nil {
		excess, err := b.ExcessBlobGas.uint64(at("excessBlobGas"))
		if err != nil {
			return nil, err
		}
		header.ExcessBlobGas = &excess
	}
	if b.PrevRandao != "" {
		if header.MixDigest, err = word(b.PrevRandao, at("prevRandao")); err != nil {
			return nil, err
		}
	}
	if b.ParentHash != "" {
		if header.ParentHash, err = word(b.ParentHash, at("parentHash")); err != nil {
			return nil, err
		}
	}
	return header, nil
}

// blockHash is the hash the job gives the block (ctx.blockHash of traced transactions), zero when absent.
func (j *traceJob) blockHash() (common.Hash, error) {
	if j.Block.Hash == "" {
		return common.Hash{}, nil
	}
	return word(j.Block.Hash, "block.hash")
}

// blockHashes maps block numbers (decimal or hex keys) to the hashes BLOCKHASH returns.
func (j *traceJob) blockHashes() (map[uint64]common.Hash, error) {
	hashes := make(map[uint64]common.Hash, len(j.BlockHashes))
	for key, value := range j.BlockHashes {
		number, err := strconv.ParseUint(key, 0, 64)
		if err != nil {
			return nil, fmt.Errorf("blockHashes: key %q is not a block number", key)
		}
		if hashes[number], err = word(value, "blockHashes."+key); err != nil {
			return nil, err
		}
	}
	return hashes, nil
}
