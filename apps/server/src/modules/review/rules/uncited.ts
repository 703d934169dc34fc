import { BACKGROUND, type Locale, type TReviewFinding } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { referenceLabel } from '../../../pdf/packet/packet-documents.ts';
import { referencesIn } from '../../documents/reference-walk.ts';
import type { ReviewInput } from '../review-input.ts';

/**
 * Rule `uncited` (issue 31 item 2, decision 0073): every numbered exhibit and letter that nothing cites — neither
 * the petition letter nor the US plan (a reference to the folder or to one of its files), nor a recommendation
 * letter (letter_evidence) — one finding each, named by its number. An exhibit of a claimed criterion or a letter
 * warns (an argument nobody points to); a background exhibit (passport, degree) is info: it is often filed
 * without being cited. Exhibits and letters without a number (no file yet) are the checklist's.
 */
export function uncitedRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  const r = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `review:uncited.${key}`, vars);
  const cited = new Set<string>();
  // Cited in the petition: the RFE response letter (numbered by its RFE) does not count.
  for (const d of input.rows.documents) {
    if (d.kind === 'rfe_response') continue;
    for (const ref of referencesIn(d.content)) cited.add(ref.id);
  }
  const byLetters = new Set(input.letterEvidence.map((e) => e.folderId));
  const out: TReviewFinding[] = [];
  for (const e of input.numbering.exhibits) {
    const id = `folder:${e.folder.id}`;
    if (cited.has(id) || byLetters.has(e.folder.id)) continue;
    if (e.files.some((f) => cited.has(`file:${f.file.id}`))) continue;
    const label = referenceLabel(locale, 'exhibit', e.exhibit);
    const name = e.folder.nameEn ?? e.folder.name;
    out.push({
      key: `uncited:${id}`,
      rule: 'uncited',
      severity: e.folder.criterion === BACKGROUND ? 'info' : 'warn',
      title: r('exhibit_title', { label }),
      detail: r('exhibit_detail', { label, name }),
      source: null,
      places: [{ tab: 'evidence', target: String(e.folder.id), label: `${label} · ${e.folder.name}` }],
      passages: [],
      intended: false,
    });
  }
  for (const { letter, number } of input.numbering.letters) {
    const id = `letter:${letter.id}`;
    if (number === null || cited.has(id)) continue;
    const label = referenceLabel(locale, 'letter', number);
    const name = letter.nameEn ?? letter.name;
    out.push({
      key: `uncited:${id}`,
      rule: 'uncited',
      severity: 'warn',
      title: r('letter_title', { label }),
      detail: r('letter_detail', { label, name }),
      source: null,
      places: [{ tab: 'reference', target: String(letter.id), label: `${label} · ${letter.name}` }],
      passages: [],
      intended: false,
    });
  }
  return out;
}
