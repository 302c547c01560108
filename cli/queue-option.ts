// --queue, as `trace range` (submitting a fleet run) and `worker` (serving one) take it.
import { parseQueueUrl, redisPasswordVariable, type QueueAddress } from '../core/range/fleet/queue-url';
import { UsageError, type OptionSpec } from './command-line';

export const queueOption = {
  type: 'string',
  value: 'URL',
  help: `a fleet's Redis, redis://HOST:PORT[/DB] or rediss://… (TLS); its password in
${redisPasswordVariable}, never in the URL`,
} as const satisfies OptionSpec;

/** --queue checked: a usage error says what is wrong with it. */
export function queueAddress(text: string): QueueAddress {
  try {
    return parseQueueUrl(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
