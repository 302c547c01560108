// Debian's redis-server for the fleet tests: on a free loopback port, its data in a temporary folder with
// append-only persistence (so that a restart keeps the queue), a password required. `restart` stops it
// (SHUTDOWN saves) and starts it again on the same port with the same data; `entries` reads every key and
// value, whatever its type, for the check that nothing secret is stored.
import { createConnection } from 'node:net';
import Redis from 'ioredis';
import { redisBinary } from '../../setup/reference-nodes.mjs';
import { freePort, inTempDir, spawnWatched, waitUntilReady, type WatchedProcess } from '../nodes/process';

export interface RunningRedis {
  port: number;
  url: string;
  password: string;
  pid(): number;
  restart(): Promise<void>;
  /** Every key with its value as text. */
  entries(): Promise<Array<[string, string]>>;
  stop(): Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export function startRedis(password: string): Promise<RunningRedis> {
  return inTempDir('evm-tracer-redis-', async (dir) => {
    const port = await freePort();
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--requirepass',
      password,
    ];
    let server: WatchedProcess;
    const start = async () => {
      server = spawnWatched(redisBinary, args);
      await waitUntilReady('redis-server', server, () => accepts(port), 30_000);
    };
    await start();
    const client = () => new Redis({ port, host: '127.0.0.1', password, lazyConnect: true, maxRetriesPerRequest: 1 });
    return {
      port,
      url: `redis://127.0.0.1:${port}`,
      password,
      pid: () => server.pid,
      restart: async () => {
        await server.stop();
        await start();
      },
      entries: async () => {
        const redis = client();
        try {
          const entries: Array<[string, string]> = [];
          for (const key of await redis.keys('*')) {
            const type = await redis.type(key);
            const value =
              type === 'string'
                ? await redis.get(key)
                : type === 'hash'
                  ? await redis.hgetall(key)
                  : type === 'list'
                    ? await redis.lrange(key, 0, -1)
                    : type === 'set'
                      ? await redis.smembers(key)
                      : type === 'zset'
                        ? await redis.zrange(key, 0, -1, 'WITHSCORES')
                        : type === 'stream'
                          ? await redis.xrange(key, '-', '+')
                          : `(${type})`;
            entries.push([key, JSON.stringify(value)]);
          }
          return entries;
        } finally {
          redis.disconnect();
        }
      },
      stop: () => server.stop(),
    };
  });
}
