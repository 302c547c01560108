// Types for the oracle setup module, imported by the differential tests.
export declare function oraclePath(): string;
export declare function oracleUnavailable(): string | undefined;
export declare function buildOracle(): { path: string; skipped?: undefined } | { skipped: string; path?: undefined };
export default function setupOracle(): Promise<void>;
