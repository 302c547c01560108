// A command is a factory: given the extension's services, it returns the handler VS Code calls. Handlers
// take optional arguments so tests (and other commands) can drive them without prompts.
import type { Ctx } from '../ctx';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- VS Code hands a handler whatever its caller passed
export type CommandFactory = (ctx: Ctx) => (...args: any[]) => unknown;
