import { ZExhibitText } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrConfig } from '../src/config.ts';
import { uploadPageText } from '../src/db/schema/index.ts';
import { runUploadNormalise } from '../src/jobs/uploads-normalise.handler.ts';
import { pageTextsOf } from '../src/modules/review/review-texts.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { evidenceCalls, type Owner, onCase } from './evidence-helpers.ts';
import { injectAs } from './factories.ts';
import { ocrToolsInstalled, scannedPdf } from './scanned-pdf.ts';
import { shopTestConfig } from './shop-factories.ts';
import { newStaff } from './staff-factories.ts';
import { taskCalls, taskOwner } from './task-helpers.ts';
import { startUploadApp, stopUploadApp, tusClient } from './upload-helpers.ts';

/**
 * Exhibit text with OCR (issue 33 item 1, decision 0085): scanned pages built here (English and Chinese text
 * typeset, rasterised, put on image-only pages) go through the real upload and its check; the text OCR found is
 * served by GET …/exhibit-text/{upload_id}/ to the customer and to staff handling the case's task, and read by
 * the case review. Without Tesseract (outside CI) the suite is skipped and says so; under CI it must run.
 */
const tools = ocrToolsInstalled();
if (!tools && process.env.CI !== 'true') {
  console.log('SKIPPED exhibit-text-ocr: tesseract (eng, chi_sim) or pdftoppm is not installed');
}

let t: TestApp;
let base = '';
const tus = tusClient(
  () => t,
  () => base,
);
const api = taskCalls(() => t);
const ev = evidenceCalls(() => t);

const ENGLISH = ['Outstanding research in robotics', 'Award for medical imaging'];
const CHINESE = ['推荐信', '杰出人才证明材料'];
let scan: Uint8Array;
const claimed = new Set<number>();

