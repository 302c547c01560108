package main

// Runs a job the way geth's debug API does (eth/tracers/api.go): the state before the block, the block's
// pre-execution system calls and earlier transactions applied untraced (eth/state_accessor.go
// stateAtTransaction), then each traced transaction through traceTx: the tracer from
// tracers.DefaultDirectory (or the struct logger), a hooked state, vm.Config{Tracer, NoBaseFee},
// core.ApplyTransactionWithEVM and tracer.GetResult, with the time-out stopping tracer and EVM.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/eth/tracers"
	"github.com/ethereum/go-ethereum/eth/tracers/logger"
	"github.com/ethereum/go-ethereum/params"

	// Registers geth's JavaScript engine and named JS tracers, and the native tracers.
	_ "github.com/ethereum/go-ethereum/eth/tracers/js"
	_ "github.com/ethereum/go-ethereum/eth/tracers/native"
)

// outcome is the runtime's TraceOutcome: the tracer's JSON text, or geth's error text.
type outcome struct {
	TxHash string  `json:"txHash,omitempty"`
	JSON   *string `json:"json,omitempty"`
	Error  *string `json:"error,omitempty"`
}

func failed(text string) outcome { return outcome{Error: &text} }

// headerChain answers what core.NewEVMBlockContext asks of a chain: only the config (for the blob fee);
// BLOCKHASH is served from the job's hashes instead.
type headerChain struct{ config *params.ChainConfig }

func (c headerChain) Config() *params.ChainConfig               { return c.config }
func (headerChain) CurrentHeader() *types.Header                { return nil }
func (headerChain) GetHeader(common.Hash, uint64) *types.Header { return nil }
func (headerChain) GetHeaderByNumber(uint64) *types.Header      { return nil }
func (headerChain) GetHeaderByHash(common.Hash) *types.Header   { return nil }
func (headerChain) Engine() consensus.Engine                    { return nil }

// preState commits the job's accounts, so that they are the "original" values EIP-2200 and EIP-2929 see.
func preState(job *traceJob) (*state.StateDB, error) {
	db := state.NewDatabaseForTesting()
	statedb, err := state.New(types.EmptyRootHash, db)
	if err != nil {
		return nil, err
	}
	for text, account := range job.PreState {
		addr, err := address(text, "preState")
		if err != nil {
			return nil, err
		}
		where := "preState." + text
		statedb.CreateAccount(addr)
		if account.Balance != nil {
			statedb.SetBalance(addr, u256(bigOf(account.Balance)), tracing.BalanceChangeUnspecified)
		}
		if account.Nonce != nil {
			nonce, err := account.Nonce.uint64(where + ".nonce")
			if err != nil {
				return nil, err
			}
			statedb.SetNonce(addr, nonce, tracing.NonceChangeUnspecified)
		}
		code, err := hexBytes(account.Code, where+".code")
		if err != nil {
			return nil, err
		}
		statedb.SetCode(addr, code, tracing.CodeChangeUnspecified)
		for key, value := range account.Storage {
			k, err := word(key, where+".storage")
			if err != nil {
				return nil, err
			}
			v, err := word(value, where+".storage."+key)
			if err != nil {
				return nil, err
			}
			statedb.SetState(addr, k, v)
		}
	}
	root, err := statedb.Commit(0, false, false)
	if err != nil {
		return nil, err
	}
	return state.New(root, db)
}

