// X-Chain balances: avm.getBalance with named params {address, assetID}, sent to the X-Chain URL. `AVAX`
// is the alias of the native asset; avm.getAssetDescription gives the real id and the denomination.
import type { RequestOptions, RpcClient } from './rpc/client';
import { NodeError } from './rpc/errors';

export interface XChainBalance {
  address: string;
  assetID: string;
  symbol?: string;
  name?: string;
  /** Decimal places of the asset (AVAX: 9, the balance is in nAVAX). */
  denomination?: number;
  /** The balance in the asset's smallest unit, as the node returned it. */
  balance: string;
  /** The balance in whole units, e.g. "1.5" (undefined when the denomination is unknown). */
  amount?: string;
  utxoIDs: Array<{ txID: string; outputIndex: number }>;
}

interface AssetDescription {
  assetID: string;
  name?: string;
  symbol?: string;
  denomination: number;
}

const nativeAlias = 'AVAX';
const nativeDenomination = 9;

export function checkXChainAddress(address: string): string {
  if (!/^X-[a-z]+1[02-9ac-hj-np-z]{6,}$/.test(address)) {
    throw new Error(`'${address}' is not an X-Chain address (expected X-<hrp>1…, e.g. X-avax1… or X-fuji1…)`);
  }
  return address;
}

/** `raw` smallest units shown with `denomination` decimals, trailing zeros dropped: "1500000000", 9 → "1.5". */
export function formatUnits(raw: string, denomination: number): string {
  const digits = BigInt(raw)
    .toString()
    .padStart(denomination + 1, '0');
  const whole = digits.slice(0, digits.length - denomination);
  const fraction = digits.slice(digits.length - denomination).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

async function describeAsset(client: RpcClient, assetID: string, options: RequestOptions): Promise<AssetDescription | undefined> {
  try {
    const description = await client.request<{ assetID: string; name?: string; symbol?: string; denomination: string | number }>(
      'avm.getAssetDescription',
      { assetID },
      options,
    );
    return { ...description, denomination: Number(description.denomination) };
  } catch (error) {
    // Only a node that does not know the method or asset is tolerated; access errors go to the caller.
    if (error instanceof NodeError && error.kind === 'rpc') return undefined;
    throw error;
  }
}

/** The balance of `asset` (an asset id or `AVAX`) held by `address`, `client` pointing at the X-Chain URL. */
export async function getXChainBalance(
  client: RpcClient,
  address: string,
  asset = nativeAlias,
  options: RequestOptions = {},
): Promise<XChainBalance> {
  checkXChainAddress(address);
  const isAlias = asset.toUpperCase() === nativeAlias;
  const description = await describeAsset(client, isAlias ? nativeAlias : asset, options);
  const assetID = description?.assetID ?? (isAlias ? nativeAlias : asset);
  const denomination = description?.denomination ?? (isAlias ? nativeDenomination : undefined);
  const answer = await client.request<{ balance: string; utxoIDs?: Array<{ txID: string; outputIndex: number }> }>(
    'avm.getBalance',
    { address, assetID },
    options,
  );
  if (typeof answer?.balance !== 'string' || !/^\d+$/.test(answer.balance)) {
    throw new NodeError(
      'protocol',
      `avm.getBalance answered without a decimal balance: ${client.shown(String(JSON.stringify(answer)), 200)}`,
      "The X-Chain answer does not have avalanchego's shape {balance, utxoIDs}.",
    );
  }
  return {
    address,
    assetID,
    symbol: description?.symbol ?? (isAlias ? nativeAlias : undefined),
    name: description?.name,
    denomination,
    balance: answer.balance,
    amount: denomination === undefined ? undefined : formatUnits(answer.balance, denomination),
    utxoIDs: answer.utxoIDs ?? [],
  };
}
