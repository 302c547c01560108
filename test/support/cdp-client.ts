// A raw Chrome DevTools Protocol client over WebSocket (the `ws` package), as a debugger talks to a debug
// run's trace worker: commands with their answers, events in arrival order, scripts by id.
import { createServer, type AddressInfo } from 'node:net';
import { WebSocket } from 'ws';

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
}

export interface PausedFrame {
  callFrameId: string;
  functionName: string;
  location: { scriptId: string; lineNumber: number; columnNumber: number };
}

export class CdpClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly events: CdpEvent[] = [];
  private readonly waiters: Array<{ method: string; resolve(event: CdpEvent): void }> = [];
  /** scriptId → URL, from Debugger.scriptParsed. */
  readonly scripts = new Map<string, string>();

  private constructor(private readonly socket: WebSocket) {
    // The worker went away (e.g. killed at a time-out): nothing pending will be answered.
    socket.on('close', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('the debug target closed the connection'));
      this.pending.clear();
    });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
        method?: string;
        params?: Record<string, unknown>;
      };
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result);
        return;
      }
      const event = { method: message.method!, params: message.params ?? {} };
      if (event.method === 'Debugger.scriptParsed') this.scripts.set(String(event.params.scriptId), String(event.params.url));
      const at = this.waiters.findIndex((w) => w.method === event.method);
      if (at >= 0) this.waiters.splice(at, 1)[0].resolve(event);
      else this.events.push(event);
    });
  }

  static connect(url: string): Promise<CdpClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(new CdpClient(socket)));
      socket.once('error', reject);
    });
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
  }

  /** The next `method` event (one that already arrived first), failing after `ms`. */
  next(method: string, ms = 30_000): Promise<CdpEvent> {
    const at = this.events.findIndex((e) => e.method === method);
    if (at >= 0) return Promise.resolve(this.events.splice(at, 1)[0]);
    return new Promise((resolve, reject) => {
      const waiter = { method, resolve: (event: CdpEvent) => (clearTimeout(timer), resolve(event)) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${method} within ${ms} ms`));
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** The top frame of the next pause. */
  async paused(): Promise<PausedFrame> {
    const event = await this.next('Debugger.paused');
    return (event.params.callFrames as PausedFrame[])[0];
  }

  /** `expression` evaluated on a paused frame: its value (primitives) or description. */
  async evaluate(frame: PausedFrame, expression: string): Promise<unknown> {
    const { result, exceptionDetails } = await this.send<{ result: { value?: unknown; description?: string }; exceptionDetails?: unknown }>(
      'Debugger.evaluateOnCallFrame',
      { callFrameId: frame.callFrameId, expression },
    );
    if (exceptionDetails) throw new Error(`${expression} threw: ${result.description}`);
    return 'value' in result ? result.value : result.description;
  }

  /** What a debugger lists for `expression` on a paused frame, as VS Code's does: its
   * `Symbol.for('debug.properties')` called with side effects forbidden, then that object's own properties
   * (primitives by value, objects by their description). */
  async debugProperties(frame: PausedFrame, expression: string): Promise<Record<string, unknown>> {
    type Remote = { objectId?: string; value?: unknown; description?: string; type: string };
    const target = await this.send<{ result: Remote }>('Debugger.evaluateOnCallFrame', { callFrameId: frame.callFrameId, expression });
    // The symbol is looked up first, as js-debug does: Symbol.for itself counts as a side effect.
    const symbol = await this.send<{ result: Remote }>('Debugger.evaluateOnCallFrame', {
      callFrameId: frame.callFrameId,
      expression: "Symbol.for('debug.properties')",
    });
    const listing = await this.send<{ result: Remote; exceptionDetails?: { exception?: Remote } }>('Runtime.callFunctionOn', {
      functionDeclaration: 'function (symbol) { return this[symbol](); }',
      objectId: target.result.objectId,
      arguments: [{ objectId: symbol.result.objectId, value: symbol.result.objectId ? undefined : symbol.result.value }],
      throwOnSideEffect: true,
    });
    if (listing.exceptionDetails)
      throw new Error(`${expression}'s debug.properties threw: ${listing.exceptionDetails.exception?.description}`);
    const { result } = await this.send<{ result: Array<{ name: string; value?: Remote }> }>('Runtime.getProperties', {
      objectId: listing.result.objectId,
      ownProperties: true,
    });
    const out: Record<string, unknown> = {};
    for (const { name, value } of result)
      out[name] = value && ('value' in value || value.type === 'undefined' ? value.value : value.description);
    return out;
  }

  close(): void {
    this.socket.close();
  }
}

/** A port free on 127.0.0.1 now, for a debug run's inspector. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** As a debugger attaching by port (js-debug does): the worker's target list, polled until its inspector
 * listens (at most ~30 s). */
export async function connectWhenListening(port: number): Promise<CdpClient> {
  for (let attempt = 0; ; attempt++) {
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
      return await CdpClient.connect(targets[0].webSocketDebuggerUrl);
    } catch (error) {
      if (attempt > 600) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