// runJob answers every traced transaction of the job, in the job's `trace` order.
func runJob(job *traceJob) ([]outcome, error) {
	if len(job.Fork) > 0 && string(job.Fork) != "null" {
		return nil, errors.New("fork: the oracle runs on the job's preState only")
	}
	config, err := job.chainConfig()
	if err != nil {
		return nil, err
	}
	header, err := job.header()
	if err != nil {
		return nil, err
	}
	blockHash, err := job.blockHash()
	if err != nil {
		return nil, err
	}
	hashes, err := job.blockHashes()
	if err != nil {
		return nil, err
	}
	statedb, err := preState(job)
	if err != nil {
		return nil, err
	}
	vmctx := core.NewEVMBlockContext(header, headerChain{config}, &header.Coinbase)
	vmctx.GetHash = func(n uint64) common.Hash { return hashes[n] }
	signer := types.MakeSigner(config, header.Number, header.Time)

	// Pre-execution system calls (EIP-2935's parent hash); no beacon root: the job has none.
	system := vm.NewEVM(vmctx, statedb, config, vm.Config{})
	core.PreExecution(context.Background(), nil, &types.Header{Number: new(big.Int).Sub(header.Number, common.Big1), Time: header.Time}, config, system, header.Number, header.Time)
	system.Release()

	traced := make(map[int]outcome)
	wanted := make(map[int]bool)
	last := -1
	for _, index := range job.Trace {
		wanted[index] = true
		last = max(last, index)
	}
	for index := 0; index <= last && index < len(job.Transactions); index++ {
		entry := job.Transactions[index]
		var (
			msg    *core.Message
			tx     *types.Transaction
			txctx  = new(tracers.Context)
			blkctx = vmctx
		)
		switch {
		case entry.Raw != nil:
			bytes, err := hexBytes(*entry.Raw, fmt.Sprintf("transactions[%d].raw", index))
			if err != nil {
				return nil, err
			}
			tx = new(types.Transaction)
			if err := tx.UnmarshalBinary(bytes); err != nil {
				traced[index] = failed("could not decode transaction: " + err.Error())
				continue
			}
			if msg, err = core.TransactionToMessage(tx, signer, header.BaseFee); err != nil {
				traced[index] = failed(err.Error())
				continue
			}
			txctx = &tracers.Context{BlockHash: blockHash, BlockNumber: header.Number, TxIndex: index, TxHash: tx.Hash()}
		case entry.Call != nil:
			if msg, tx, err = callMessage(entry.Call, header.BaseFee, config.ChainID); err != nil {
				traced[index] = failed(err.Error())
				continue
			}
			// traceCall lowers the base fee to 0 for a call that pays no gas price.
			if msg.GasPrice.Sign() == 0 {
				blkctx.BaseFee = new(big.Int)
			}
		default:
			return nil, fmt.Errorf("transactions[%d]: neither raw nor call", index)
		}
		if !wanted[index] {
			statedb.SetTxContext(tx.Hash(), index, uint32(index+1))
			evm := vm.NewEVM(blkctx, statedb, config, vm.Config{})
			_, err := core.ApplyMessage(evm, msg, nil)
			evm.Release()
			if err != nil {
				return nil, fmt.Errorf("transaction %d failed: %v", index, err)
			}
			statedb.Finalise(config.IsEIP158(header.Number))
			continue
		}
		result, err := traceTx(job, config, tx, msg, txctx, blkctx, statedb)
		o := outcome{}
		if entry.Raw != nil {
			o.TxHash = tx.Hash().Hex()
		}
		if err != nil {
			text := err.Error()
			o.Error = &text
		} else {
			text := string(result)
			o.JSON = &text
		}
		traced[index] = o
	}
	outcomes := make([]outcome, len(job.Trace))
	for i, index := range job.Trace {
		o, ok := traced[index]
		if !ok {
			o = failed(fmt.Sprintf("transaction %d was not executed", index))
		}
		outcomes[i] = o
	}
	return outcomes, nil
}

// traceTx follows geth's API.traceTx. A tracer that panics fails the request with the text geth's RPC layer
// gives a crashed method (rpc/handler.go).
func traceTx(job *traceJob, config *params.ChainConfig, tx *types.Transaction, msg *core.Message, txctx *tracers.Context, vmctx vm.BlockContext, statedb *state.StateDB) (result json.RawMessage, err error) {
	defer func() {
		if recovered := recover(); recovered != nil {
			result, err = nil, errors.New("method handler crashed")
		}
	}()
	var tracer *tracers.Tracer
	if job.Tracer == "" {
		var options logger.Config
		if job.TracerConfig != nil {
			if err := json.Unmarshal([]byte(*job.TracerConfig), &options); err != nil {
				return nil, fmt.Errorf("struct logger options: %v", err)
			}
		}
		structLogger := logger.NewStructLogger(&options)
		tracer = &tracers.Tracer{Hooks: structLogger.Hooks(), GetResult: structLogger.GetResult, Stop: structLogger.Stop}
	} else {
		var cfg json.RawMessage
		if job.TracerConfig != nil {
			cfg = json.RawMessage(*job.TracerConfig)
		}
		if tracer, err = tracers.DefaultDirectory.New(job.Tracer, txctx, cfg, config); err != nil {
			return nil, err
		}
	}
	evm := vm.NewEVM(vmctx, state.NewHookedState(statedb, tracer.Hooks), config, vm.Config{Tracer: tracer.Hooks, NoBaseFee: true})
	defer evm.Release()

	timeout := time.Duration(job.TimeoutMs * float64(time.Millisecond))
	deadline, cancel := context.WithTimeout(context.Background(), timeout)
	go func() {
		<-deadline.Done()
		if errors.Is(deadline.Err(), context.DeadlineExceeded) {
			tracer.Stop(errors.New("execution timeout"))
			evm.Cancel()
		}
	}()
	defer cancel()

	statedb.SetTxContext(txctx.TxHash, txctx.TxIndex, uint32(txctx.TxIndex+1))
	if _, _, err := core.ApplyTransactionWithEVM(msg, core.NewGasPool(msg.GasLimit), statedb, vmctx.BlockNumber, txctx.BlockHash, vmctx.Time, tx, evm); err != nil {
		return nil, fmt.Errorf("tracing failed: %w", err)
	}
	return tracer.GetResult()
}
