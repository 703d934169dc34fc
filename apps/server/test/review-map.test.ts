/**
 * Issue 31 items 1 and 4 (decision 0070): a folder's kind (one of its criterion's kinds, else a localised 400) and
 * evidence date, the planned filing date setting, the kinds list, and the review answering the evidence map.
 */

import { ZCaseSummary, ZEvidenceKinds, ZEvidenceResponse, ZReview } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { caseBuilder, paragraphs, ref, txt } from './case-builder.ts';
import { evidenceCalls, expectError, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const { claim, folder, file, page } = evidenceCalls(() => t);
const { letter, document, summary } = caseBuilder(() => t);
/** 400 evidence_kind_invalid with its message (review namespace) in the caller's language. */
const expectKindInvalid = (
  r: { statusCode: number; body: string; json: () => { code: string; msg: string } },
  lang: 'zh' | 'en',
  kind: string,
) => {
  expect(r.statusCode, r.body).toBe(400);
  expect(r.json()).toMatchObject({ code: 'evidence_kind_invalid', msg: kindInvalid(lang, kind) });
};
const kindInvalid = (lang: 'zh' | 'en', kind: string) =>
  (resources[lang].review as { map: Record<string, string> }).map.kind_invalid!.replace('{{kind}}', kind);

describe('folder kind and evidence date', () => {
  it('stores a kind of the folder’s criterion and a real date; refuses others with a localised 400', async () => {
    const o = await owner(t);
    await claim(o, ['association', 'judge']);
    const id = await folder(o, 'association', 'IEEE membership');
    const call = onCase(t, o);
    const patch = (body: Record<string, unknown>, lang = 'en') =>
      call('PATCH', `evidence/${id}/`, { criterion: 'association', name: 'IEEE membership', ...body }, lang);

    let r = await patch({ kind: 'dues_receipt', evidence_date: '2024-05-01' });
    expect(r.statusCode, r.body).toBe(200);
    let f = ZEvidenceResponse.parse(r.json()).evidence.folders.find((x) => x.id === id)!;
    expect([f.kind, f.evidence_date]).toEqual(['dues_receipt', '2024-05-01']);

    // A kind of another criterion (judging's) or of none: 400 evidence_kind_invalid, zh and en.
    for (const lang of ['en', 'zh'] as const) {
      expectKindInvalid(await patch({ kind: 'invitation_only' }, lang), lang, 'invitation_only');
    }
    expectKindInvalid(await patch({ kind: 'no_such_kind' }), 'en', 'no_such_kind');
    // Not a real day, before 1900, not the format: the contract's 400 (localised), never a 5xx.
    for (const evidence_date of ['2024-02-30', '1899-12-31', '2024-5-1', '20240501', 'x'.repeat(11)]) {
      r = await patch({ evidence_date }, 'zh');
      expect(r.statusCode, `${evidence_date}: ${r.body}`).toBe(400);
      expect(r.json().msg).toMatch(/\p{Script=Han}/u);
    }
    expect((await patch({ kind: 'BAD KIND' })).statusCode).toBe(400);

    // A PATCH without them keeps both; null clears.
    r = await patch({});
    f = ZEvidenceResponse.parse(r.json()).evidence.folders.find((x) => x.id === id)!;
    expect([f.kind, f.evidence_date]).toEqual(['dues_receipt', '2024-05-01']);
    r = await patch({ kind: null, evidence_date: null });
    f = ZEvidenceResponse.parse(r.json()).evidence.folders.find((x) => x.id === id)!;
    expect([f.kind, f.evidence_date]).toEqual([null, null]);

    // Created with a kind; moving to another criterion without a kind clears the old criterion's kind.
    r = await call('POST', 'evidence/', { criterion: 'judge', name: 'Reviews', kind: 'review_record' });
    expect(r.statusCode, r.body).toBe(200);
    const judgeId = ZEvidenceResponse.parse(r.json()).evidence.folders.find((x) => x.name === 'Reviews')!.id;
    expectKindInvalid(
      await call('POST', 'evidence/', { criterion: 'judge', name: 'X', kind: 'dues_receipt' }),
      'en',
      'dues_receipt',
    );
    r = await call('PATCH', `evidence/${judgeId}/`, { criterion: 'association', name: 'Reviews' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await page(o)).folders.find((x) => x.id === judgeId)!.kind).toBeNull();
  });

  it('lists the kinds of the case’s criteria in the caller’s language; another customer’s case is a 404', async () => {
    const o = await owner(t);
    const r = await onCase(t, o)('GET', 'evidence/kinds/', undefined, 'zh');
    expect(r.statusCode, r.body).toBe(200);
    const kinds = ZEvidenceKinds.parse(r.json());
    const assoc = kinds.criteria.find((c) => c.criterion === 'association')!;
    expect(assoc.kinds.find((k) => k.key === 'dues_receipt')).toMatchObject({ counts: false });
    expect(assoc.kinds[0]!.label).toMatch(/\p{Script=Han}/u);
    const b = await owner(t);
    expectError(
      await injectAs(t, 'GET', `/api/customer/case/${o.caseId}/evidence/kinds/`, { user: b.user }),
      404,
      'not_found',
    );
  });
});

describe('planned filing date', () => {
  it('is set, kept by other setting changes, cleared, and refused when not a real day', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    let s = (await summary(o)).settings;
    expect(s.planned_filing_date).toBeNull();
    let r = await call('PATCH', 'settings/', { version: s.version, planned_filing_date: '2027-01-10' });
    expect(r.statusCode, r.body).toBe(200);
    s = ZCaseSummary.parse(r.json()).settings;
    expect(s.planned_filing_date).toBe('2027-01-10');
    r = await call('PATCH', 'settings/', { version: s.version, highlight_name: true });
    s = ZCaseSummary.parse(r.json()).settings;
    expect(s.planned_filing_date).toBe('2027-01-10');
    for (const planned_filing_date of ['2027-02-29', '1800-01-01', 'soon']) {
      r = await call('PATCH', 'settings/', { version: s.version, planned_filing_date }, 'zh');
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toMatch(/\p{Script=Han}/u);
    }
    r = await call('PATCH', 'settings/', { version: s.version, planned_filing_date: null });
    expect(ZCaseSummary.parse(r.json()).settings.planned_filing_date).toBeNull();
  });
});

