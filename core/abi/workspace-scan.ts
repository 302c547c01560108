// Node side: finds ABI files in a folder tree: JSON under `artifacts/` (Hardhat) or `out/` (Foundry), and
// any `*.abi.json`. Skips node_modules, hidden folders and symbolic links; caps file size, file count and
// depth so that a huge or hostile workspace cannot stall the caller.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { AbiFileText } from './load';

interface ScanLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxDepth: number;
}

const DEFAULT_SCAN_LIMITS: ScanLimits = { maxFileBytes: 8 * 1024 * 1024, maxFiles: 4000, maxDepth: 12 };

interface ScanResult {
  files: AbiFileText[];
  /** Files left out, with why (too large, unreadable, the file cap reached). */
  skipped: string[];
}

function isAbiCandidate(relativePath: string): boolean {
  if (!relativePath.endsWith('.json')) return false;
  if (relativePath.endsWith('.abi.json')) return true;
  const parts = relativePath.split(sep);
  // Hardhat's debug and build-info files are large and hold no ABI.
  if (relativePath.endsWith('.dbg.json') || parts.includes('build-info')) return false;
  return parts.slice(0, -1).some((part) => part === 'artifacts' || part === 'out');
}

export async function scanAbiFiles(root: string, limits: ScanLimits = DEFAULT_SCAN_LIMITS): Promise<ScanResult> {
  const result: ScanResult = { files: [], skipped: [] };
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > limits.maxDepth) return;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable folder: nothing to scan there
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (result.files.length >= limits.maxFiles) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
        await walk(path, depth + 1);
      } else if (entry.isFile() && isAbiCandidate(relative(root, path))) {
        await readCandidate(path, relative(root, path));
      }
    }
  };
  const readCandidate = async (path: string, name: string): Promise<void> => {
    try {
      const { size } = await stat(path);
      if (size > limits.maxFileBytes) {
        result.skipped.push(`${name}: ${size} bytes, over the ${limits.maxFileBytes}-byte cap`);
        return;
      }
      result.files.push({ file: name, text: await readFile(path, 'utf8') });
      if (result.files.length === limits.maxFiles) result.skipped.push(`stopped at ${limits.maxFiles} files`);
    } catch (error) {
      result.skipped.push(`${name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
  await walk(root, 0);
  return result;
}
