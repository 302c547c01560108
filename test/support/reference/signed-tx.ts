// Sends transactions signed here (@ethereumjs/tx) from a key the test holds: for nodes whose accounts are
// not unlocked (avalanchego) or not the ones a test needs funded.
import { createFeeMarket1559Tx } from '@ethereumjs/tx';
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { bytesToHex, createAddressFromString, hexToBytes, type PrefixedHexString } from '@ethereumjs/util';
import { call, waitForReceipt, type MinedReceipt } from '../../runtime/node-helpers';

export interface Signer {
  address: string;
  privateKey: Uint8Array;
}

export interface SignedCall {
  to?: string;
  data?: string;
  value?: bigint;
  gas?: bigint;
  /** maxPriorityFeePerGas; default: what the node suggests. */
  tip?: bigint;
}

/**
 * `tx` signed as an EIP-1559 transaction for the node's chain, as raw hex: with `nonce`, else the account's
 * next; fees and, unless given, gas and tip asked from the node.
 */
export async function signTx(url: string, signer: Signer, tx: SignedCall, nonce?: bigint): Promise<string> {
  const chainId = Number(await call<string>(url, 'eth_chainId'));
  const next = nonce ?? BigInt(await call<string>(url, 'eth_getTransactionCount', [signer.address, 'pending']));
  const tip = tx.tip ?? BigInt(await call<string>(url, 'eth_maxPriorityFeePerGas'));
  const gasPrice = BigInt(await call<string>(url, 'eth_gasPrice'));
  const estimate = { from: signer.address, to: tx.to, data: tx.data, value: `0x${(tx.value ?? 0n).toString(16)}` };
  const gas = tx.gas ?? BigInt(await call<string>(url, 'eth_estimateGas', [estimate]));
  const common = createCustomCommon({ chainId }, Mainnet, { hardfork: Hardfork.Cancun });
  const signed = createFeeMarket1559Tx(
    {
      nonce: next,
      to: tx.to === undefined ? undefined : createAddressFromString(tx.to),
      data: tx.data === undefined ? undefined : hexToBytes(tx.data as PrefixedHexString),
      value: tx.value ?? 0n,
      gasLimit: gas,
      maxPriorityFeePerGas: tip,
      maxFeePerGas: 2n * gasPrice + tip,
    },
    { common },
  ).sign(signer.privateKey);
  return bytesToHex(signed.serialize());
}

/** Signs `tx` (signTx), sends it and waits for its receipt. */
export async function sendSigned(url: string, signer: Signer, tx: SignedCall): Promise<MinedReceipt & { transactionHash: string }> {
  const hash = await call<string>(url, 'eth_sendRawTransaction', [await signTx(url, signer, tx)]);
  // avalanchego builds a block about once a second.
  return { ...(await waitForReceipt(url, hash, 200)), transactionHash: hash };
}
