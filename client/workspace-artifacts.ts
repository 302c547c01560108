// The workspace's contract artifacts (Hardhat `artifacts/`, Foundry `out/`, `*.abi.json`), found with
// core/abi's bounded scanner, for the call builder's `to`/`data` and Deploy Contract.
import * as vscode from 'vscode';
import { artifactContracts, type ContractInfo } from '../core/chain/contracts';

export async function workspaceArtifacts(log: vscode.LogOutputChannel): Promise<ContractInfo[]> {
  const { scanAbiFiles } = await import('../core/abi/workspace-scan');
  const found: ContractInfo[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    const scan = await scanAbiFiles(folder.uri.fsPath);
    for (const skipped of scan.skipped) log.debug(`artifact scan of ${folder.name}: skipped ${skipped}`);
    found.push(...artifactContracts(scan.files));
  }
  return found;
}
