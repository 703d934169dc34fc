import type { LetterRelation, Locale, TReviewFinding, TReviewPlace } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { referenceLabel } from '../../../pdf/packet/packet-documents.ts';
import { LETTERS_RULES as L } from '../content/letters-rules.ts';
import type { ReviewInput } from '../review-input.ts';

type LetterRow = ReviewInput['rows']['letters'][number];

/** A letter's place: the Recommendation letters tab, its row, "推荐信 2 · Prof. Hale" / "Recommendation Letter 2 · Prof. Hale" (the packet's number, in the reader's language). */
export function letterPlace(
  input: Pick<ReviewInput, 'numbering'>,
  letter: Pick<LetterRow, 'id' | 'name'>,
  locale: Locale,
): TReviewPlace {
  const n = input.numbering.letters.find((l) => l.letter.id === letter.id)?.number ?? null;
  const label =
    n === null
      ? translate(locale, 'review:letters.place_unnumbered', { name: letter.name })
      : `${referenceLabel(locale, 'letter', n)} · ${letter.name}`;
  return { tab: 'reference', target: String(letter.id), label };
}

/** The relation as stored (null: not stated; an unknown value read as not stated). */
const relationOf = (l: Pick<LetterRow, 'relation'>): LetterRelation | null =>
  (['independent', 'collaborator', 'coauthor', 'supervisor', 'employer', 'client', 'other'] as const).find(
    (r) => r === l.relation,
  ) ?? null;

/** Marked independent: by its relation or by the flag. */
const markedIndependent = (l: LetterRow) => l.independent || relationOf(l) === 'independent';

/** The relation says they worked with, for or over the petitioner. */
const dependentRelation = (l: LetterRow) => {
  const relation = relationOf(l);
  return relation !== null && L.notIndependent.includes(relation);
};

/**
 * Rule `letters` (issue 31 item 5, decision 0071), thresholds in content/letters-rules.ts:
 * - fewer than 3 letters: warn; 3 or 4: info (about 5 is usual); with the counts;
 * - no independent letter an officer would weigh as independent (marked independent and no co-authorship): warn;
 * - a recommender marked independent who co-authored with the petitioner, or whose flag says independent while the
 *   relation is collaborator, co-author, supervisor or employer: warn (the officer weighs it as not independent);
 * - a recommender whose relation is not stated: info.
 */
export function lettersRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  const r = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `review:letters.${key}`, vars);
  const finding = (
    key: string,
    severity: TReviewFinding['severity'],
    title: string,
    detail: string,
    source: string,
    places: TReviewPlace[],
  ): TReviewFinding => ({
    key,
    rule: 'letters',
    severity,
    title,
    detail,
    source,
    places: places.slice(0, 200),
    passages: [],
    intended: false,
  });
  const letters = [...input.rows.letters].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const out: TReviewFinding[] = [];
  const total = letters.length;
  const weighed = letters.filter((l) => markedIndependent(l) && !l.coauthored && !dependentRelation(l));
  const independent = weighed.length;
  const counts = { total, independent, min: L.minLetters, usual: L.usualLetters };
  const screen: TReviewPlace = { tab: 'reference', target: null, label: r('place_screen') };

  if (total < L.minLetters) {
    out.push(
      finding('letters:count', 'warn', r('few_title', counts), r('few_detail', counts), L.sources.guidance, [
        screen,
      ]),
    );
  } else if (total < L.usualLetters) {
    out.push(
      finding(
        'letters:count',
        'info',
        r('usual_title', counts),
        r('usual_detail', counts),
        L.sources.guidance,
        [screen],
      ),
    );
  }
  if (total > 0 && independent < L.minIndependent) {
    out.push(
      finding(
        'letters:independent',
        'warn',
        r('independent_title', counts),
        r('independent_detail', counts),
        L.sources.letters,
        [screen],
      ),
    );
  }
  for (const l of letters) {
    const place = letterPlace(input, l, locale);
    const relation = relationOf(l);
    if (markedIndependent(l) && (l.coauthored || dependentRelation(l))) {
      const why = r(`relations.${relation ?? 'other'}`);
      out.push(
        finding(
          `letters:not_independent:${l.id}`,
          'warn',
          r('not_independent_title', { name: l.name }),
          r(l.coauthored ? 'coauthored_detail' : 'relation_detail', { name: l.name, relation: why }),
          L.sources.letters,
          [place],
        ),
      );
    }
    if (relation === null) {
      out.push(
        finding(
          `letters:no_relation:${l.id}`,
          'info',
          r('no_relation_title', { name: l.name }),
          r('no_relation_detail', { name: l.name }),
          L.sources.letters,
          [place],
        ),
      );
    }
  }
  return out;
}
