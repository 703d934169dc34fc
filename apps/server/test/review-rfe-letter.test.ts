import { type TReview, ZReview, ZRfe } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseFiling, filingReceipt } from '../src/db/schema/index.ts';
import { customerToday } from '../src/modules/customer/customer.clock.ts';
import { CRITERION_CONTENT } from '../src/modules/evidence/criteria-content.ts';
import { addDays } from '../src/modules/rfe/rfe.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { evidenceCalls, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

/**
 * The case review over the RFE response letter (issue 32 item 4, decision 0077 "Review of the response letter"):
 * a pin past its exhibit's pages and a paragraph that argues without citing are warnings at the letter's paragraph
 * (Schedule tab, rfe_response#<n>), labelled with the RFE's numbering; the petition's findings do not change.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const ev = evidenceCalls(() => t);
const txt = (text: string) => ({ type: 'text' as const, text });
const ref = (id: string, pages?: { from: number; to: number }) => ({
  type: 'reference' as const,
  attrs: { kind: 'exhibit', id, ...(pages ? { pages, pinned_pages: 3 } : {}) },
});
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const heading = (text: string) => ({ type: 'heading', attrs: { level: 2 }, content: [txt(text)] });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

/** 28 words arguing the award, citing nothing. */
const ARGUES =
  "The petitioner's award is a national prize given each year to a handful of researchers selected by an independent jury of senior scientists from across the whole country.";
/** 27 words arguing judging, citing nothing. */
const JUDGES =
  'The petitioner has reviewed manuscripts for the leading journals of the field for six years, which shows that peers trust the judgement of the petitioner on the work of others.';

/**
 * An EB-1A case claiming awards, four folders of one 2-page file each (3 pages as stamped: tab page and file),
 * mailed with a snapshot numbering them 1, 2 and 10 (folder 4 is new: Exhibit 11 in the RFE, 4 in the case).
 */
async function filedCase() {
  const o = await owner(t);
  const c = await onCase(t, o)('PUT', 'criteria/', { criteria: ['awards'], version: 0 });
  expect(c.statusCode, c.body).toBe(200);
  const folders: number[] = [];
  for (let i = 0; i < 4; i++) folders.push(await ev.folder(o, 'awards', `F${i + 1}`));
  for (const f of folders) await ev.file(o, f, `File of ${f}`);
  const now = t.clock.now();
  await t.ctx.db.db.insert(caseFiling).values({
    caseId: o.caseId,
    mailedOn: '2026-03-02',
    stage: 'receipted',
    exhibitSnapshot: {
      taken_at: now.toISOString(),
      exhibits: [
        { folder_id: folders[0]!, number: 1, name_en: 'Exhibit 1' },
        { folder_id: folders[1]!, number: 2, name_en: 'Exhibit 2' },
        { folder_id: folders[2]!, number: 10, name_en: 'Exhibit 10' },
      ],
    },
    createdAt: now,
    updatedAt: now,
  });
  const [r] = await t.ctx.db.db
    .insert(filingReceipt)
    .values({
      caseId: o.caseId,
      form: 'I-140',
      receiptNumber: `IOE09${String(o.caseId).padStart(8, '0')}`,
      noticeDate: '2026-03-10',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: filingReceipt.id });
  return { o, folders, receipt: r!.id };
}

/** An RFE: finding 1 (awards) answered by filed folder 2 and new folder 4; finding 2 (judging, not claimed). */
async function withRfe(o: Owner, folders: number[], receipt: number) {
  const call = onCase(t, o);
  const today = await customerToday(t.ctx, o.user.customerId);
  let r = await call('POST', 'rfe/', {
    kind: 'rfe',
    receipt_id: receipt,
    notice_date: addDays(today, -5),
    due_date: null,
    notice_upload_id: null,
  });
  expect(r.statusCode, r.body).toBe(200);
  const rfeId = r.json().id as number;
  for (const [text, criterion] of [
    ['The awards are not nationally recognised.', 'awards'],
    ['The record does not show judging of the work of others.', 'judge'],
  ] as const) {
    r = await call('POST', `rfe/${rfeId}/finding/`, {
      mode: 'quoted',
      text,
      criterion,
      note: null,
      position: null,
    });
    expect(r.statusCode, r.body).toBe(200);
  }
  const findingId = ZRfe.parse(r.json()).findings[0]!.id;
  r = await call('PUT', `rfe/${rfeId}/finding/${findingId}/exhibits/`, {
    exhibits: [
      { folder_id: folders[1], reprint: false },
      { folder_id: folders[3], reprint: false },
    ],
  });
  expect(r.statusCode, r.body).toBe(200);
  const rfe = ZRfe.parse(r.json());
  expect(rfe.exhibits.find((e) => e.folder_id === folders[3])!.label).toBe('Exhibit 11');
  return rfeId;
}

const review = async (o: Owner, lang: 'en' | 'zh' = 'en') => {
  const r = await onCase(t, o)('GET', 'review/', undefined, lang);
  expect(r.statusCode, r.body).toBe(200);
  return ZReview.parse(r.json());
};
const inResponse = (rep: TReview) =>
  rep.findings.filter((f) => f.places.some((p) => p.target?.startsWith('rfe_response#')));
const petitionKeys = (rep: TReview) =>
  rep.findings
    .filter((f) => !f.places.some((p) => p.target?.startsWith('rfe_response#')))
    .map((f) => `${f.key}|${f.severity}|${f.title}`)
    .sort();

