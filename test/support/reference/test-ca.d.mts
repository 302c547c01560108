// Types for test-ca.mjs.
export interface TestCa {
  /** The CA certificate (PEM), for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** The server's certificate and key (PEM). */
  certFile: string;
  keyFile: string;
}
/** Runs openssl; its output is returned, a failure throws with its stderr. */
export declare function openssl(args: string[], input?: string): string;
/** The files of the test CA made in `dir` by makeTestCa. */
export declare function testCaIn(dir: string): TestCa;
/** Writes ca.pem, server.pem and server.key into `dir`. */
export declare function makeTestCa(dir: string): TestCa;
