// How a trace worker process is started so that it has no powers of its own: even code that escaped the
// tracer's sealed realm would find a process that cannot spawn, read anything but its own bundle, write,
// load addons, open the inspector (but in a debug run, where the host opens it), or compile code from strings,
// and whose memory is bounded as a whole.
import { spawnSync } from 'node:child_process';

/** V8 heap limit per trace worker; geth has none, but a local runtime must not take the machine down. */
export const traceMemoryLimitMb = 512;
/** The whole address space of a worker (Linux): its heap, ~1 GB Node and V8 reserve at start, and room for
 * ArrayBuffers, which the heap limit does not count. */
const addressSpaceLimitMb = 2560;
/** Fork-mode workers' writable memory (Linux): what the address-space limit leaves a plain worker for data. */
const dataLimitMb = 2048;

interface WorkerLaunch {
  execPath: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
  /** Set when a debug worker runs without the permission model this runtime otherwise enforces. */
  warning?: string;
}

/** Flags every worker gets, whatever the permission model does. */
const hardening = [
  `--max-old-space-size=${traceMemoryLimitMb}`,
  // Function/eval of the worker's own realm throw; the tracer's context still allows them for itself.
  '--disallow-code-generation-from-strings',
  // Lets the tracer realm refuse import() with an error of its own realm (Node's default refusal is an
  // object of the host realm).
  '--experimental-vm-modules',
  '--no-warnings',
];

let permission: string | null | undefined;

function accepts(args: string[], check: string): { ok: boolean; stderr: string } {
  const probe = spawnSync(process.execPath, [...args, '-e', check], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 15_000,
    encoding: 'utf8',
  });
  return { ok: probe.status === 0, stderr: (probe.stderr ?? '').trim() };
}

/** The permission-model flag this runtime enforces (`--permission` from Node 23.5, before that
 * `--experimental-permission`), or null where it is not enforced: probed once with the other worker
 * flags, because a runtime such as Electron's Node may reject a flag or accept it without effect. A runtime
 * that refuses the other flags cannot run traces safely at all: that is an error. */
export function permissionFlag(): string | null {
  if (permission !== undefined) return permission;
  const [major, minor] = process.versions.node.split('.').map(Number);
  const flag = major > 23 || (major === 23 && minor >= 5) ? '--permission' : '--experimental-permission';
  if (accepts([...hardening, flag], 'process.exit(process.permission && !process.permission.has("child") ? 0 : 3)').ok) {
    permission = flag;
    return permission;
  }
  const plain = accepts(hardening, '0');
  if (!plain.ok) {
    throw new Error(
      `this runtime (${process.execPath}, Node ${process.version}) refuses the flags a trace worker needs (${hardening.join(' ')}): ${plain.stderr.slice(0, 300)}`,
    );
  }
  permission = null;
  return permission;
}

let inspectorAllowed: boolean | undefined;

/** Whether the permission model can allow the inspector alone (`--allow-inspector`, Node 24): probed once,
 * by opening it, since Node 20/22 reject the flag and their permission model always denies the inspector. */
function permissionAllowsInspector(flag: string): boolean {
  inspectorAllowed ??= accepts(
    [...hardening, flag, '--allow-inspector'],
    'const i = require("node:inspector"); i.open(0, "127.0.0.1", false); i.close()',
  ).ok;
  return inspectorAllowed;
}

/**
 * The command line of a worker running `workerFile`. `network` is for fork mode, whose synchronous state
 * reads need a helper thread (the permission model then allows worker threads; they inherit the same limits).
 * `inspector` is for a debug run: its worker opens the inspector, which the permission model allows only
 * where `--allow-inspector` exists; elsewhere that worker runs without the permission model (with a warning)
 * and keeps every other limit. Tracer code never reaches the inspector either way: it is opened by the host.
 */
export function workerLaunch(workerFile: string, options: { network: boolean; inspector?: boolean }): WorkerLaunch {
  const enforced = permissionFlag();
  const flag = enforced && (!options.inspector || permissionAllowsInspector(enforced)) ? enforced : null;
  const warning =
    enforced && !flag
      ? `warning: Node ${process.version} cannot allow the inspector under its permission model (Node 24's --allow-inspector): ` +
        "this debug run's trace worker runs without the permission model (the sealed tracer realm and the other limits still apply)"
      : undefined;
  const nodeArgs = [
    ...hardening,
    ...(flag
      ? [
          flag,
          `--allow-fs-read=${workerFile}`,
          ...(options.network ? ['--allow-worker'] : []),
          ...(options.inspector ? ['--allow-inspector'] : []),
        ]
      : []),
  ];
  // glibc's per-thread malloc arenas would otherwise make the reserved address space depend on core count.
  const env = { ...process.env, MALLOC_ARENA_MAX: '2' };
  // A debug run's worker keeps its V8 heap limit but no address-space or data cap: V8's inspector reserves
  // memory of its own under them, and such a worker failed at random when it opened. Only the program that
  // started the node can start one (runtime/node/debug-run.ts), and its debugger controls the process anyway.
  if (process.platform !== 'linux' || options.inspector) return { execPath: process.execPath, execArgv: nodeArgs, env, warning };
  // Fork mode's fetches go through undici, whose WebAssembly HTTP parser reserves ~10 GB of address space per
  // instance: those workers get RLIMIT_DATA instead, which counts writable private memory (ArrayBuffers
  // included) but not such inaccessible reservations.
  const limit = options.network ? `ulimit -d ${dataLimitMb * 1024}` : `ulimit -v ${addressSpaceLimitMb * 1024}`;
  // Through the shell's ulimit (Node has no setrlimit); exec keeps the IPC channel's descriptor.
  return { execPath: '/bin/sh', execArgv: ['-c', `${limit} && exec "$0" "$@"`, process.execPath, ...nodeArgs], env, warning };
}
