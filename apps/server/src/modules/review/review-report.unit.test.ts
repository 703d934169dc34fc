/**
 * The readiness report's document (issue 31 item 7; decision 0074): every finding by its group with its places,
 * passages side by side and source, the map rendered from what it holds, the disclaimer — in zh and in en.
 */
import type { TReview, TReviewFinding } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { describe, expect, it } from 'vitest';
import { reportDocument } from './review-report.ts';

const finding = (over: Partial<TReviewFinding>): TReviewFinding => ({
  key: 'k',
  rule: 'leftovers',
  severity: 'block',
  title: 'A placeholder is left in the petition letter',
  detail: 'It reads “[insert name]”.',
  source: null,
  places: [{ tab: 'petition', target: 'petition_letter#3', label: 'Petition letter, paragraph 3' }],
  passages: [],
  intended: false,
  ...over,
});

const review = (findings: TReviewFinding[]): TReview => ({
  case_id: 7,
  findings,
  counts: { block: 0, warn: 0, info: 0 },
  map: {
    category: 'EB1A',
    planned_filing_date: null,
    questions: [
      {
        key: 'sustained_acclaim',
        title: 'Sustained national or international acclaim',
        points: [{ key: 'p', text: 'Acclaim sustained over time', source: 'PM 6 F 2' }],
        criteria: [],
        needed: null,
        shown: null,
      },
    ],
    criteria: [
      {
        key: 'association',
        label: 'Membership',
        regulation: '8 CFR 204.5(h)(3)(ii)',
        present: [{ kind: 'dues_receipt', label: 'Dues receipt', counts: false, folders: [] }],
        missing: [{ key: 'bylaws', label: 'Bylaws on admission', counts: true, why: 'w', source: 's' }],
        not_counting: [],
        untagged: [],
        corroboration: [],
        references: 0,
        points: [],
      },
    ],
  },
});

/** Every text of the document, in order, joined. */
function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { text?: string; content?: unknown[] };
  return (n.text ?? '') + (n.content ?? []).map(textOf).join(' ');
}

describe('readiness report document', () => {
  it('lists each finding under its group, with places, passages side by side (a table) and source', () => {
    const doc = reportDocument(
      review([
        finding({ key: 'a' }),
        finding({
          key: 'b',
          rule: 'read_alike',
          severity: 'warn',
          title: 'Two letters read alike',
          passages: [{ a: 'shared passage one', b: 'shared passage two' }],
          source: 'USCIS Policy Manual 6 F 2',
        }),
        finding({
          key: 'c',
          rule: 'consistency',
          severity: 'warn',
          title: 'Name spelt two ways',
          intended: true,
        }),
      ]),
      { caseId: 7, category: 'EB1A', date: '2026-11-29' },
      'en',
    );
    const text = textOf(doc);
    for (const s of [
      'A placeholder is left in the petition letter',
      'Petition letter, paragraph 3',
      'Two letters read alike',
      'Name spelt two ways',
      'USCIS Policy Manual 6 F 2',
      '2026-11-29',
      translate('en', 'review:report.disclaimer'),
    ]) {
      expect(text).toContain(s);
    }
    const table = doc.content.find((b) => b.type === 'table');
    expect(textOf(table)).toContain('shared passage one');
    expect(textOf(table)).toContain('shared passage two');
    // Groups in order: must fix, worth a look, marked intended (each with its count).
    const heads = doc.content
      .filter((b) => b.type === 'heading' && (b as { attrs: { level: number } }).attrs.level === 3)
      .map(textOf);
    const groups = ['block', 'warn', 'intended'].map(
      (g) => `${translate('en', `review:report.severity.${g}`)} (1)`,
    );
    expect(heads.filter((h) => groups.includes(h.trim()))).toEqual(groups);
  });

  it('draws the map from what it holds (kinds present and missing, the regulation, the questions), in zh', () => {
    const text = textOf(
      reportDocument(review([]), { caseId: 7, category: 'EB1A', date: '2026-11-29' }, 'zh'),
    );
    for (const s of [
      'Membership',
      '8 CFR 204.5(h)(3)(ii)',
      'Dues receipt',
      'Bylaws on admission',
      'Sustained national or international acclaim',
      translate('zh', 'review:report.map_field.missing'),
      translate('zh', 'review:report.none'),
      translate('zh', 'review:report.title'),
    ]) {
      expect(text).toContain(s);
    }
  });
});
