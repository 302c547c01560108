// The `evmTracer` settings of each document, asked of the client (workspace/configuration) once per
// document and kept until the client says the configuration changed. The one owner of
// onDidChangeConfiguration: other modules subscribe with onSettingsChanged. The ECMAScript level is the
// selected node's (evmTracer.selectedNode, evmTracer.nodes[].ecmaVersion, else evmTracer.ecmaVersion), so
// switching nodes re-checks open tracers at the new node's level; so is the target, the client whose tracer
// API completion, hover and the rules follow (evmTracer.nodes[].target, else the node's network).
import type { Connection } from 'vscode-languageserver/node';
import { editorNodeTarget, type ClientTarget } from '../../core/client-targets';
import { checkSeverity } from '../../core/config-file';
import { editorNodeLevel } from '../../core/ecma-level';
import type { EcmaVersion, SeveritySetting } from '../../core/tracer/diagnostic';
import type { Feature } from './feature';

export interface TracerSettings {
  ecmaVersion: EcmaVersion;
  target: ClientTarget;
  rules: Record<string, SeveritySetting>;
}

const DEFAULTS: TracerSettings = { ecmaVersion: 5, target: 'geth', rules: {} };

let connection: Connection | undefined;
let canAskClient = false;
/** From clients that cannot be asked but send their settings with didChangeConfiguration. */
let sentSettings: TracerSettings | undefined;
let generation = 0;
const cache = new Map<string, Promise<TracerSettings>>();
const listeners: (() => void)[] = [];

/** Bumped on every configuration change: part of cache keys that depend on settings. */
export function settingsGeneration(): number {
  return generation;
}

export function onSettingsChanged(listener: () => void): void {
  listeners.push(listener);
}

export function documentSettings(uri: string): Promise<TracerSettings> {
  if (!connection || !canAskClient) return Promise.resolve(sentSettings ?? DEFAULTS);
  let settings = cache.get(uri);
  if (!settings) {
    settings = connection.workspace.getConfiguration({ scopeUri: uri, section: 'evmTracer' }).then(
      (raw: unknown) => sanitize(raw),
      () => DEFAULTS,
    );
    cache.set(uri, settings);
  }
  return settings;
}

export function forgetDocumentSettings(uri: string): void {
  cache.delete(uri);
}

/** Settings as the user wrote them, keeping what is valid and reporting the rest in the server log. */
function sanitize(raw: unknown): TracerSettings {
  if (typeof raw !== 'object' || raw === null) return DEFAULTS;
  const { rules, selectedNode } = raw as { rules?: unknown; selectedNode?: unknown };
  const complain = (error: unknown) => connection?.console.warn(`evmTracer settings: ${(error as Error).message}`);
  const nodeName = typeof selectedNode === 'string' ? selectedNode : undefined;
  const { level, problems } = editorNodeLevel(raw, nodeName);
  const { target, problems: targetProblems } = editorNodeTarget(raw, nodeName);
  for (const problem of [...problems, ...targetProblems]) complain(new Error(problem));
  const settings: TracerSettings = { ecmaVersion: level.ecmaVersion, target, rules: {} };
  if (typeof rules === 'object' && rules !== null) {
    for (const [code, value] of Object.entries(rules)) {
      try {
        settings.rules[code] = checkSeverity(code, value, 'evmTracer.rules');
      } catch (error) {
        complain(error);
      }
    }
  }
  return settings;
}

export const settingsFeature: Feature = {
  capabilities(params) {
    canAskClient = params.capabilities.workspace?.configuration === true;
    return {};
  },
  register(context) {
    connection = context.connection;
    context.connection.onDidChangeConfiguration((params) => {
      const sent = (params.settings as { evmTracer?: unknown } | null)?.evmTracer;
      if (!canAskClient && sent !== undefined) sentSettings = sanitize(sent);
      cache.clear();
      generation++;
      for (const listener of listeners) listener();
    });
  },
};
