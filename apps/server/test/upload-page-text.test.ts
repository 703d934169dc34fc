import { PDFDocument, PDFOperator, StandardFonts } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload, uploadPageText } from '../src/db/schema/index.ts';
import { runUploadNormalise } from '../src/jobs/uploads-normalise.handler.ts';
import { pageTextsOf } from '../src/modules/review/review-texts.ts';
import { PAGE_TEXT_MAX_CHARS } from '../src/pdf/text/page-text.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { shopTestConfig } from './shop-factories.ts';
import { entitledCustomer, startUploadApp, stopUploadApp, tusClient } from './upload-helpers.ts';

/**
 * The page text store (issue 31 item 5, decision 0071): the upload check keeps each page's text of an accepted PDF
 * (upload_page_text), capped; the review reads it in one query, falling back to the language sample.
 */
let t: TestApp;
let base = '';
const tus = tusClient(
  () => t,
  () => base,
);

beforeAll(async () => {
  t = await buildTestApp({ config: { ...shopTestConfig(), rateLimitPerMinute: 100_000 } });
  base = await startUploadApp(t);
});
afterAll(() => stopUploadApp(t));

const PAGES = [
  'Dear Officer, I am writing to recommend Dr. Zhang Wei for the classification.',
  'Her work on graph neural networks has been adopted by three hospitals.',
  'Sincerely, Professor Maria Rossi',
];

async function checked(name: string, bytes: Uint8Array) {
  const user = await entitledCustomer(t);
  const { upload: u } = await tus.upload(user, name, bytes);
  expect(await runUploadNormalise(t.ctx, { uploadId: u!.id })).toBe('ready');
  const [row] = await t.ctx.db.db.select().from(uploadPageText).where(eq(uploadPageText.uploadId, u!.id));
  return { id: u!.id, user, row };
}

describe('page text store', () => {
  it('keeps one entry per page of an accepted multi-page PDF, read back by pageTextsOf', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const line of PAGES) pdf.addPage([612, 792]).drawText(line, { x: 40, y: 700, size: 10, font });
    pdf.addPage([612, 792]);
    const { id, row } = await checked('letter.pdf', await pdf.save());
    expect(row).toMatchObject({ source: 'layer', pages: [...PAGES, ''] });
    const [u] = await t.ctx.db.db.select().from(upload).where(eq(upload.id, id));
    // The language sample is the start of the same text.
    expect(u!.textSample).toBe(PAGES.join(' '));
    expect((await pageTextsOf(t.ctx, [id])).get(id)).toEqual([...PAGES, '']);
  });

  it('caps a huge page text layer at PAGE_TEXT_MAX_CHARS characters', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = await pdf.embedFont(StandardFonts.Courier);
    // Sets the font the raw string below is shown in.
    page.drawText('Start', { x: 40, y: 720, size: 10, font });
    // 60,000 characters shown in one string (beyond the page cap), then a second page read as usual.
    page.pushOperators(PDFOperator.of(`BT 40 700 Td (${'abcde fghij '.repeat(5000)}) Tj ET` as never));
    pdf.addPage([612, 792]).drawText('second page', { x: 40, y: 700, size: 10, font });
    const { row } = await checked('huge.pdf', await pdf.save({ useObjectStreams: false }));
    expect(row!.pages).toHaveLength(2);
    expect(row!.pages[0]).toHaveLength(PAGE_TEXT_MAX_CHARS);
    expect(row!.pages[0]!.startsWith('Start abcde fghij abcde')).toBe(true);
    expect(row!.pages[1]).toBe('second page');
  });

  it('falls back to the language sample (as one page) for an upload checked before the store, [] without either', async () => {
    const { id, user } = await checked('a.pdf', await blank());
    await t.ctx.db.db.delete(uploadPageText).where(eq(uploadPageText.uploadId, id));
    await t.ctx.db.db.update(upload).set({ textSample: 'an old sample' }).where(eq(upload.id, id));
    const { upload: other } = await tus.upload(user, 'b.pdf', await blank());
    const texts = await pageTextsOf(t.ctx, [id, other!.id]);
    expect(texts.get(id)).toEqual(['an old sample']);
    // Still checking: neither read.
    expect(texts.get(other!.id)).toEqual([]);
  });
});

async function blank(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  return pdf.save();
}
