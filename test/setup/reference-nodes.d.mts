// Types for the setup module that the reference-node test support (test/support/reference/) imports.
export declare const versions: { geth: string; avalanchego: string };
export declare const gethBinary: string;
export declare const avalanchegoBinary: string;
export declare const xchainAssetBinary: string;
export declare const nginxBinary: string;
export declare const opensslBinary: string;
export declare const redisBinary: string;
export declare const setupErrorFile: string;
export declare function goMissing(): string | undefined;
export declare function missingReferenceTools(): string[];
export default function setupReferenceNodes(): Promise<void>;
