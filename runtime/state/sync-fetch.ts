// A blocking HTTP POST for code that must answer synchronously (the tracer's db.getBalance & co. in the trace
// worker, when fork mode has not fetched that account yet): a helper thread does the fetch while the caller
// sleeps in Atomics.wait, then picks the answer off a MessagePort with receiveMessageOnPort.
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

const helperSource = `
const { parentPort, workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.flag);
parentPort.on('message', async ({ url, headers, body, timeoutMs }) => {
  let answer;
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    answer = { status: response.status, text: await response.text() };
  } catch (error) {
    answer = { error: (error && error.message) || String(error) };
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

export type SyncAnswer = { status: number; text: string } | { error: string };

export function postSync(url: string, headers: Record<string, string>, body: string, timeoutMs = 30_000): SyncAnswer {
  const { worker, port, flag } = startHelper();
  Atomics.store(flag, 0, 0);
  worker.postMessage({ url, headers, body, timeoutMs });
  if (Atomics.wait(flag, 0, 0, timeoutMs + 1000) === 'timed-out') return { error: 'timed out' };
  const message = receiveMessageOnPort(port);
  return message ? (message.message as SyncAnswer) : { error: 'no answer from the fetch helper' };
}
