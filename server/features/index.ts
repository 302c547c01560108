// The list of LSP features the server offers. Add a feature by writing a module that exports a
// `Feature` and listing it here.
import { codeActionsFeature } from './code-actions';
import { diagnosticsFeature } from './diagnostics';
import type { Feature } from './feature';
import { flattenFeature } from './flatten';
import { settingsFeature } from './settings';

export const features: Feature[] = [
  settingsFeature, // first: the others read settings
  diagnosticsFeature,
  codeActionsFeature,
  flattenFeature,
];
