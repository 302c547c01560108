// The `debug` member of a trace config, this node's own extension for debugging a tracer (a node started
// with --debug-traces only): `{"file": "/abs/x.tracer.js", "port": 9229, "secret": "…"}`. The request's
// `tracer` is then the file's text as is (never a flattened copy): it is compiled under the file's URL with
// the file's positions, and the trace worker opens the inspector on the loopback address and waits for a
// debugger. Whoever reaches an inspector controls its process, so only the program that started the node
// (it holds the node's debug secret) may start a debug run, and the inspector never listens elsewhere.
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InspectAddress } from '../trace/protocol';
import { sameSecret } from './auth';
import { invalidParams } from './rpc-error';

export interface DebugRun {
  /** The tracer file's file:// URL. */
  tracerUrl: string;
  inspect: InspectAddress;
  secret: string;
}

/** The names a debug run's `host` may give: loopback only (the default is 127.0.0.1). */
const loopback = new Map([
  ['127.0.0.1', '127.0.0.1'],
  ['localhost', '127.0.0.1'],
  ['::1', '::1'],
]);

export function debugRun(value: unknown, index: number): DebugRun {
  const fail = (reason: string): never => {
    throw invalidParams(`invalid argument ${index}: "debug"${reason}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(' must be an object {file, port, secret}');
  const { file, host, port, secret } = value as Record<string, unknown>;
  if (typeof file !== 'string' || !isAbsolute(file)) return fail('.file must be the absolute path of the tracer file');
  const listenOn = host === undefined ? '127.0.0.1' : typeof host === 'string' ? loopback.get(host.toLowerCase()) : undefined;
  if (listenOn === undefined)
    return fail('.host must be a loopback address (127.0.0.1, ::1 or localhost): the inspector listens nowhere else');
  if (!Number.isInteger(port) || (port as number) < 0 || (port as number) > 65535) return fail('.port must be an integer from 0 to 65535');
  if (typeof secret !== 'string') return fail('.secret is missing: debug runs need the secret of the program that started this node');
  return { tracerUrl: pathToFileURL(file).href, inspect: { host: listenOn, port: port as number }, secret };
}

/** Whether a debug run carries the node's own secret (compared in constant time). */
export function debugRunAllowed(run: DebugRun, nodeSecret: string): boolean {
  return sameSecret(run.secret, nodeSecret);
}
