// Types for the setup module that TypeScript code (test support, VS Code suites) imports.
/** The anvil binary, relative to the repository root. */
export declare const anvilBinary: string;
export declare const anvilPackage: string;
export default function installTestNodes(): Promise<void>;
