import type { ReviewRuleFn } from '../review-input.ts';
import { consistencyRule } from './consistency.ts';
import { evidenceMapRule } from './evidence-map.ts';
import { leftoversRule } from './leftovers.ts';
import { lettersRule } from './letters.ts';
import { pinsRule } from './pins.ts';
import { priorityDateRule } from './priority-date.ts';
import { readAlikeRule } from './read-alike.ts';
import { translationsRule } from './translations.ts';
import { uncitedRule } from './uncited.ts';
import { unsupportedRule } from './unsupported.ts';

/**
 * Every rule of the case review (issue 31), in the order the report lists them. Each is a pure function of the
 * review input (review-input.ts) in the caller's language; one file per rule, tested beside it.
 */
export const REVIEW_RULE_FNS: readonly ReviewRuleFn[] = [
  evidenceMapRule,
  priorityDateRule,
  pinsRule,
  unsupportedRule,
  uncitedRule,
  consistencyRule,
  lettersRule,
  readAlikeRule,
  leftoversRule,
  translationsRule,
];
