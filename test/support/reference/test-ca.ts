// A certificate authority made for one test run with openssl, and a server certificate it signs for
// 127.0.0.1 and localhost: the CLI trusts the CA through NODE_EXTRA_CA_CERTS, as a user of a provider with
// a private CA would.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { opensslBinary } from '../../setup/reference-nodes.mjs';

export interface TestCa {
  /** The CA certificate (PEM), for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** The server's certificate and key (PEM). */
  certFile: string;
  keyFile: string;
}

/** Runs openssl; its output is returned, a failure throws with its stderr. */
export const openssl = (args: string[], input?: string) => execFileSync(opensslBinary, args, { input, stdio: ['pipe', 'pipe', 'pipe'], encoding: 'utf8' });
const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

/** Writes ca.pem, server.pem and server.key into `dir`. */
export function makeTestCa(dir: string): TestCa {
  const file = (name: string) => join(dir, name);
  // A unique subject: OpenSSL finds an issuer by name, so two test CAs must not share one.
  openssl(['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', `/CN=evm-tracer test CA ${randomUUID()}`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  openssl(['req', '-new', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1']);
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n');
  openssl(['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
    '-out', file('server.pem'), '-days', '2', '-extfile', file('server.ext')]);
  return { caFile: file('ca.pem'), certFile: file('server.pem'), keyFile: file('server.key') };
}

