// The avalanchego local network's pre-funded key ("ewoq", a well-known public test key: never use it
// elsewhere), usable on the C-Chain (with sendSigned) and on the X-Chain (an asset created by
// test/reference/xchain-asset, built by test/setup/reference-nodes.mjs).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { hexToBytes } from '@ethereumjs/util';
import { xchainAssetBinary } from '../../setup/reference-nodes.mjs';
import type { Signer } from './signed-tx';

const privateKey = '0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027';

export const ewoq: Signer & { xChainAddress: string } = {
  address: '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc',
  privateKey: hexToBytes(privateKey),
  xChainAddress: 'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u',
};

/** Creates an X-Chain asset whose whole supply the ewoq address owns; resolves with its asset ID. */
export async function createXChainAsset(
  apiUrl: string,
  asset: { name: string; symbol: string; denomination: number; supply: bigint },
): Promise<string> {
  const { stdout } = await promisify(execFile)(
    xchainAssetBinary,
    [
      '-uri',
      apiUrl,
      '-name',
      asset.name,
      '-symbol',
      asset.symbol,
      '-denomination',
      String(asset.denomination),
      '-supply',
      String(asset.supply),
    ],
    { env: { ...process.env, XCHAIN_ASSET_KEY: privateKey }, timeout: 180_000 },
  );
  return (JSON.parse(stdout) as { assetID: string }).assetID;
}
