import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cChainUrl,
  credentialedUrl,
  dialUrl,
  displayUrl,
  keysInUrl,
  maskSecrets,
  parseNetwork,
  postUrl,
  splitCredentials,
  xChainUrl,
  xChainUrlFromCChain,
} from '../../core/rpc/endpoint';

const key = 'k3y-S3cr3t-9f8e7d';

test('a provider base gets avalanchego paths; local http URLs stay as given', () => {
  assert.equal(cChainUrl('https://api.example.com'), 'https://api.example.com/ext/bc/C/rpc');
  assert.equal(cChainUrl('wss://api.example.com'), 'wss://api.example.com/ext/bc/C/ws');
  assert.equal(cChainUrl('api.example.com'), 'https://api.example.com/ext/bc/C/rpc');
  assert.equal(cChainUrl('http://127.0.0.1:8545'), 'http://127.0.0.1:8545/');
  assert.equal(cChainUrl('https://h.example/custom/rpc'), 'https://h.example/custom/rpc');
  assert.throws(() => cChainUrl('ftp://h.example'), /unsupported URL scheme 'ftp:'/);
});

test('a bare X-Chain host means https on the default port with /ext/bc/X', () => {
  assert.equal(xChainUrl('api.example.com'), 'https://api.example.com/ext/bc/X');
  assert.equal(xChainUrl('http://127.0.0.1:9650'), 'http://127.0.0.1:9650/ext/bc/X');
  assert.equal(xChainUrlFromCChain('wss://api.example.com:444/ext/bc/C/ws'), 'https://api.example.com:444/ext/bc/X');
  assert.throws(() => xChainUrl('wss://api.example.com'), /X-Chain is reached over http\(s\)/);
});

test('the key goes in as the first path segment and is masked for display', () => {
  const endpoint = { name: 'p', url: 'https://api.example.com/ext/bc/C/rpc', auth: { kind: 'key' as const, key } };
  assert.equal(dialUrl(endpoint.url, endpoint.auth), `https://api.example.com/${key}/ext/bc/C/rpc`);
  assert.equal(displayUrl(endpoint), 'https://api.example.com/****/ext/bc/C/rpc');
  assert.equal(
    maskSecrets(`failed at https://api.example.com/${key}/ext and ${encodeURIComponent(key)}`, endpoint),
    'failed at https://api.example.com/****/ext and ****',
  );
});

test('credentials typed into a URL are split out, so they are masked too', () => {
  assert.deepEqual(splitCredentials(`https://api.example.com/${key}/ext/bc/C/rpc`), {
    url: 'https://api.example.com/ext/bc/C/rpc',
    auth: { kind: 'key', key },
  });
  assert.deepEqual(splitCredentials('https://alice:pa55%40word@h.example/ext/bc/C/rpc'), {
    url: 'https://h.example/ext/bc/C/rpc',
    auth: { kind: 'basic', username: 'alice', password: 'pa55@word' },
  });
  const basic = { auth: { kind: 'basic' as const, username: 'alice', password: 'pa55@word' } };
  const header = Buffer.from('alice:pa55@word').toString('base64');
  assert.equal(maskSecrets(`pw pa55@word enc pa55%40word hdr ${header}`, basic), 'pw **** enc **** hdr ****');
});

test('a {key} placeholder in front of /ext/ says where the key goes: it is no key, and stays readable', () => {
  for (const typed of ['https://h.example/{key}/ext/bc/C/rpc', 'https://h.example/%7Bkey%7D/ext/bc/C/rpc']) {
    assert.deepEqual(splitCredentials(typed), { url: 'https://h.example/{key}/ext/bc/C/rpc', auth: undefined });
  }
  assert.equal(dialUrl(splitCredentials('https://h.example/v2/{key}').url, { kind: 'key', key }), `https://h.example/v2/${key}`);
  assert.equal(
    dialUrl(splitCredentials('https://h.example/{key}/ext/bc/C/rpc').url, { kind: 'key', key }),
    `https://h.example/${key}/ext/bc/C/rpc`,
  );
});

test('networks by name, id or any', () => {
  assert.equal(parseNetwork('mainnet'), 43114);
  assert.equal(parseNetwork('fuji'), 43113);
  assert.equal(parseNetwork('local'), 43112);
  assert.equal(parseNetwork('0xa86a'), 43114);
  assert.equal(parseNetwork('any'), undefined);
  assert.throws(() => parseNetwork('moon'), /unknown network 'moon'/);
});

