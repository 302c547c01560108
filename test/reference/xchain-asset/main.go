// xchain-asset creates a fixed-supply asset on an avalanchego node's X-Chain, signed with the key in the
// environment variable XCHAIN_ASSET_KEY (hex), the whole supply owned by that key's address. It waits
// until the transaction is accepted and prints {"assetID": "..."}.
//
// The test setup (test/setup/reference-nodes.mjs) builds it against the pinned avalanchego version:
// it writes the go.mod, so that version is pinned in one place only.
package main

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/ava-labs/avalanchego/ids"
	"github.com/ava-labs/avalanchego/utils/crypto/secp256k1"
	"github.com/ava-labs/avalanchego/vms/components/verify"
	"github.com/ava-labs/avalanchego/vms/secp256k1fx"
	"github.com/ava-labs/avalanchego/wallet/subnet/primary"
	"github.com/ava-labs/avalanchego/wallet/subnet/primary/common"
)

func main() {
	uri := flag.String("uri", "", "the node's API base URL, e.g. http://127.0.0.1:9650")
	name := flag.String("name", "", "asset name")
	symbol := flag.String("symbol", "", "asset symbol")
	denomination := flag.Uint("denomination", 0, "decimal places (0-32)")
	supply := flag.Uint64("supply", 0, "whole supply in the smallest unit")
	flag.Parse()
	if err := run(*uri, *name, *symbol, *denomination, *supply); err != nil {
		fmt.Fprintf(os.Stderr, "xchain-asset: %v\n", err)
		os.Exit(1)
	}
}

func run(uri, name, symbol string, denomination uint, supply uint64) error {
	if uri == "" || name == "" || symbol == "" || supply == 0 {
		return errors.New("-uri, -name, -symbol and -supply (> 0) are required")
	}
	if denomination > 32 {
		return fmt.Errorf("-denomination %d: at most 32", denomination)
	}
	raw, err := hex.DecodeString(strings.TrimPrefix(os.Getenv("XCHAIN_ASSET_KEY"), "0x"))
	if err != nil {
		return fmt.Errorf("XCHAIN_ASSET_KEY is not hex: %w", err)
	}
	key, err := secp256k1.ToPrivateKey(raw)
	if err != nil {
		return fmt.Errorf("XCHAIN_ASSET_KEY: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	keychain := secp256k1fx.NewKeychain(key)
	wallet, err := primary.MakeWallet(ctx, uri, keychain, keychain, primary.WalletConfig{})
	if err != nil {
		return fmt.Errorf("opening the wallet at %s: %w", uri, err)
	}
	owner := secp256k1fx.OutputOwners{Threshold: 1, Addrs: []ids.ShortID{key.Address()}}
	// Feature extension 0 is secp256k1fx, the one transfer outputs belong to.
	initial := map[uint32][]verify.State{0: {&secp256k1fx.TransferOutput{Amt: supply, OutputOwners: owner}}}
	tx, err := wallet.X().IssueCreateAssetTx(name, symbol, byte(denomination), initial, common.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("issuing the CreateAssetTx: %w", err)
	}
	return json.NewEncoder(os.Stdout).Encode(map[string]string{"assetID": tx.ID().String()})
}
