import { CRITERION_REGULATION, type Criterion, type Locale } from '@dossier/contract';
import { EB1A_CONTENT } from './criteria-content-eb1a.ts';
import { NIW_CONTENT } from './criteria-content-niw.ts';

export interface Bilingual {
  zh: string;
  en: string;
}

/** A criterion as the screen and the template present it, in both languages. */
export interface CriterionContent {
  label: Bilingual;
  /** What the evidence should show. */
  shows: Bilingual;
  /** What to gather. */
  checklist: { zh: readonly string[]; en: readonly string[] };
}

export const CRITERION_CONTENT: Record<Criterion, CriterionContent> = { ...EB1A_CONTENT, ...NIW_CONTENT };

export const criterionLabel = (key: Criterion, locale: Locale) => CRITERION_CONTENT[key].label[locale];
export const regulationOf = (key: Criterion) => CRITERION_REGULATION[key];