test('a key given with --key goes where the URL has {key}, stays where the URL already has it, else goes first', () => {
  const auth = { kind: 'key' as const, key };
  assert.equal(dialUrl('https://h.example/v1/{key}/rpc', auth), `https://h.example/v1/${key}/rpc`);
  assert.equal(dialUrl(cChainUrl('https://h.example/v1/{key}/rpc'), auth), `https://h.example/v1/${key}/rpc`);
  assert.equal(dialUrl(`https://h.example/v1/${key}/rpc`, auth), `https://h.example/v1/${key}/rpc`);
  assert.equal(dialUrl('https://h.example/ext/bc/C/rpc', auth), `https://h.example/${key}/ext/bc/C/rpc`);
  const endpoint = { name: 'p', url: `https://h.example/v1/${key}/rpc`, auth };
  assert.equal(displayUrl(endpoint), 'https://h.example/v1/****/rpc');
  assert.equal(displayUrl({ ...endpoint, url: 'https://h.example/v1/{key}/rpc' }), 'https://h.example/v1/****/rpc');
});

test('a key pasted into a URL without --key is masked when it looks like one; public segments and words are not', () => {
  const pasted = '9f8e7d6c5b4a39281706f5e4d3c2b1a0';
  assert.deepEqual(keysInUrl(`https://h.example/v3/${pasted}`), [pasted]);
  assert.deepEqual(keysInUrl(`https://rpc.example/avalanche/${pasted}/ext/bc/C/rpc`), [pasted]);
  assert.deepEqual(keysInUrl('https://api.example.com/ext/bc/C/rpc'), []);
  assert.deepEqual(keysInUrl('https://h.example/avalanche-mainnet/rpc?apikey=short1&x=1'), ['short1']);
  const endpoint = { name: 'p', url: `https://h.example/v3/${pasted}`, auth: { kind: 'none' as const } };
  assert.equal(displayUrl(endpoint), 'https://h.example/v3/****');
  assert.equal(
    maskSecrets(`HTTP 502: <p>https://h.example/v3/${pasted} failed</p>`, endpoint),
    'HTTP 502: <p>https://h.example/v3/**** failed</p>',
  );
});

test('an error page that echoes the URL HTML-escaped or percent-encoded shows no key', () => {
  const odd = 'k&y<1>"2\'x';
  const endpoint = { auth: { kind: 'key' as const, key: odd } };
  const escaped = odd.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  assert.equal(maskSecrets(`<p>/v1/${escaped}/rpc</p> /v1/${encodeURIComponent(odd)}/rpc`, endpoint), '<p>/v1/****/rpc</p> /v1/****/rpc');
});

test('a credentialed URL (what a debug fork reads from its environment) carries the key or the Basic credentials', () => {
  assert.equal(credentialedUrl('https://h.example/ext/bc/C/rpc', { kind: 'key', key: 'k3y' }), 'https://h.example/k3y/ext/bc/C/rpc');
  assert.equal(
    credentialedUrl('https://h.example/ext/bc/C/rpc', { kind: 'basic', username: 'al ice', password: 'p@ss:w/rd' }),
    'https://al%20ice:p%40ss%3Aw%2Frd@h.example/ext/bc/C/rpc',
  );
  assert.equal(credentialedUrl('http://127.0.0.1:9650/ext/bc/C/rpc', { kind: 'none' }), 'http://127.0.0.1:9650/ext/bc/C/rpc');
  const parsed = new URL(credentialedUrl('https://h.example/', { kind: 'basic', username: 'al ice', password: 'p@ss:w/rd' }));
  assert.deepEqual([decodeURIComponent(parsed.username), decodeURIComponent(parsed.password)], ['al ice', 'p@ss:w/rd']);
});

test('the POST URL of a WebSocket node: https beside wss, /ext/bc/C/rpc beside /ext/bc/C/ws; http(s) URLs as given', () => {
  assert.equal(postUrl('wss://h.example/k3y/ext/bc/C/ws'), 'https://h.example/k3y/ext/bc/C/rpc');
  assert.equal(postUrl('ws://127.0.0.1:8545/'), 'http://127.0.0.1:8545/');
  assert.equal(postUrl('wss://h.example/v1/ws?x=1'), 'https://h.example/v1/ws?x=1');
  assert.equal(postUrl('https://h.example/ext/bc/C/rpc'), 'https://h.example/ext/bc/C/rpc');
});
