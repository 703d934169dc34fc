import type { Locale, TReviewFinding, TReviewPlace } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { CRITERION_CONTENT } from '../../evidence/criteria-content.ts';
import type { NumberedFolder } from '../../numbering/case-numbering.ts';
import { CRITERION_MAP } from '../content/index.ts';
import { SRC } from '../content/types.ts';
import type { ReviewInput } from '../review-input.ts';
import { criterionFacts, niwThreshold } from '../review-map.ts';
import { DOCUMENT_TAB } from './document-blocks.ts';

/**
 * Criteria whose evidence a recommender corroborates: every EB-1A criterion; of NIW's categories the achievements
 * and the industry recognition (a degree, a licence or pay records are not corroborated by a letter).
 */
const NIW_CORROBORATED = new Set(['achievements', 'contributions']);

/**
 * Rule `evidence_map` (issue 31 item 1, decision 0070), per claimed criterion (the map's facts, review-map.ts):
 * - `evidence_map:kind_missing:<criterion>` (warn): no folder tagged with a kind that counts;
 * - `evidence_map:not_counting:<folder id>` (warn): a folder tagged with a kind the Manual says does not count
 *   (membership shown by a dues receipt; judging shown by an invitation);
 * - `evidence_map:untagged:<criterion>` (info): folders not tagged yet (they are not weighed by the map);
 * - `evidence_map:no_corroboration:<criterion>` (warn): no independent recommender's letter cites its folders
 *   (EB-1A criteria; NIW achievements and recognition);
 * - `evidence_map:not_argued:<criterion>` (warn): the petition letter cites none of its folders or files;
 * - `evidence_map:threshold` (warn, NIW): fewer categories of the EB-2 threshold with evidence that counts than
 *   needed (the degree; three of the six kinds of exceptional ability).
 */
export function folderPlace(n: NumberedFolder, locale: Locale): TReviewPlace {
  const name = n.folder.name.slice(0, 300);
  return {
    tab: 'evidence',
    target: String(n.folder.id),
    label:
      n.exhibit === null
        ? translate(locale, 'review:map.place_pending', { name })
        : translate(locale, 'review:map.place', { n: n.exhibit, name }),
  };
}

export function evidenceMapRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  const r = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `review:map.${key}`, vars);
  const finding = (
    key: string,
    severity: TReviewFinding['severity'],
    title: string,
    detail: string,
    source: string | null,
    places: TReviewPlace[],
  ): TReviewFinding => ({
    key,
    rule: 'evidence_map',
    severity,
    title,
    detail,
    source,
    places: places.slice(0, 200),
    passages: [],
    intended: false,
  });
  const facts = criterionFacts(input);
  const out: TReviewFinding[] = [];
  for (const f of facts) {
    const criterion = CRITERION_CONTENT[f.criterion].label[locale];
    const content = CRITERION_MAP[f.criterion];
    const source = content.kinds[0]?.source ?? null;
    const criterionPlace: TReviewPlace = { tab: 'evidence', target: f.criterion, label: criterion };
    if (content.kinds.length > 0 && !f.counted) {
      const kinds = f.missing.map((k) => k.label[locale]).join(r('list_separator'));
      out.push(
        finding(
          `evidence_map:kind_missing:${f.criterion}`,
          'warn',
          r('kind_missing_title', { criterion }),
          r(f.folders.length === 0 ? 'kind_missing_detail_empty' : 'kind_missing_detail', {
            criterion,
            kinds,
          }),
          source,
          [criterionPlace],
        ),
      );
    }
    for (const n of f.folders) {
      const k = f.kindOfFolder.get(n.folder.id);
      if (!k || k.counts) continue;
      out.push(
        finding(
          `evidence_map:not_counting:${n.folder.id}`,
          'warn',
          r('not_counting_title', { name: n.folder.name.slice(0, 200), kind: k.label[locale] }),
          r('not_counting_detail', { criterion, kind: k.label[locale], why: k.why[locale] }),
          k.source,
          [folderPlace(n, locale)],
        ),
      );
    }
    const untagged = f.folders.filter((n) => !f.kindOfFolder.get(n.folder.id));
    if (content.kinds.length > 0 && untagged.length > 0) {
      out.push(
        finding(
          `evidence_map:untagged:${f.criterion}`,
          'info',
          r('untagged_title', { criterion, count: untagged.length }),
          r('untagged_detail', { criterion }),
          null,
          untagged.map((n) => folderPlace(n, locale)),
        ),
      );
    }
    const corroborated = input.category === 'EB1A' || NIW_CORROBORATED.has(f.criterion);
    if (corroborated && f.corroboration.length === 0) {
      out.push(
        finding(
          `evidence_map:no_corroboration:${f.criterion}`,
          'warn',
          r('no_corroboration_title', { criterion }),
          r('no_corroboration_detail', { criterion }),
          input.category === 'EB1A' ? SRC.pmEb1a : SRC.pmNiw,
          [{ tab: 'reference', target: null, label: r('place_letters') }],
        ),
      );
    }
    if (f.references === 0) {
      out.push(
        finding(
          `evidence_map:not_argued:${f.criterion}`,
          'warn',
          r('not_argued_title', { criterion }),
          r('not_argued_detail', { criterion }),
          null,
          [{ tab: DOCUMENT_TAB.petition_letter, target: null, label: r('place_letter') }],
        ),
      );
    }
  }
  if (input.category === 'NIW' && input.rows.claim.niwDirection) {
    const t = niwThreshold(input.rows.claim.niwDirection, facts);
    if (t.shown < t.needed) {
      out.push(
        finding(
          'evidence_map:threshold',
          'warn',
          r(`threshold_title_${input.rows.claim.niwDirection}`),
          r(`threshold_detail_${input.rows.claim.niwDirection}`, { shown: t.shown, needed: t.needed }),
          input.rows.claim.niwDirection === 'exceptional_ability'
            ? '8 CFR 204.5(k)(3)(ii)'
            : '8 CFR 204.5(k)(2), (k)(3)(i)',
          [{ tab: 'evidence', target: null, label: r('place_evidence') }],
        ),
      );
    }
  }
  return out;
}