describe('the review’s evidence map', () => {
  it('answers the map per claimed criterion and the findings; fixing one clears it', async () => {
    const o = await owner(t);
    await claim(o, ['association', 'judge']);
    const call = onCase(t, o);
    const dues = await folder(o, 'association', 'Society dues');
    await file(o, dues, 'Receipt');
    const reviews = await folder(o, 'judge', 'Reviews done');
    await file(o, reviews, 'Review record');
    await call('PATCH', `evidence/${dues}/`, {
      criterion: 'association',
      name: 'Society dues',
      kind: 'dues_receipt',
    });
    await call('PATCH', `evidence/${reviews}/`, {
      criterion: 'judge',
      name: 'Reviews done',
      kind: 'review_record',
      evidence_date: '2027-03-01',
    });
    const expert = await letter(o, 'Prof. Independent', { independent: true });
    const r0 = await call('PATCH', `letters/${expert}/`, {
      name: 'Prof. Independent',
      position: 'Professor',
      needs_translation: false,
      independent: true,
      evidence_folder_ids: [reviews],
    });
    expect(r0.statusCode, r0.body).toBe(200);
    await document(o, 'petition_letter', paragraphs(txt('See '), ref('exhibit', `folder:${reviews}`)));
    const s = (await summary(o)).settings;
    await call('PATCH', 'settings/', { version: s.version, planned_filing_date: '2027-01-10' });

    const read = async (lang = 'en') => {
      const r = await call('GET', 'review/', undefined, lang);
      expect(r.statusCode, r.body).toBe(200);
      return ZReview.parse(r.json());
    };
    let review = await read();
    expect(review.map.planned_filing_date).toBe('2027-01-10');
    const [assoc, judge] = review.map.criteria;
    expect(assoc).toMatchObject({ key: 'association', references: 0, corroboration: [] });
    expect(assoc!.not_counting.map((f) => f.id)).toEqual([dues]);
    expect(judge!.present).toEqual([
      {
        kind: 'review_record',
        label: expect.any(String),
        counts: true,
        folders: [{ id: reviews, name: 'Reviews done', exhibit: 2 }],
      },
    ]);
    expect(judge!.corroboration.map((c) => c.letter_id)).toEqual([expert]);
    expect(judge!.references).toBe(1);
    const keys = review.findings.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'evidence_map:kind_missing:association',
        `evidence_map:not_counting:${dues}`,
        'evidence_map:no_corroboration:association',
        'evidence_map:not_argued:association',
        `priority_date:after_filing:${reviews}`,
      ]),
    );
    expect(keys.filter((k) => k.startsWith('evidence_map:') && k.endsWith(':judge'))).toEqual([]);
    const late = review.findings.find((f) => f.key === `priority_date:after_filing:${reviews}`)!;
    expect(late.detail).toContain('March 1, 2027');
    expect(late.detail).toContain('January 10, 2027');
    expect((await read('zh')).findings.find((f) => f.key === late.key)!.detail).toContain('2027年3月1日');

    // Fixing: the date moves before filing, the folder is tagged with the bylaws.
    await call('PATCH', `evidence/${reviews}/`, {
      criterion: 'judge',
      name: 'Reviews done',
      evidence_date: '2026-03-01',
    });
    await call('PATCH', `evidence/${dues}/`, {
      criterion: 'association',
      name: 'Society dues',
      kind: 'bylaws_admission',
    });
    review = await read();
    const after = review.findings.map((f) => f.key);
    expect(after).not.toContain(`priority_date:after_filing:${reviews}`);
    expect(after).not.toContain('evidence_map:kind_missing:association');
    expect(after).not.toContain(`evidence_map:not_counting:${dues}`);
  });
});