describe('case review of the RFE response letter', () => {
  it('warns of a pin past its exhibit and of an arguing paragraph that cites nothing, by the RFE numbering (zh/en); the petition unchanged', async () => {
    const { o, folders, receipt } = await filedCase();
    const call = onCase(t, o);
    // The petition letter argues the award without a citation and pins folder 4 past its pages: its own findings.
    let r = await call('PUT', 'documents/petition_letter/', {
      version: 0,
      content: doc(
        heading('Awards'),
        para(txt(ARGUES)),
        para(txt('See '), ref(`folder:${folders[3]}`, { from: 9, to: 10 })),
      ),
    });
    expect(r.statusCode, r.body).toBe(200);
    const before = await review(o);
    const petitionPin = before.findings.find((f) => f.rule === 'pins')!;
    // The petition's pin blocks, labelled by the case numbering (folder 4 is Exhibit 4 there).
    expect(petitionPin).toMatchObject({
      severity: 'block',
      title: expect.stringContaining('Exhibit 4, pp. 9–10'),
    });
    expect(before.findings.some((f) => f.key.startsWith('unsupported:awards:'))).toBe(true);

    await withRfe(o, folders, receipt);
    // An RFE and no response letter yet: nothing of the letter.
    expect(inResponse(await review(o))).toEqual([]);

    r = await call('PUT', 'documents/rfe_response/', {
      version: 0,
      content: doc(
        para(
          txt(
            'This letter responds to the Request for Evidence and explains the evidence that the petitioner submits now in support.',
          ),
        ),
        heading('Criterion: Awards'),
        para(txt(ARGUES)),
        para(txt('The jury list is at '), ref(`folder:${folders[3]}`, { from: 9, to: 10 }), txt('.')),
        para(txt('The certificate is at '), ref(`folder:${folders[1]}`, { from: 2, to: 3 }), txt('.')),
        para(
          txt('See also '),
          ref(`folder:${folders[2]}`, { from: 4, to: 4 }),
          txt(' and '),
          ref(`folder:${folders[3]}`, { from: 9, to: 10 }),
        ),
        heading('Judging'),
        para(txt(JUDGES)),
        para(txt('We respectfully request approval.')),
      ),
    });
    expect(r.statusCode, r.body).toBe(200);

    for (const lang of ['en', 'zh'] as const) {
      const after = await review(o, lang);
      const found = inResponse(after);
      // Warnings only: a block would hold back the original packet.
      expect(found.every((f) => f.severity === 'warn')).toBe(true);
      const pins = found.filter((f) => f.rule === 'pins').sort((a, b) => a.key.localeCompare(b.key));
      expect(pins.map((f) => f.key).sort()).toEqual(
        [
          `pins:rfe_response:beyond:folder:${folders[2]}:4-4`,
          `pins:rfe_response:beyond:folder:${folders[3]}:9-10`,
        ].sort(),
      );
      const place = (n: number, key: 'pins' | 'unsupported') => ({
        tab: 'schedule',
        target: `rfe_response#${n}`,
        label: translate(lang, `review:${key}.place_rfe`, { n }),
      });
      const pin11 = pins.find((f) => f.key.endsWith(`folder:${folders[3]}:9-10`))!;
      const label11 = lang === 'en' ? 'Exhibit 11, pp. 9–10' : '证据 11，第 9–10 页';
      expect(pin11.title).toBe(translate(lang, 'review:pins.beyond_title', { label: label11 }));
      expect(pin11.detail).toContain(label11);
      // One finding for the pin, a place per paragraph that holds it.
      expect(pin11.places).toEqual([place(4, 'pins'), place(6, 'pins')]);
      const pin10 = pins.find((f) => f.key.endsWith(`folder:${folders[2]}:4-4`))!;
      expect(pin10.title).toContain(lang === 'en' ? 'Exhibit 10, p. 4' : '证据 10，第 4 页');
      expect(pin10.places).toEqual([place(6, 'pins')]);

      const unsupported = found.filter((f) => f.rule === 'unsupported');
      // The award's paragraph, and the judging one (a criterion the RFE names, not claimed); not the introduction,
      // the cited paragraphs or the short closing one.
      expect(unsupported.map((f) => f.places)).toEqual([
        [place(3, 'unsupported')],
        [place(8, 'unsupported')],
      ]);
      expect(unsupported.map((f) => f.key.split(':').slice(0, 3).join(':'))).toEqual([
        'unsupported:rfe_response:awards',
        'unsupported:rfe_response:judge',
      ]);
      expect(unsupported[0]!.detail).toContain(ARGUES.slice(0, 60));
      expect(unsupported[0]!.detail).toBe(
        translate(lang, 'review:unsupported.detail_rfe', {
          criterion: CRITERION_CONTENT.awards.label[lang],
          n: 3,
          excerpt: `${ARGUES.slice(0, 120)}…`,
        }),
      );
      expect(unsupported[1]!.title).toBe(
        translate(lang, 'review:unsupported.title', { criterion: CRITERION_CONTENT.judge.label[lang] }),
      );

      // The petition's findings are what they were before the RFE and the letter (keys, severities, titles).
      if (lang === 'en') expect(petitionKeys(after)).toEqual(petitionKeys(before));
    }
  });

  it('a pin within its exhibit, and a response letter without an RFE-numbered target, give nothing', async () => {
    const { o, folders, receipt } = await filedCase();
    await withRfe(o, folders, receipt);
    const call = onCase(t, o);
    const r = await call('PUT', 'documents/rfe_response/', {
      version: 0,
      content: doc(
        heading('Awards'),
        para(
          txt(ARGUES.replace('.', ', as ')),
          ref(`folder:${folders[3]}`, { from: 1, to: 3 }),
          txt(' shows.'),
        ),
        // A file reference is not numbered by the RFE: the packet refuses it (decision 0080), the pins rule skips it.
        para(txt('See '), ref(`file:999999`, { from: 40, to: 41 })),
      ),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(inResponse(await review(o))).toEqual([]);
  });
});