describe.runIf(tools || process.env.CI === 'true')('exhibit text with OCR', () => {
  let a: Owner;
  let b: Owner;
  let aUpload: number;

  beforeAll(async () => {
    t = await buildTestApp({ config: { ...shopTestConfig(), rateLimitPerMinute: 100_000 } });
    base = await startUploadApp(t);
    scan = await scannedPdf([ENGLISH, CHINESE]);
    a = await taskOwner(t);
    b = await taskOwner(t);
  }, 120_000);
  afterAll(() => stopUploadApp(t));

  /** The scan uploaded by `o`, checked with `ocr` in force, and used as an evidence file of the case. */
  async function evidenceScan(o: Owner, ocr: Partial<OcrConfig> = {}): Promise<number> {
    const { upload: u } = await tus.upload(o.user, 'scan.pdf', scan);
    const saved = t.ctx.config.ocr;
    // OCR is off in test apps unless asked (build-test-app.ts): on here, with the shipped default page cap.
    t.ctx.config.ocr = { ...saved, maxPages: 60, ...ocr };
    try {
      expect(await runUploadNormalise(t.ctx, { uploadId: u!.id })).toBe('ready');
    } finally {
      t.ctx.config.ocr = saved;
    }
    if (!claimed.has(o.caseId)) {
      expect((await ev.claim(o, ['awards'])).statusCode).toBe(200);
      claimed.add(o.caseId);
    }
    const folder = await ev.folder(o, 'awards', `Scans ${u!.id}`);
    const r = await onCase(t, o)('POST', `evidence/${folder}/files/`, {
      name: `Scan ${u!.id}`,
      needs_translation: false,
      original_upload_id: u!.id,
    });
    expect(r.statusCode, r.body).toBe(200);
    return u!.id;
  }

  const customerText = (o: Owner, uploadId: number, lang = 'en') =>
    injectAs(t, 'GET', `/api/customer/case/${o.caseId}/exhibit-text/${uploadId}/`, { user: o.user, lang });

  it('finds the English words and the Chinese characters of scanned pages, source ocr, for the customer and the review', {
    timeout: 120_000,
  }, async () => {
    aUpload = await evidenceScan(a);
    const r = await customerText(a, aUpload);
    expect(r.statusCode, r.body).toBe(200);
    const body = ZExhibitText.parse(r.json());
    expect(body.pages.map((p) => p.source)).toEqual(['ocr', 'ocr']);
    expect(body.note).toBeNull();
    for (const word of ['Outstanding', 'robotics', 'medical', 'imaging'])
      expect(body.pages[0]!.text).toContain(word);
    for (const chars of ['推荐信', '杰出人才']) expect(body.pages[1]!.text).toContain(chars);
    const [row] = await t.ctx.db.db.select().from(uploadPageText).where(eq(uploadPageText.uploadId, aUpload));
    expect(row).toMatchObject({ source: 'ocr', pageSources: ['ocr', 'ocr'] });
    // The case review's text rules read the same store (review-texts.ts).
    const texts = (await pageTextsOf(t.ctx, [aUpload])).get(aUpload);
    expect(texts?.[1]).toContain('杰出人才');
  });

  it('gives 404 to another customer, on their own case or on the owner’s, and for an id nothing uses', async () => {
    expect(
      (await injectAs(t, 'GET', `/api/customer/case/${a.caseId}/exhibit-text/${aUpload}/`, { user: b.user }))
        .statusCode,
    ).toBe(404);
    const other = await customerText(b, aUpload, 'zh');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('not_found');
    // Uploaded by A but not used by any file of the case: not an exhibit.
    const { upload: loose } = await tus.upload(a.user, 'loose.pdf', scan);
    expect((await customerText(a, loose!.id)).statusCode).toBe(404);
    expect((await customerText(a, 2_147_483_000)).statusCode).toBe(404);
  });

  it('serves staff who handle the case’s task; 404 for a staff member without it and for another case’s upload', {
    timeout: 60_000,
  }, async () => {
    const { translation, review } = await api.tasksOf(a);
    const url = (task: number, id: number) => `/api/staff/task/${task}/exhibit-text/${id}/`;
    const translator = await newStaff(t, 'translator');
    const r = await api.asStaff(translator, 'GET', url(translation.id, aUpload), { lang: 'zh' });
    expect(r.statusCode, r.body).toBe(200);
    expect(ZExhibitText.parse(r.json()).pages[1]!.text).toContain('推荐信');
    // The translator does not handle review tasks, the reviewer not translation tasks: 404, not 403.
    expect((await api.asStaff(translator, 'GET', url(review.id, aUpload))).statusCode).toBe(404);
    const reviewer = await newStaff(t, 'reviewer');
    expect((await api.asStaff(reviewer, 'GET', url(translation.id, aUpload))).statusCode).toBe(404);
    // B's task does not reach A's upload.
    const bTasks = await api.tasksOf(b);
    expect((await api.asStaff(translator, 'GET', url(bTasks.translation.id, aUpload))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(translation.id, aUpload) })).statusCode).toBe(401);
  });

  it('skips a page past its time limit with a note naming the pages (zh/en)', {
    timeout: 60_000,
  }, async () => {
    const id = await evidenceScan(a, { pageTimeoutMs: 50 });
    for (const lang of ['en', 'zh'] as const) {
      const body = ZExhibitText.parse((await customerText(a, id, lang)).json());
      expect(body.pages).toEqual([
        { page: 1, text: '', source: 'ocr_timeout' },
        { page: 2, text: '', source: 'ocr_timeout' },
      ]);
      expect(body.note).toBe(translate(lang, 'assistant:exhibit_text.ocr_timeout', { pages: '1–2' }));
    }
    const [row] = await t.ctx.db.db.select().from(uploadPageText).where(eq(uploadPageText.uploadId, id));
    expect(row?.source).toBe('layer');
  });

  it('says OCR is not installed when the tesseract binary is missing, and the file is still accepted', {
    timeout: 60_000,
  }, async () => {
    const id = await evidenceScan(a, { tesseractBin: '/nonexistent/bin/tesseract' });
    for (const lang of ['en', 'zh'] as const) {
      const body = ZExhibitText.parse((await customerText(a, id, lang)).json());
      expect(body.pages.map((p) => [p.source, p.text])).toEqual([
        ['ocr_unavailable', ''],
        ['ocr_unavailable', ''],
      ]);
      expect(body.note).toBe(translate(lang, 'assistant:exhibit_text.ocr_unavailable', { pages: '1–2' }));
    }
  });
});
