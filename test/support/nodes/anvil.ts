// anvil (Foundry), a node that runs custom JS tracers; the binary ships in the @foundry-rs/anvil devDependency.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startNodeProcess, type RunningNode } from './process';

export const anvilPath = resolve('node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');

export function anvilAvailable(): boolean {
  return existsSync(anvilPath);
}

export function startAnvil(options: { chainId?: number; args?: string[] } = {}): Promise<RunningNode> {
  return startNodeProcess('anvil', anvilPath, (port) => [
    '--host', '127.0.0.1',
    '--port', String(port),
    '--chain-id', String(options.chainId ?? 43114),
    ...(options.args ?? []),
  ]);
}
