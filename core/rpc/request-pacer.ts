// Politeness towards a node: at most `perSecond` requests started a second, evenly spaced (no bursts), and at
// most `concurrent` under way at once; requests beyond either wait their turn in order. A retry is a request
// like any other. One pacer stands for one node, shared by everything in the process that asks it.
import type { RpcClient } from './client';

export interface PaceLimits {
  perSecond?: number;
  concurrent?: number;
}

export class RequestPacer {
  private nextStart = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: PaceLimits) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.turn();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private async turn(): Promise<void> {
    const { concurrent } = this.limits;
    // A slot freed is handed straight to the first waiting (release), so `running` never dips in between.
    if (concurrent !== undefined && this.running >= concurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    const wait = this.startDelay();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** How long the next request waits for its start, its start reserved. */
  private startDelay(): number {
    if (this.limits.perSecond === undefined) return 0;
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + 1000 / this.limits.perSecond;
    return start - now;
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

/** `client` with every request sent through `around` (a pacer's run, a count). */
export function aroundRequests(client: RpcClient, around: <T>(send: () => Promise<T>) => Promise<T>): RpcClient {
  return {
    where: client.where,
    request: (method, params, options) => around(() => client.request(method, params, options)),
    shown: (foreign, limit) => client.shown(foreign, limit),
    close: () => client.close(),
  };
}
