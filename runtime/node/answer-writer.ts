// Sending answers at the pace clients read them. An answer goes out in pieces, each handed to the socket once
// it has taken the earlier ones, so a client that stops reading holds its answer once (no second copy queued
// in the socket); one that takes nothing for stallMs is disconnected, which frees it and cancels its traces.
// Answers not yet sent are counted node-wide: while they exceed the limit, new traces wait (see `room`) rather
// than pile up more answers for clients that do not read.
import type { ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import type { Answer } from './raw-json';

/** How long a client may take no data at all while an answer waits for it: geth's HTTP WriteTimeout. */
const stallMs = 30_000;
const pieceChars = 1 << 18;
const pieceBytes = 1 << 18;
/** WebSocket bytes the socket may hold before we wait for the client to take them. */
const wsHighWater = 1 << 20;

/** Where the piece of `text` starting at `at` ends: at most pieceChars on, never inside a surrogate pair. */
function pieceEnd(text: string, at: number): number {
  const end = Math.min(text.length, at + pieceChars);
  const code = text.charCodeAt(end - 1);
  return end < text.length && code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/** The answer in pieces of bounded size, the last one marked. */
function* pieces(answer: Answer): Generator<{ piece: string | Uint8Array; last: boolean }> {
  const all = answer.pieces;
  const final = all.findLastIndex((part) => part.length > 0);
  for (let i = 0; i < all.length; i++) {
    const part = all[i];
    for (let at = 0; at < part.length;) {
      const end = typeof part === 'string' ? pieceEnd(part, at) : Math.min(part.length, at + pieceBytes);
      const piece = typeof part === 'string' ? part.slice(at, end) : part.subarray(at, end);
      at = end;
      yield { piece, last: i === final && at === part.length };
    }
  }
}

/** Waits for `taken`; if that takes longer than stallMs, runs `stall` (which disconnects) and returns. */
async function unlessStalled(taken: Promise<void>, stall: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      stall();
      resolve();
    }, stallMs);
  });
  await Promise.race([taken, stalled]);
  clearTimeout(timer);
}

/** The bytes of answers not yet handed to their clients' sockets, over all connections. */
export class UnsentAnswers {
  private total = 0;
  private waiters = new Set<() => void>();

  /** `limit`: how much may wait before new traces are held back. */
  constructor(readonly limit: number) {}

  add(bytes: number): void {
    this.total += bytes;
  }

  remove(bytes: number): void {
    this.total -= bytes;
    if (this.total > this.limit) return;
    for (const wake of this.waiters) wake();
  }

  /** Resolves once unsent answers are within the limit again, or at once when `signal` is aborted. */
  room(signal: AbortSignal): Promise<void> {
    if (this.total <= this.limit || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        this.waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      this.waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }
}

/** Writes a complete HTTP answer in pieces, waiting for 'drain' between them. */
export async function sendHttpAnswer(
  response: ServerResponse,
  unsent: UnsentAnswers,
  headers: Record<string, string>,
  answer: Answer,
): Promise<void> {
  unsent.add(answer.bytes);
  try {
    response.writeHead(200, { ...headers, 'Content-Type': 'application/json', 'Content-Length': answer.bytes });
    for (const { piece } of pieces(answer)) {
      if (response.destroyed) break;
      const taken = response.write(piece);
      if (!taken) {
        const drained = new Promise<void>((resolve) => {
          const done = () => {
            response.off('drain', done).off('close', done);
            resolve();
          };
          response.on('drain', done).on('close', done);
        });
        await unlessStalled(drained, () => response.destroy());
      }
    }
    if (!response.destroyed) response.end();
  } finally {
    unsent.remove(answer.bytes);
  }
}

/** One WebSocket connection's answers, sent one after the other (each may span several frames). */
export class WsAnswers {
  private queue: Answer[] = [];
  private queued = 0;
  private writing = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly unsent: UnsentAnswers,
  ) {}

  send(answer: Answer): void {
    this.queue.push(answer);
    this.queued += answer.bytes;
    this.unsent.add(answer.bytes);
    // Read no more requests from a client that has more than the limit of answers waiting for it.
    if (this.queued > this.unsent.limit) this.ws.pause();
    void this.flush();
  }

  /** The connection closed: nothing queued will be sent. */
  discard(): void {
    this.unsent.remove(this.queued);
    this.queue = [];
    this.queued = 0;
  }

  private async flush(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    while (this.queue.length > 0 && this.ws.readyState === this.ws.OPEN) {
      const answer = this.queue[0];
      await this.write(answer);
      if (this.queue[0] !== answer) break; // discarded meanwhile
      this.queue.shift();
      this.queued -= answer.bytes;
      this.unsent.remove(answer.bytes);
      if (this.queued <= this.unsent.limit) this.ws.resume();
    }
    this.writing = false;
  }

  /** One message in frames of a piece each (fin on the last), waiting whenever the socket holds too much. */
  private async write(answer: Answer): Promise<void> {
    for (const { piece, last } of pieces(answer)) {
      if (this.ws.readyState !== this.ws.OPEN) break;
      // Byte parts are UTF-8 text: sent as text frames like the strings.
      const taken = new Promise<void>((resolve) => this.ws.send(piece, { fin: last, binary: false }, () => resolve()));
      if (this.ws.bufferedAmount > wsHighWater) await unlessStalled(taken, () => this.ws.terminate());
    }
  }
}
