// ganache 7, which ignores custom JS tracers and returns a default structLogs trace. Installed by test/setup/nodes.mjs.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startNodeProcess, type RunningNode } from './process';

const cli = resolve('.test-nodes/ganache/node_modules/ganache/dist/node/cli.js');

export function ganacheAvailable(): boolean {
  return existsSync(cli);
}

export function startGanache(options: { chainId?: number } = {}): Promise<RunningNode> {
  return startNodeProcess('ganache', process.execPath, (port) => [
    cli,
    '--server.host',
    '127.0.0.1',
    '--server.port',
    String(port),
    '--chain.chainId',
    String(options.chainId ?? 43114),
    '--wallet.deterministic',
    '--logging.quiet',
  ]);
}
