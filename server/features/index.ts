// The list of LSP features the server offers. Add a feature by writing a module that exports a
// `Feature` and listing it here.
import type { Feature } from './feature';

export const features: Feature[] = [];
