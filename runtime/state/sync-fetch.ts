// A blocking HTTP POST for code that must answer synchronously (the tracer's db.getBalance & co. in the trace
// worker, when fork mode has not fetched that account yet): a helper thread does the fetch while the caller
// sleeps in Atomics.wait, then picks the answer off a MessagePort with receiveMessageOnPort.
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

const helperSource = `
const { parentPort, workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.flag);
parentPort.on('message', async ({ url, headers, body, timeoutMs, maxBytes }) => {
  let answer;
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    // boundedText() below, which this source cannot import.
    const chunks = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.length;
      if (size > maxBytes) throw new Error(\`the answer is larger than \${maxBytes} bytes\`);
      chunks.push(chunk);
    }
    answer = { status: response.status, text: Buffer.concat(chunks).toString('utf8'), location: response.headers.get('location') ?? undefined };
  } catch (error) {
    // The shape of fetchFailure() below (this source cannot import it).
    answer = { failure: { name: error?.name, message: error?.message ?? String(error), code: error?.cause?.code, cause: error?.cause?.message } };
  }
  workerData.port.postMessage(answer);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});`;

let helper: { worker: Worker; port: MessagePort; flag: Int32Array } | undefined;

function startHelper() {
  if (helper) return helper;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(helperSource, { eval: true, workerData: { flag: flag.buffer, port: port2 }, transferList: [port2] });
  worker.unref();
  helper = { worker, port: port1, flag };
  return helper;
}

/** Why a fetch threw: the error's name and message, and its cause's (a socket error's code, or undici's words). */
export interface FetchFailure {
  name?: string;
  message: string;
  code?: string;
  cause?: string;
}

/** What a POST came back with; redirects are not followed (`location` tells where to). */
export type FetchReply = { status: number; text: string; location?: string } | { failure: FetchFailure };

export function fetchFailure(error: unknown): FetchFailure {
  const { name, message, cause } = (error ?? {}) as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  return { name, message: message ?? String(error), code: cause?.code, cause: cause?.message };
}

/** A response's text, refused past `maxBytes`: a hostile or broken upstream must not exhaust memory. */
export async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    size += part.value.length;
    if (size > maxBytes) {
      await reader!.cancel();
      throw new Error(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function postSync(url: string, headers: Record<string, string>, body: string, timeoutMs: number, maxBytes: number): FetchReply {
  const { worker, port, flag } = startHelper();
  Atomics.store(flag, 0, 0);
  worker.postMessage({ url, headers, body, timeoutMs, maxBytes });
  if (Atomics.wait(flag, 0, 0, timeoutMs + 1000) === 'timed-out') return { failure: { name: 'TimeoutError', message: 'timed out' } };
  const message = receiveMessageOnPort(port);
  return message ? (message.message as FetchReply) : { failure: { message: 'no answer from the fetch helper' } };
}
