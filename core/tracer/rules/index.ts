// The lint rules, in reporting order. Add a rule by writing a module exporting a `Rule` and listing it here.
import type { Rule } from '../rule';
import { apiBigIntStrictEqualsRule } from './api-bigint-strict-equals';
import { apiBytesArgumentRule } from './api-bytes-argument';
import { apiGasPriceTipRule } from './api-gas-price-tip';
import { apiOpCompareRule } from './api-op-compare';
import { apiResultHostStringRule } from './api-result-host-string';
import { apiUnknownMemberRule, apiUnknownMethodRule } from './api-unknown-member';
import { arrowHookRule } from './arrow-hook';
import { commentRule } from './comment';
import { doubleQuoteRule } from './double-quote';
import { nearMissHookRule } from './near-miss-hook';
import { notObjectRule } from './not-object';
import { missingFaultRule, missingResultRule } from './required-hook';
import { syntaxRule } from './syntax';
import { tooDeepRule } from './too-deep';
import { undeclaredStateRule } from './undeclared-state';
import { undefinedGlobalRule } from './undefined-global';
import { unpairedEnterExitRule } from './unpaired-enter-exit';

export const rules: Rule[] = [
  syntaxRule,
  tooDeepRule,
  notObjectRule,
  missingResultRule,
  missingFaultRule,
  unpairedEnterExitRule,
  doubleQuoteRule,
  commentRule,
  nearMissHookRule,
  arrowHookRule,
  undefinedGlobalRule,
  undeclaredStateRule,
  apiUnknownMemberRule,
  apiUnknownMethodRule,
  apiBytesArgumentRule,
  apiResultHostStringRule,
  apiOpCompareRule,
  apiBigIntStrictEqualsRule,
  apiGasPriceTipRule,
];
