// The names under which the tracer API's own scripts run in a tracer's realm: what a debugger shows for
// their frames, and what a debug session skips (VS Code's skipFiles), so the call stack and stepping stay
// in the tracer's file.
export const API_SCRIPT = 'tracer-api';
export const BIGINT_SCRIPT = 'bigInt';

/** js-debug skipFiles globs that match these scripts (named without a folder) and nothing else of the worker. */
export const apiSkipFiles = [API_SCRIPT, BIGINT_SCRIPT].map((name) => `**/${name}`);
