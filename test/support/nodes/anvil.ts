// anvil (Foundry), a node that runs custom JS tracers; test/setup/nodes.mjs installs its binary package.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startNodeProcess, type RunningNode } from './process';

import { anvilBinary } from '../../setup/nodes.mjs';

export const anvilPath = resolve(anvilBinary);

export function anvilAvailable(): boolean {
  return existsSync(anvilPath);
}

export function startAnvil(options: { chainId?: number; args?: string[] } = {}): Promise<RunningNode> {
  return startNodeProcess('anvil', anvilPath, (port) => [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(options.chainId ?? 43114),
    ...(options.args ?? []),
  ]);
}
