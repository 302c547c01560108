// --queue redis://HOST:PORT[/DB] or rediss://… (TLS): where a fleet's queue lives. A password never comes on
// the command line, where the process list, shell history and service units show it: a URL holding one is
// refused, and the password (with an ACL user name, if any) is read from the environment.
import type { RedisOptions } from 'bullmq';

export const redisPasswordVariable = 'EVM_TRACER_REDIS_PASSWORD';
const redisUserVariable = 'EVM_TRACER_REDIS_USERNAME';

export interface QueueAddress {
  /** What is shown: scheme, host, port and database, nothing secret. */
  shown: string;
  connection: RedisOptions;
}

export function parseQueueUrl(text: string, env: NodeJS.ProcessEnv = process.env): QueueAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--queue '${text.replace(/\/\/[^@/]*@/, '//****@')}' is not a URL: give redis://HOST:PORT or rediss://HOST:PORT`);
  }
  const tls = url.protocol === 'rediss:';
  if (!tls && url.protocol !== 'redis:') throw new Error(`--queue: ${url.protocol} is not redis: or rediss: (TLS)`);
  if (url.password !== '' || url.username !== '')
    throw new Error(
      `--queue: the URL holds a user or password, which the process list and shell history would show: ` +
        `give redis://HOST:PORT and the password in ${redisPasswordVariable} (the user, if any, in ${redisUserVariable})`,
    );
  const db = url.pathname === '' || url.pathname === '/' ? 0 : /^\/\d{1,2}$/.test(url.pathname) ? Number(url.pathname.slice(1)) : NaN;
  if (!Number.isInteger(db)) throw new Error(`--queue: '${url.pathname}' is not a database number (redis://HOST:PORT/N)`);
  if (url.search !== '' || url.hash !== '') throw new Error('--queue: the URL takes no query or fragment');
  const port = url.port === '' ? 6379 : Number(url.port);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    shown: `${url.protocol}//${url.host}${db === 0 ? '' : `/${db}`}`,
    connection: {
      host,
      port,
      db,
      password: env[redisPasswordVariable] || undefined,
      username: env[redisUserVariable] || undefined,
      tls: tls ? { servername: host } : undefined,
      // BullMQ's workers block on Redis: a command waits through reconnections rather than failing.
      maxRetriesPerRequest: null,
    },
  };
}
