// The fleet's limit on upstream requests, held in the run's Redis so that it holds for all workers together:
// a counter per second of Redis's own clock (so the machines' clocks do not matter), the fixed-window counting
// BullMQ's limiter does for jobs, here per request, since one job (a chunk) makes many requests. The submitter
// sets the limit (`--max-requests-per-second`); each worker reads it live, every request, so a new submission
// can change it for the workers already running.
import Redis, { type RedisOptions } from 'ioredis';

const limitKey = (queue: string) => `evm-tracer:${queue}:requests-per-second`;

/** Returns 0 when the request may go now, else the milliseconds to the next second's window. */
const takeScript = `
local limit = tonumber(redis.call('GET', KEYS[1]))
if not limit then return 0 end
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local window = KEYS[2] .. ':' .. math.floor(ms / 1000)
local count = redis.call('INCR', window)
if count == 1 then redis.call('PEXPIRE', window, 2000) end
if count <= limit then return 0 end
return 1000 - (ms % 1000)
`;

/** Sets (or, with undefined, removes) the run's limit. */
export async function setSharedRate(connection: RedisOptions, queue: string, perSecond: number | undefined): Promise<void> {
  const redis = new Redis({ ...connection, lazyConnect: true });
  try {
    await (perSecond === undefined ? redis.del(limitKey(queue)) : redis.set(limitKey(queue), String(perSecond)));
  } finally {
    redis.disconnect();
  }
}

export interface SharedRate {
  /** Resolves when one more request may be sent. */
  take(): Promise<void>;
  close(): void;
}

/** The run's limit, or undefined when the run has none (then requests go through unasked). */
export async function sharedRate(connection: RedisOptions, queue: string): Promise<SharedRate | undefined> {
  const redis = new Redis(connection);
  if ((await redis.exists(limitKey(queue))) === 0) {
    redis.disconnect();
    return undefined;
  }
  return {
    take: async () => {
      for (;;) {
        const waitMs = Number(await redis.eval(takeScript, 2, limitKey(queue), `evm-tracer:${queue}:requests`));
        if (waitMs <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    },
    close: () => redis.disconnect(),
  };
}
