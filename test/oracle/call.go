package main

// debug_traceCall's call object as geth turns it into a message and a transaction (internal/ethapi's
// TransactionArgs: CallDefaults, ToMessage, ToTransaction, which an outside module cannot import), for the
// fields the runtime's CallObject has.

import (
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/holiman/uint256"
)

// rpcGasCap is geth's default --rpc.gascap: the gas of a call that names none.
const rpcGasCap = 50_000_000

func u256(value *big.Int) *uint256.Int {
	if value == nil {
		return new(uint256.Int)
	}
	return uint256.MustFromBig(value)
}

func callMessage(call *callObject, baseFee, chainID *big.Int) (*core.Message, *types.Transaction, error) {
	if call.GasPrice != nil && (call.MaxFeePerGas != nil || call.MaxPriorityFeePerGas != nil) {
		return nil, nil, errors.New("both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified")
	}
	var from common.Address
	var to *common.Address
	var err error
	if call.From != nil {
		if from, err = address(*call.From, "call.from"); err != nil {
			return nil, nil, err
		}
	}
	if call.To != nil {
		target, err := address(*call.To, "call.to")
		if err != nil {
			return nil, nil, err
		}
		to = &target
	}
	gas := uint64(rpcGasCap)
	if call.Gas != nil {
		if gas, err = call.Gas.uint64("call.gas"); err != nil {
			return nil, nil, err
		}
		gas = min(gas, rpcGasCap)
	}
	var nonce uint64
	if call.Nonce != nil {
		if nonce, err = call.Nonce.uint64("call.nonce"); err != nil {
			return nil, nil, err
		}
	}
	var data []byte
	if call.Input != nil {
		data, err = hexBytes(*call.Input, "call.input")
	} else if call.Data != nil {
		data, err = hexBytes(*call.Data, "call.data")
	}
	if err != nil {
		return nil, nil, err
	}
	value := bigOf(call.Value)
	if value == nil {
		value = new(big.Int)
	}
	gasPrice, feeCap, tipCap := bigOf(call.GasPrice), bigOf(call.MaxFeePerGas), bigOf(call.MaxPriorityFeePerGas)
	var price *big.Int
	switch {
	case baseFee == nil:
		if gasPrice == nil {
			gasPrice = new(big.Int)
		}
		price, feeCap, tipCap = gasPrice, gasPrice, gasPrice
	case gasPrice != nil:
		price, feeCap, tipCap = gasPrice, gasPrice, gasPrice
	default:
		if feeCap == nil {
			feeCap = new(big.Int)
		}
		if tipCap == nil {
			tipCap = new(big.Int)
		}
		price = new(big.Int)
		if feeCap.Sign() > 0 || tipCap.Sign() > 0 {
			price = new(big.Int).Add(tipCap, baseFee)
			if price.Cmp(feeCap) > 0 {
				price = feeCap
			}
		}
	}
	msg := &core.Message{
		From: from, To: to, Value: u256(value), Nonce: nonce, GasLimit: gas,
		GasPrice: u256(price), GasFeeCap: u256(feeCap), GasTipCap: u256(tipCap), Data: data,
		SkipNonceChecks: true, SkipTransactionChecks: true,
	}
	var tx *types.Transaction
	if gasPrice != nil {
		tx = types.NewTx(&types.LegacyTx{Nonce: nonce, GasPrice: gasPrice, Gas: gas, To: to, Value: value, Data: data})
	} else {
		tx = types.NewTx(&types.DynamicFeeTx{ChainID: chainID, Nonce: nonce, GasTipCap: tipCap, GasFeeCap: feeCap, Gas: gas, To: to, Value: value, Data: data, AccessList: types.AccessList{}})
	}
	return msg, tx, nil
}
