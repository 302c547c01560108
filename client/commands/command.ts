// A command is a factory: given the extension's services, it returns the handler VS Code calls. Handlers
// take optional arguments so tests (and other commands) can drive them without prompts.
import type { Ctx } from '../ctx';

export type CommandFactory = (ctx: Ctx) => (...args: any[]) => unknown;
