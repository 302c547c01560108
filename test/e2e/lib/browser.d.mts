// Types for the parts of browser.mjs that TypeScript tests import.
import type { Browser } from 'playwright-core';

/** Where the test setup installs Debian Chromium. */
export declare const chromiumPath: string;
export declare function launchBrowser(extraArgs?: string[]): Promise<Browser>;
