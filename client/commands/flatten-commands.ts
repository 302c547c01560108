// Flatten Tracer and its variants: the one-line tracer, a JSON-RPC request body carrying it, or a curl
// command sending that body. Each is copied to the clipboard and shown read-only. Secrets never appear:
// the curl command has placeholders for the key and password.
import * as vscode from 'vscode';
import { dialUrl } from '../../core/rpc/endpoint';
import { METHOD_NAMES, tracerOptionsObject, type TraceTarget } from '../../core/trace/requests';
import { config } from '../config';
import type { Ctx } from '../ctx';
import { flattenWithServer } from '../flatten-with-server';
import { tracerBaseName, tracerUri } from '../tracer-files';
import { walkthroughStepDone } from '../walkthrough';
import type { CommandFactory } from './command';

interface FlattenArgs {
  uri?: string | vscode.Uri;
  /** Which request to build: tx (debug_traceTransaction), call or block. */
  kind?: TraceTarget['kind'];
}

const KEY_PLACEHOLDER = 'YOUR_ACCESS_KEY';
const PASSWORD_PLACEHOLDER = 'YOUR_PASSWORD';

/** The params before the tracer options, for the user to fill in: placeholders no node would take for a
 * real hash or address (a zero hash looks like one, and a node answers it with "not found"). */
const PLACEHOLDER_PARAMS: Record<TraceTarget['kind'], unknown[]> = {
  tx: ['<TRANSACTION_HASH>'],
  call: [{ from: '<FROM_ADDRESS>', to: '<TO_ADDRESS>', data: '<CALLDATA>' }, 'latest'],
  block: ['<BLOCK_HASH>'],
};

/** Languages of the generated documents: highlighted as JavaScript, JSON or shell, but none of those
 * languages' checkers runs on them (a bare object literal is no JavaScript program), and they wrap. */
const FLAT_LANGUAGE = 'evm-tracer-flat';
const REQUEST_LANGUAGE = 'evm-tracer-request';
const CURL_LANGUAGE = 'evm-tracer-curl';

async function flattened(ctx: Ctx, args: FlattenArgs | undefined): Promise<{ uri: vscode.Uri; code: string }> {
  const uri = tracerUri(args?.uri);
  return { uri, code: await flattenWithServer(await ctx.languageClient(), uri) };
}

async function deliver(ctx: Ctx, name: string, text: string, language: string, what: string): Promise<string> {
  await vscode.env.clipboard.writeText(text);
  await ctx.docs.show(name, text, language);
  void vscode.window.setStatusBarMessage(`EVM Tracer: ${what} copied to the clipboard`, 4000);
  walkthroughStepDone('flattened');
  return text;
}

async function chooseKind(args: FlattenArgs | undefined): Promise<TraceTarget['kind'] | undefined> {
  if (args?.kind) return args.kind;
  const picked = await vscode.window.showQuickPick(
    (Object.keys(METHOD_NAMES) as Array<TraceTarget['kind']>).map((target) => ({ label: METHOD_NAMES[target], target })),
    { title: 'Request for which method? (the hash, call and block are <PLACEHOLDERS> to fill in)' },
  );
  return picked?.target;
}

function requestBody(code: string, kind: TraceTarget['kind']): string {
  const options = tracerOptionsObject({ tracer: code, timeout: `${config.traceTimeoutSeconds()}s` });
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: METHOD_NAMES[kind], params: [...PLACEHOLDER_PARAMS[kind], options] });
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export const flatten: CommandFactory = (ctx) => async (args?: FlattenArgs) => {
  const { uri, code } = await flattened(ctx, args);
  return deliver(ctx, `${tracerBaseName(uri)}.flat.js`, code, FLAT_LANGUAGE, 'flattened tracer');
};

export const flattenAsRequest: CommandFactory = (ctx) => async (args?: FlattenArgs) => {
  const kind = await chooseKind(args);
  if (!kind) return undefined;
  const { uri, code } = await flattened(ctx, args);
  return deliver(ctx, `${tracerBaseName(uri)}.request.json`, requestBody(code, kind), REQUEST_LANGUAGE, 'JSON-RPC request body');
};

export const flattenAsCurl: CommandFactory = (ctx) => async (args?: FlattenArgs) => {
  const kind = await chooseKind(args);
  if (!kind) return undefined;
  const { uri, code } = await flattened(ctx, args);
  const node = ctx.nodes.selected();
  const url = ctx.nodes.isLocal(node) ? (await ctx.localNode.ensure()).url : node.url;
  const parts = ['curl', '-sS', '-X', 'POST', '-H', shellQuote('Content-Type: application/json')];
  if (node.auth === 'basic') parts.push('-u', shellQuote(`${node.username ?? ''}:${PASSWORD_PLACEHOLDER}`));
  parts.push('--data', shellQuote(requestBody(code, kind)));
  parts.push(shellQuote(node.auth === 'key' ? dialUrl(url, { kind: 'key', key: KEY_PLACEHOLDER }) : url));
  return deliver(ctx, `${tracerBaseName(uri)}.curl.sh`, parts.join(' '), CURL_LANGUAGE, 'curl command');
};
