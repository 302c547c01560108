// Types for provider-ca.mjs, as the suites use it.
import type { TestCa } from '../../support/reference/test-ca.mjs';
/** In the extension host: the CA that providerCaEnv made for this run. */
export declare function providerCa(): TestCa;
