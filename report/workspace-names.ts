// Node side: the name table from the ABIs under some folders (workspace folders, --abi-dir), then the
// built-in signatures.
import { loadAbis } from '../core/abi/load';
import { nameTable, type NameTable } from '../core/abi/names';
import { scanAbiFiles } from '../core/abi/workspace-scan';

interface WorkspaceNames {
  names: NameTable;
  /** Files skipped or entries not understood, for a log or a warning. */
  problems: string[];
  fileCount: number;
}

export async function namesFromFolders(folders: string[]): Promise<WorkspaceNames> {
  const scans = await Promise.all(folders.map((folder) => scanAbiFiles(folder)));
  const loaded = loadAbis(scans.flatMap((scan) => scan.files));
  return {
    names: nameTable(loaded.entries.map((e) => e.entry)),
    problems: [...scans.flatMap((scan) => scan.skipped), ...loaded.problems],
    fileCount: scans.reduce((sum, scan) => sum + scan.files.length, 0),
  };
}
