// Talking to a running dev node in tests: JSON-RPC over HTTP POST and over WebSocket.
import { request as httpRequest } from 'node:http';
import { WebSocket } from 'ws';
import { launchLocalNode, type LaunchOptions, type LocalNode } from '../../core/local-node-launcher';

export interface RpcReply {
  jsonrpc?: string;
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** `evm-tracer node --port 0 ...args` from the built CLI (`debugTraces`: with its debug secret, as the CLI and the extension start theirs). */
export function startNode(args: string[] = [], options: Omit<LaunchOptions, 'cliPath' | 'args'> = {}): Promise<LocalNode> {
  return launchLocalNode({ cliPath: 'dist/cli.js', args, ...options });
}

export async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** `params` is positional, or an object for avalanchego's X-Chain and info APIs. */
export async function rpc(
  url: string,
  method: string,
  params: unknown[] | Record<string, unknown> = [],
  headers: Record<string, string> = {},
): Promise<RpcReply> {
  const { status, text } = await post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), headers);
  if (status !== 200) throw new Error(`${method}: HTTP ${status} ${text}`);
  return JSON.parse(text) as RpcReply;
}

/** The result, or a thrown Error carrying the JSON-RPC error message. */
export async function call<T = unknown>(url: string, method: string, params: unknown[] | Record<string, unknown> = []): Promise<T> {
  const reply = await rpc(url, method, params);
  if (reply.error) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
  return reply.result as T;
}

export interface MinedReceipt {
  status: string;
  blockHash: string;
  contractAddress: string | null;
  blockNumber: string;
}

/**
 * The transaction's receipt, asked for every `pollMs` up to 100 times: anvil may not have it the instant
 * eth_sendTransaction returns, and a fresh geth answers "transaction indexing is in progress" until it has
 * indexed its first block.
 */
export async function waitForReceipt(url: string, hash: string, pollMs = 50): Promise<MinedReceipt> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const reply = await rpc(url, 'eth_getTransactionReceipt', [hash]);
    if (reply.error && reply.error.message !== 'transaction indexing is in progress') {
      throw new Error(`eth_getTransactionReceipt: ${reply.error.code} ${reply.error.message}`);
    }
    if (reply.result) return reply.result as MinedReceipt;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`no receipt for ${hash}`);
}

/** Opens a WebSocket, sends `payload`, resolves with the first message (parsed), then closes. */
export function wsExchange(url: string, payload: string, headers: Record<string, string> = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('no WebSocket answer within 60 s'));
    }, 60_000);
    socket.once('open', () => socket.send(payload));
    socket.once('message', (data) => {
      clearTimeout(timer);
      socket.close();
      resolve(JSON.parse(data.toString()));
    });
    socket.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`WebSocket upgrade refused: HTTP ${response.statusCode}`), { status: response.statusCode }));
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** A tracer listing the opcode names it saw. */
export const opcodeTracer =
  '{ops: [], step: function(log) { this.ops.push(log.op.toString()); }, fault: function() {}, result: function() { return this.ops; }}';

/** Deploys (initcode, 12 bytes) a contract that stores its first calldata word at slot 0, logs it and returns it. */
export const storeAndLogInitcode = '0x6014600c60003960146000f3' + '6000358060005560005260206000a060206000f3';
export const storeAndLogRuntime = '0x6000358060005560005260206000a060206000f3';
export const storeAndLogOps = [
  'PUSH1',
  'CALLDATALOAD',
  'DUP1',
  'PUSH1',
  'SSTORE',
  'PUSH1',
  'MSTORE',
  'PUSH1',
  'PUSH1',
  'LOG0',
  'PUSH1',
  'PUSH1',
  'RETURN',
];
export const word = (n: number) => '0x' + n.toString(16).padStart(64, '0');

/** `evm-tracer node --port 0 ARGS` until it exits (a start-up that fails), without blocking this process (an
 * upstream server may live here). */
export async function runNode(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/cli.js', 'node', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    // A node that started by mistake would never exit on its own: it is stopped once it listens (or at 60 s).
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (/^listening on /m.test(stdout)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** Like startNode, but keeps everything the node printed (to check that no secret appears in it). */
export async function spawnNodeWithOutput(
  args: string[],
  env: Record<string, string> = {},
): Promise<LocalNode & { output(): string; pid: number }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['dist/cli.js', 'node', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  let match: RegExpExecArray | null = null;
  while (!(match = /listening on (http:\/\/\S+) \((ws:\/\/\S+)\)/.exec(output))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`node did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: match[1],
    wsUrl: match[2],
    output: () => output,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request with exactly these headers (Host and Origin included, which fetch would not let us set). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string },
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'POST', headers: options.headers ?? {}, localAddress: options.localAddress, timeout: 60_000 },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no HTTP answer within 60 s')));
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Waits until `condition()` holds, checking every 50 ms; fails after `ms` with `what`. */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One entry of the struct logger's log (debug_trace* without a tracer), as geth writes it. */
export interface StructLog {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  stack?: string[];
  memory?: string[];
  storage?: Record<string, string>;
  returnData?: string;
  refund?: number;
  error?: string;
}

/** The struct logger's result. */
export interface StructLogResult {
  gas: number;
  failed: boolean;
  returnValue: string;
  structLogs: StructLog[];
}
