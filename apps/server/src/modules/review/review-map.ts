import {
  CRITERION_REGULATION,
  type Criterion,
  type Locale,
  type NiwDirection,
  type TReviewMap,
  type TReviewMapCriterion,
  type TReviewMapFolder,
  type TReviewQuestion,
} from '@dossier/contract';
import { referencesIn } from '../documents/reference-walk.ts';
import { CRITERION_CONTENT } from '../evidence/criteria-content.ts';
import type { NumberedFolder } from '../numbering/case-numbering.ts';
import {
  CRITERION_MAP,
  DHANASAR_PRONGS,
  EB1A_QUESTIONS,
  type EvidenceKindContent,
  kindOf,
  kindView,
  NIW_THRESHOLD,
  type PointContent,
} from './content/index.ts';
import type { ReviewInput } from './review-input.ts';

/**
 * The evidence map per claimed criterion (issue 31 item 1, decision 0070): a pure function of the review input,
 * read by the `evidence_map` rule (rules/evidence-map.ts), the review screen and the readiness report.
 */

/** A claimed criterion's folders and what cites them. */
export interface CriterionFacts {
  criterion: Criterion;
  folders: NumberedFolder[];
  /** Folder → its kind's content (undefined: untagged, or a kind no longer of the criterion). */
  kindOfFolder: Map<number, EvidenceKindContent | undefined>;
  /** Kinds that count and no folder is tagged with. */
  missing: EvidenceKindContent[];
  /** Some folder is tagged with a kind that counts. */
  counted: boolean;
  /** Independent letters citing one of its folders. */
  corroboration: { letterId: number; name: string; number: number | null }[];
  /** References in the petition letter to its folders or their files. */
  references: number;
}

/** Relation as the review reads it: the relation said, else the legacy `independent` switch. */
export const isIndependent = (l: { relation: string | null; independent: boolean }) =>
  l.relation === 'independent' || (l.relation === null && l.independent);

/** The claimed criteria (background is never a claim) with their folders, kinds and citations. */
export function criterionFacts(input: ReviewInput): CriterionFacts[] {
  const claimed = input.rows.claimed.filter((c): c is Criterion => c !== 'background' && c in CRITERION_MAP);
  const folderOfFile = new Map(input.rows.files.map((f) => [f.id, f.folderId]));
  const refCount = new Map<number, number>();
  const letter = input.rows.documents.find((d) => d.kind === 'petition_letter')?.content;
  for (const r of letter ? referencesIn(letter) : []) {
    const [prefix, raw] = r.id.split(':');
    const id = Number(raw);
    const folderId = prefix === 'folder' ? id : prefix === 'file' ? folderOfFile.get(id) : undefined;
    if (folderId !== undefined) refCount.set(folderId, (refCount.get(folderId) ?? 0) + 1);
  }
  const letterNumber = new Map(input.numbering.letters.map((n) => [n.letter.id, n.number]));
  const independent = new Map(
    input.rows.letters.filter(isIndependent).map((l) => [l.id, { name: l.nameEn || l.name, id: l.id }]),
  );
  return claimed.map((criterion) => {
    const folders = input.numbering.folders.filter((n) => n.folder.criterion === criterion);
    const ids = new Set(folders.map((n) => n.folder.id));
    const kindOfFolder = new Map(folders.map((n) => [n.folder.id, kindOf(criterion, n.folder.kind)]));
    const tagged = new Set([...kindOfFolder.values()].map((k) => k?.key));
    const letters = new Set(
      input.letterEvidence
        .filter((le) => ids.has(le.folderId) && independent.has(le.letterId))
        .map((le) => le.letterId),
    );
    return {
      criterion,
      folders,
      kindOfFolder,
      missing: CRITERION_MAP[criterion].kinds.filter((k) => k.counts && !tagged.has(k.key)),
      counted: [...kindOfFolder.values()].some((k) => k?.counts),
      corroboration: input.rows.letters
        .filter((l) => letters.has(l.id))
        .map((l) => ({
          letterId: l.id,
          name: independent.get(l.id)!.name,
          number: letterNumber.get(l.id) ?? null,
        })),
      references: folders.reduce((n, f) => n + (refCount.get(f.folder.id) ?? 0), 0),
    };
  });
}

