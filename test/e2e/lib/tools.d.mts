// Types for tools.mjs, as TypeScript code (the benches) uses it.
export declare const repoRoot: string;
/** What is missing for a run in real VS Code; empty when everything is installed. */
export declare function missingTools(): string[];
