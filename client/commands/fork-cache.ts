// Clear Fork Cache: the upstream state and blocks the extension's fork nodes (Debug Trace on a remote node)
// keep in its global storage, so that a second debug run of a transaction needs no upstream request.
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import type { CommandFactory } from './command';

/** The folder the extension's fork nodes keep their cache in (`evm-tracer node --cache-dir`). */
export function forkCacheFolder(ctx: Ctx): string {
  return join(ctx.extension.globalStorageUri.fsPath, 'fork-cache');
}

/** Resolves with the bytes cleared. */
export const clearForkCache: CommandFactory = (ctx) => async (): Promise<number> => {
  const { cacheInfo, clearCache } = await import('../../runtime/state/fork-cache');
  const root = forkCacheFolder(ctx);
  const { bytes } = await cacheInfo(root);
  await clearCache(root);
  ctx.log.info(`fork cache cleared (${bytes} bytes)`);
  void vscode.window.showInformationMessage(`EVM Tracer: fork cache cleared (${(bytes / 1024 / 1024).toFixed(1)} MiB).`);
  return bytes;
};
