// Who a request comes from, for sharing trace slots and bounding connections: the remote address and the
// credentials it presented (the access-key path segment, the Authorization header), never the connection,
// since one process can open as many connections as it likes. Credentials enter only as a digest.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A string that is the same for every request of one client. */
export function clientIdentity(request: IncomingMessage, keyed: boolean): string {
  const path = (request.url ?? '/').split('?')[0];
  const key = keyed ? (path.split('/')[1] ?? '') : '';
  const credentials = createHash('sha256')
    .update(`${key}\n${request.headers.authorization ?? ''}`)
    .digest('base64url')
    .slice(0, 16);
  return `${request.socket.remoteAddress ?? 'unknown'} ${credentials}`;
}

/** Counts open connections per remote address; `admit` refuses one beyond `max` for its address. */
export class ConnectionsPerAddress {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Whether a new connection from `address` is admitted; an admitted one must be `release`d when it closes. */
  admit(address: string): boolean {
    const count = this.open.get(address) ?? 0;
    if (count >= this.max) return false;
    this.open.set(address, count + 1);
    return true;
  }

  release(address: string): void {
    const count = (this.open.get(address) ?? 1) - 1;
    if (count > 0) this.open.set(address, count);
    else this.open.delete(address);
  }
}
