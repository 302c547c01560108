// Starts code-server (VS Code's server + web workbench) on Node 24 in a private folder: its own user
// data (quiet settings), extensions, TMPDIR and a copy of the fixture workspace, on 127.0.0.1 with a
// port the OS picks. `stop()` ends its whole process group and deletes the folder.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyFixtureWorkspace } from './fixture-workspace.mjs';
import { killGroup } from './process-group.mjs';
import { codeServerEntry, node24, repoRoot } from './tools.mjs';

const logsDir = join(repoRoot, 'test-artifacts/vscode-logs');

/** User settings that keep the workbench quiet and offline: no AI agents, welcome page, telemetry or trust prompt. */
const quietSettings = {
  'chat.disableAIFeatures': true,
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'telemetry.telemetryLevel': 'off',
  'security.workspace.trust.enabled': false,
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'window.restoreWindows': 'none',
};

function makeHome(label, folder) {
  const home = mkdtempSync(join(tmpdir(), `evm-tracer-${label}-`));
  const paths = {
    home,
    userDataDir: join(home, 'user-data'),
    extensionsDir: join(home, 'extensions'),
    tmp: join(home, 'tmp'),
    workspace: folder ?? join(home, 'workspace'),
    logFile: join(home, 'code-server.log'),
  };
  mkdirSync(join(paths.userDataDir, 'User'), { recursive: true });
  mkdirSync(paths.extensionsDir, { recursive: true });
  mkdirSync(paths.tmp, { recursive: true });
  writeFileSync(join(paths.userDataDir, 'User/settings.json'), JSON.stringify(quietSettings, null, 2));
  // A copy, so tests that edit or save files never touch the fixtures in git.
  if (!folder) copyFixtureWorkspace(paths.workspace);
  return paths;
}

function codeServerEnv(paths, env) {
  // No marketplace look-ups (offline); temporary files stay in the private folder.
  return { ...process.env, EXTENSIONS_GALLERY: '{}', TMPDIR: paths.tmp, ...env(paths.home) };
}

function commonArgs(paths) {
  return ['--user-data-dir', paths.userDataDir, '--extensions-dir', paths.extensionsDir];
}

/** The workbench page for `folder`, with extension-test `payload` entries as [name, absolute path] pairs. */
export function workbenchUrl(server, { folder = server.workspace, payload = [] } = {}) {
  const authority = new URL(server.origin).host;
  const remote = payload.map(([name, path]) => [name, `vscode-remote://${authority}${path}`]);
  const query = new URLSearchParams({ folder });
  if (remote.length > 0) query.set('payload', JSON.stringify(remote));
  return `${server.origin}/?${query}`;
}

/**
 * Starts code-server. `smokeTestDriver` enables VS Code's smoke-test mode, the only mode in which the
 * workbench honours an extension-test `payload` in its URL; `vsix` is installed first. `env(home)` gives
 * variables for the extension host, `home` being the server's private folder (deleted by stop()).
 * `folder` is the workspace `workbenchUrl` opens; without it, a private copy of the fixture workspace.
 */
export async function startCodeServer({ label, smokeTestDriver = false, vsix, folder, env = () => ({}), signal }) {
  const paths = makeHome(label, folder);
  const childEnv = codeServerEnv(paths, env);
  try {
    if (vsix) installExtension(paths, childEnv, vsix);
  } catch (error) {
    rmSync(paths.home, { recursive: true, force: true });
    throw error;
  }
  const args = [
    codeServerEntry,
    '--bind-addr',
    '127.0.0.1:0',
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...commonArgs(paths),
    ...(smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
  ];
  const logFd = openSync(paths.logFile, 'a');
  // Its own process group, so stop() also ends the extension host and language server it starts.
  const child = spawn(node24, args, { cwd: paths.home, env: childEnv, detached: true, stdio: ['ignore', 'pipe', logFd] });
  closeSync(logFd); // the child has its own copy
  running.set(child.pid, paths.home);
  const server = { ...paths, origin: '', stop: () => stopServer(child, paths, label) };
  try {
    server.origin = await waitForListening(child, paths.logFile, signal);
    await waitForHealthy(server.origin, signal);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

function installExtension(paths, env, vsix) {
  const result = spawnSync(node24, [codeServerEntry, ...commonArgs(paths), '--install-extension', vsix], {
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0 || !/successfully installed/i.test(result.stdout)) {
    throw new Error(`code-server --install-extension ${vsix} failed (${result.status ?? result.signal}): ${result.stdout}${result.stderr}`);
  }
}

/** code-server prints "HTTP server listening on http://127.0.0.1:PORT/" once bound (port 0: the OS picks). */
function waitForListening(child, logPath, signal) {
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (reason) => reject(new Error(`code-server did not start: ${reason}\n${(output ?? '').slice(-2000)}`));
    if (signal?.aborted) fail('time limit reached');
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      writeFileSync(logPath, chunk, { flag: 'a' });
      if (output === undefined) return; // listening already
      output += chunk;
      const match = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        output = undefined;
        resolve(match[1]);
      }
    });
    child.once('exit', (code, sig) => fail(`exited with ${code ?? sig}`));
    child.once('error', (error) => fail(error.message));
    signal?.addEventListener('abort', () => fail('time limit reached'), { once: true });
  });
}

async function waitForHealthy(origin, signal) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (signal?.aborted) throw new Error('time limit reached while waiting for code-server');
    const response = await fetch(`${origin}/healthz`).catch(() => undefined);
    if (response?.ok) return;
    if (Date.now() > deadline) throw new Error(`${origin}/healthz did not answer 200 within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopServer(child, paths, label) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child.pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  // Children that outlived code-server (extension host, language server) are in the same group.
  killGroup(child.pid, 'SIGKILL');
  running.delete(child.pid);
  // Its log is kept for diagnosing failures; the rest (user data, extensions) goes.
  mkdirSync(logsDir, { recursive: true });
  copyFileSync(paths.logFile, join(logsDir, `code-server-${label}.log`));
  rmSync(paths.home, { recursive: true, force: true });
}

/** Servers not stopped yet: process group → private folder. */
const running = new Map();

/** When the run must end now (time limit, Ctrl+C): kills every server still running and deletes its folder, synchronously. */
export function killAllNow() {
  for (const [pid, home] of running) {
    killGroup(pid, 'SIGKILL');
    rmSync(home, { recursive: true, force: true });
  }
  running.clear();
}
