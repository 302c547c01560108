// Types for contrast.mjs, as the TypeScript report tests use it.
import type { Locator } from 'playwright-core';

/** One text style in a page: its kind (`tag.class…`, `:disabled` for a disabled control), colours and lowest ratio. */
export interface TextContrast {
  kind: string;
  text: string;
  color: string;
  background: string;
  ratio: number;
}

export declare function textContrast(bodyLocator: Locator): Promise<TextContrast[]>;
export declare function contrastOf(color: string, background: string): number;
