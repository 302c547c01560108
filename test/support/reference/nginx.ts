// Debian's nginx as the provider in front of a real node, the way hosted endpoints are set up: HTTPS and
// WSS with a certificate from a CA made for the run, one server block that wants the access key as the
// first path segment (https://127.0.0.1:P/KEY/ext/bc/C/rpc) and one that wants HTTP Basic (htpasswd).
// Run as the current user from a temp folder (-p DIR -c FILE, daemon off), stopped by the test.
import { connect } from 'node:net';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nginxBinary } from '../../setup/reference-nodes.mjs';
import { freePort, inTempDir, spawnWatched, waitUntilReady, type WatchedProcess } from '../nodes/process';
import { makeTestCa, openssl, type TestCa } from './test-ca.mjs';

/**
 * Which paths are served. avalanche: avalanchego's /ext/bc/C/rpc, /ext/bc/C/ws and /ext/bc/X, passed on
 * as they are; geth: /rpc, passed to the node's root, where geth answers HTTP and WebSocket alike.
 */
export type ProviderLayout = 'avalanche' | 'geth';

export const providerPaths: Record<ProviderLayout, Record<string, string>> = {
  avalanche: { '/ext/bc/C/rpc': '/ext/bc/C/rpc', '/ext/bc/C/ws': '/ext/bc/C/ws', '/ext/bc/X': '/ext/bc/X' },
  geth: { '/rpc': '/' },
};

export interface NginxProviderOptions {
  /** The node's base URL, http://127.0.0.1:PORT. */
  upstream: string;
  layout: ProviderLayout;
  key: string;
  basic: { username: string; password: string };
  /** A CA made beforehand (one the client was told to trust before it started); else one is made here. */
  tls?: TestCa;
}

export interface NginxProvider {
  /** https://127.0.0.1:P, where every path starts with /KEY. */
  keyBase: string;
  /** https://127.0.0.1:P2, where every request needs the Basic credentials. */
  basicBase: string;
  /** The CA that signed the servers' certificate (for NODE_EXTRA_CA_CERTS or a client's `ca`). */
  caFile: string;
  /** The nginx master process. */
  pid: number;
  stop(): Promise<void>;
}

/** What nginx may see unquoted in a location path. */
const safeSegment = /^[A-Za-z0-9._~-]+$/;

function htpasswdLine(username: string, password: string): string {
  if (!safeSegment.test(username)) throw new Error(`user name '${username}' does not fit an htpasswd line`);
  // SHA-256 crypt, which nginx checks with crypt(3); the password goes through stdin, never argv.
  return `${username}:${openssl(['passwd', '-5', '-stdin'], `${password}\n`).trim()}\n`;
}

function locations(options: NginxProviderOptions, prefix: string): string {
  return Object.entries(providerPaths[options.layout])
    .map(([path, upstreamPath]) => `    location = ${prefix}${path} { proxy_pass ${options.upstream}${upstreamPath}; }`)
    .join('\n');
}

function config(
  dir: string,
  ports: { key: number; basic: number },
  options: NginxProviderOptions,
  tls: { certFile: string; keyFile: string },
): string {
  const basicAuth = `auth_basic "evm-tracer test provider"; auth_basic_user_file ${join(dir, 'htpasswd')};`;
  return `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
${process.getuid?.() === 0 ? '# Workers would otherwise run as nobody, who cannot enter the temp folder.\nuser root;' : ''}
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  client_max_body_size 8m;
  ssl_certificate ${tls.certFile};
  ssl_certificate_key ${tls.keyFile};
  proxy_http_version 1.1;
  proxy_read_timeout 300s;
  proxy_set_header Upgrade $http_upgrade;
  proxy_set_header Connection $connection_upgrade;
  # The node never sees the user's credentials.
  proxy_set_header Authorization "";
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }

  server {
    listen 127.0.0.1:${ports.key} ssl;
${locations(options, `/${options.key}`)}
    location / { return 404; }
  }
  server {
    listen 127.0.0.1:${ports.basic} ssl;
    ${basicAuth}
${locations(options, '')}
    location / { return 404; }
  }
}
`;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function startNginxProvider(options: NginxProviderOptions): Promise<NginxProvider> {
  if (!safeSegment.test(options.key)) throw new Error('the access key must be URL-safe characters only');
  return inTempDir('evm-tracer-nginx-', async (dir) => {
    const tls = options.tls ?? makeTestCa(dir);
    writeFileSync(join(dir, 'htpasswd'), htpasswdLine(options.basic.username, options.basic.password));
    // The ports are picked free just before nginx binds them: another process may take one in between.
    for (let attempt = 1; ; attempt++) {
      const ports = { key: await freePort(), basic: await freePort() };
      writeFileSync(join(dir, 'nginx.conf'), config(dir, ports, options, tls));
      const nginx: WatchedProcess = spawnWatched(nginxBinary, ['-p', dir, '-e', 'stderr', '-c', join(dir, 'nginx.conf')]);
      try {
        // nginx writes its pid file once it holds its ports (a port held by another process fails before).
        const listening = async () => existsSync(join(dir, 'nginx.pid')) && (await accepts(ports.key)) && accepts(ports.basic);
        await waitUntilReady('nginx', nginx, listening, 30_000);
      } catch (error) {
        if (attempt < 3 && /Address already in use/.test(nginx.output())) continue;
        throw error;
      }
      return {
        keyBase: `https://127.0.0.1:${ports.key}`,
        basicBase: `https://127.0.0.1:${ports.basic}`,
        caFile: tls.caFile,
        pid: nginx.pid,
        stop: nginx.stop,
      };
    }
  });
}