const folderView = (n: NumberedFolder): TReviewMapFolder => ({
  id: n.folder.id,
  name: n.folder.name.slice(0, 400),
  exhibit: n.exhibit,
});

const pointView = (p: PointContent, locale: Locale) => ({
  key: p.key,
  text: p.text[locale],
  source: p.source,
});

function criterionView(f: CriterionFacts, locale: Locale): TReviewMapCriterion {
  const content = CRITERION_MAP[f.criterion];
  const present = content.kinds
    .map((k) => ({
      kind: k.key,
      label: k.label[locale],
      counts: k.counts,
      folders: f.folders.filter((n) => f.kindOfFolder.get(n.folder.id)?.key === k.key).map(folderView),
    }))
    .filter((p) => p.folders.length > 0);
  return {
    key: f.criterion,
    label: CRITERION_CONTENT[f.criterion].label[locale],
    regulation: CRITERION_REGULATION[f.criterion],
    present,
    missing: f.missing.map((k) => kindView(k, locale)),
    not_counting: f.folders.flatMap((n) => {
      const k = f.kindOfFolder.get(n.folder.id);
      return k && !k.counts
        ? [{ ...folderView(n), kind: k.key, label: k.label[locale], why: k.why[locale] }]
        : [];
    }),
    untagged: f.folders.filter((n) => !f.kindOfFolder.get(n.folder.id)).map(folderView),
    corroboration: f.corroboration.map((c) => ({
      letter_id: c.letterId,
      name: c.name.slice(0, 400),
      number: c.number,
    })),
    references: f.references,
    points: content.points.map((p) => pointView(p, locale)),
  };
}

/**
 * NIW's EB-2 threshold, by the case's direction (none chosen: the advanced-degree route is shown): `shown` is how
 * many of its categories hold a folder of a kind that counts.
 */
export function niwThreshold(
  direction: NiwDirection | null,
  facts: readonly CriterionFacts[],
): { needed: number; shown: number; criteria: readonly string[] } {
  const t = NIW_THRESHOLD[direction ?? 'advanced_degree'];
  const shown = t.criteria.filter((c) => facts.some((f) => f.criterion === c && f.counted)).length;
  return { needed: t.needed, shown, criteria: t.criteria };
}

function questions(input: ReviewInput, facts: readonly CriterionFacts[], locale: Locale): TReviewQuestion[] {
  if (input.category === 'EB1A') {
    return EB1A_QUESTIONS.map((q) => ({
      key: q.key,
      title: q.title[locale],
      points: q.points.map((p) => pointView(p, locale)),
      criteria: facts.map((f) => f.criterion),
      needed: null,
      shown: null,
    }));
  }
  const direction = input.rows.claim.niwDirection;
  const t = NIW_THRESHOLD[direction ?? 'advanced_degree'];
  const threshold = niwThreshold(direction, facts);
  return [
    {
      key: t.key,
      title: t.title[locale],
      points: t.points.map((p) => pointView(p, locale)),
      criteria: [...threshold.criteria],
      needed: threshold.needed,
      shown: threshold.shown,
    },
    ...DHANASAR_PRONGS.map((q) => ({
      key: q.key,
      title: q.title[locale],
      points: q.points.map((p) => pointView(p, locale)),
      criteria: [...q.criteria],
      needed: null,
      shown: null,
    })),
  ];
}

export function reviewMap(input: ReviewInput, locale: Locale): TReviewMap {
  const facts = criterionFacts(input);
  return {
    category: input.category,
    criteria: facts.map((f) => criterionView(f, locale)),
    questions: questions(input, facts, locale),
    planned_filing_date: input.caseRow.plannedFilingDate ?? null,
  };
}
