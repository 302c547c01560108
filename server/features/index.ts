// The list of LSP features the server offers. Add a feature by writing a module that exports a
// `Feature` and listing it here.
import { codeActionsFeature } from './code-actions';
import { completionFeature } from './completion';
import { diagnosticsFeature } from './diagnostics';
import { documentSymbolsFeature } from './document-symbols';
import type { Feature } from './feature';
import { flattenFeature } from './flatten-request';
import { foldingFeature } from './folding';
import { hoverFeature } from './hover';
import { selectionRangesFeature } from './selection-ranges';
import { settingsFeature } from './settings';
import { signatureHelpFeature } from './signature-help';

export const features: Feature[] = [
  settingsFeature, // first: the others read settings
  diagnosticsFeature,
  codeActionsFeature,
  flattenFeature,
  completionFeature,
  hoverFeature,
  signatureHelpFeature,
  documentSymbolsFeature,
  foldingFeature,
  selectionRangesFeature,
];
