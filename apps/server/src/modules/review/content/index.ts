import {
  type Criterion,
  EB1A_CATEGORIES,
  type Locale,
  NIW_CATEGORIES,
  type TEvidenceKind,
  type TEvidenceKinds,
} from '@dossier/contract';
import { EB1A_MAP } from './kinds-eb1a.ts';
import { NIW_MAP } from './kinds-niw.ts';
import type { CriterionMapContent, EvidenceKindContent } from './types.ts';

export { EB1A_QUESTIONS } from './kinds-eb1a.ts';
export { DHANASAR_PRONGS, EXCEPTIONAL_SIX, NIW_THRESHOLD } from './kinds-niw.ts';
export type { CriterionMapContent, EvidenceKindContent, PointContent, QuestionContent } from './types.ts';

/** Every criterion's map content; the background group has no kinds (it proves who, not a criterion). */
export const CRITERION_MAP: Record<Criterion, CriterionMapContent> = {
  background: { kinds: [], points: [] },
  ...EB1A_MAP,
  ...NIW_MAP,
};

/** The kinds of a criterion (none for an unknown key). */
export function kindsOf(criterion: string): readonly EvidenceKindContent[] {
  return (CRITERION_MAP as Record<string, CriterionMapContent | undefined>)[criterion]?.kinds ?? [];
}

export function kindOf(criterion: string, key: string | null | undefined): EvidenceKindContent | undefined {
  return key ? kindsOf(criterion).find((k) => k.key === key) : undefined;
}

export const kindView = (k: EvidenceKindContent, locale: Locale): TEvidenceKind => ({
  key: k.key,
  label: k.label[locale],
  counts: k.counts,
  why: k.why[locale],
  source: k.source,
});

/** `GET …/evidence/kinds/`: the kinds of each criterion of the case's category, in the caller's language. */
export function evidenceKinds(category: 'EB1A' | 'NIW', locale: Locale): TEvidenceKinds {
  const keys: readonly Criterion[] = category === 'EB1A' ? EB1A_CATEGORIES : NIW_CATEGORIES;
  return {
    criteria: keys.map((criterion) => ({
      criterion,
      kinds: kindsOf(criterion).map((k) => kindView(k, locale)),
    })),
  };
}
