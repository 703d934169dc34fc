import type { Locale, TReviewFinding, TReviewPlace } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { referenceLabel } from '../../../pdf/packet/packet-documents.ts';
import { resolve } from '../../documents/numbering.ts';
import { stampedPages } from '../../numbering/stamped-pages.ts';
import type { ReviewInput } from '../review-input.ts';
import { blocksOf, blockTarget, DOCUMENT_TAB, referencesOfBlock } from './document-blocks.ts';

/**
 * Rule `pins` (issue 31 item 2, decision 0073): a reference pinned to pages of an exhibit or letter ("Exhibit 4,
 * pp. 3–5"; pages as the packet stamps them, numbering/stamped-pages.ts) is checked against its pages now.
 * - A pin past its last page blocks: the packet would cite a page that does not exist.
 * - A pin set when it had another page count (a file replaced or added since) warns: check the pin.
 * A reference without a number (pending, deleted) is the checklist's; a page count not known yet is not judged.
 * One finding per cited target, pin and outcome, with a place per paragraph that holds it (the margin's marks).
 *
 * The RFE response letter (issue 32 item 4, decision 0077 "Review of the response letter"): a pin past its exhibit's
 * pages warns (never blocks: a block would hold back the original packet), placed at `rfe_response#<paragraph>` on
 * the Schedule tab and labelled with the RFE's number ("Exhibit 4, pp. 9–10"). The exhibit's pages are counted as
 * the packets stamp them from its files now; a reference the RFE does not number is the packet's to refuse.
 */
export function pinsRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  const r = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `review:pins.${key}`, vars);
  const counts = stampedPages(input.numbering, (id) => input.uploads.get(id)?.pages);
  const found = new Map<string, TReviewFinding>();
  for (const kind of ['petition_letter', 'us_plan'] as const) {
    for (const block of blocksOf(input.rows, kind)) {
      for (const ref of referencesOfBlock(block.node)) {
        if (!ref.pages) continue;
        const target = resolve(input.numbering.targets, ref.kind, ref.id);
        const count = counts.get(ref.id);
        if (!target || count === null || count === undefined) continue;
        const beyond = ref.pages.to > count;
        const changed = !beyond && ref.pinnedPages !== null && ref.pinnedPages !== count;
        if (!beyond && !changed) continue;
        // Labelled in the caller's language ("证据 4，第 3–5 页"). The whole exhibit's stamp names its folder's
        // number ("Exhibit 4", also for a reference to 4.2).
        const label = referenceLabel(locale, ref.kind, target.number, ref.pages);
        const exhibit = referenceLabel(locale, ref.kind, target.number.split('.')[0]!);
        const outcome = beyond ? 'beyond' : 'changed';
        const key = `pins:${outcome}:${ref.id}:${ref.pages.from}-${ref.pages.to}`;
        const place: TReviewPlace = {
          tab: DOCUMENT_TAB[kind],
          target: blockTarget(kind, block.paragraph),
          label: r(kind === 'petition_letter' ? 'place' : 'place_plan', { n: block.paragraph }),
        };
        const seen = found.get(key);
        if (seen) {
          if (!seen.places.some((p) => p.target === place.target) && seen.places.length < 200)
            seen.places.push(place);
          continue;
        }
        found.set(key, {
          key,
          rule: 'pins',
          severity: beyond ? 'block' : 'warn',
          title: r(`${outcome}_title`, { label }),
          detail: r(`${outcome}_detail`, { label, exhibit, count, was: ref.pinnedPages ?? count }),
          source: null,
          places: [place],
          passages: [],
          intended: false,
        });
      }
    }
  }
  for (const f of responsePins(input, locale, counts)) found.set(f.key, f);
  return [...found.values()];
}

function responsePins(
  input: ReviewInput,
  locale: Locale,
  counts: ReadonlyMap<string, number | null>,
): TReviewFinding[] {
  const r = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `review:pins.${key}`, vars);
  const targets = input.rfeTargets;
  if (!targets || targets.size === 0) return [];
  const found = new Map<string, TReviewFinding>();
  for (const block of blocksOf(input.rows, 'rfe_response')) {
    for (const ref of referencesOfBlock(block.node)) {
      if (!ref.pages || ref.kind !== 'exhibit') continue;
      const target = targets.get(ref.id);
      const count = counts.get(ref.id);
      if (!target || count === null || count === undefined || ref.pages.to <= count) continue;
      const label = referenceLabel(locale, 'exhibit', target.number, ref.pages);
      const exhibit = referenceLabel(locale, 'exhibit', target.number);
      const key = `pins:rfe_response:beyond:${ref.id}:${ref.pages.from}-${ref.pages.to}`;
      const place: TReviewPlace = {
        tab: DOCUMENT_TAB.rfe_response,
        target: blockTarget('rfe_response', block.paragraph),
        label: r('place_rfe', { n: block.paragraph }),
      };
      const seen = found.get(key);
      if (seen) {
        if (!seen.places.some((p) => p.target === place.target) && seen.places.length < 200)
          seen.places.push(place);
        continue;
      }
      found.set(key, {
        key,
        rule: 'pins',
        severity: 'warn',
        title: r('beyond_title', { label }),
        detail: r('beyond_rfe_detail', { label, exhibit, count }),
        source: null,
        places: [place],
        passages: [],
        intended: false,
      });
    }
  }
  return [...found.values()];
}
