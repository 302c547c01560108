// A certificate authority made for one test run with openssl, and a server certificate it signs for
// 127.0.0.1 and localhost: the CLI and the extension's VS Code tests trust the CA through
// NODE_EXTRA_CA_CERTS, as a user of a provider with a private CA would. Plain JavaScript (types in
// test-ca.d.mts): the VS Code test configuration (.vscode-test.mjs) makes one before code-server starts.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { opensslBinary } from '../../setup/reference-nodes.mjs';

/** Runs openssl; its output is returned, a failure throws with its stderr. */
export const openssl = (args, input) => execFileSync(opensslBinary, args, { input, stdio: ['pipe', 'pipe', 'pipe'], encoding: 'utf8' });
const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

/** The files of the test CA made in `dir` by makeTestCa. */
export function testCaIn(dir) {
  return { caFile: join(dir, 'ca.pem'), certFile: join(dir, 'server.pem'), keyFile: join(dir, 'server.key') };
}

/** Writes ca.pem, server.pem and server.key into `dir`. */
export function makeTestCa(dir) {
  const file = (name) => join(dir, name);
  // A unique subject: OpenSSL finds an issuer by name, so two test CAs must not share one.
  openssl([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    `/CN=evm-tracer test CA ${randomUUID()}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(['req', '-new', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1']);
  writeFileSync(
    file('server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  openssl([
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
  ]);
  return testCaIn(dir);
}
