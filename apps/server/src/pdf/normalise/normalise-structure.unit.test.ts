/**
 * Hostile PDF structure (decision 0015): each test builds a file with the damage really in it,
 * checks that the damage is there (and what readers make of it), normalises it, and checks the
 * result opens in qpdf, poppler and mupdf with the same page count.
 */
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  AWKWARD_TITLE,
  encryptedTitlePdf,
  hugeObjectNumbersPdf,
  lyingCountPdf,
  lyingKeyLengthPdf,
  pageTreeLoopPdf,
} from '../../../test/hostile-pdfs.ts';
import {
  expectOpensEverywhere,
  pdfinfo,
  pdfToolsAvailable,
  pdftotext,
  qpdfCheck,
  readersVerdict,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { type NormaliseResult, normaliseEvidence } from './index.ts';

const tools = pdfToolsAvailable();
const text = (bytes: Uint8Array) => pdftotext(writeTempPdf(bytes));
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

function accepted(r: NormaliseResult): Extract<NormaliseResult, { ok: true }> {
  if (!r.ok) throw new Error(`refused ${r.code}: ${r.message.en}`);
  return r;
}

describe.skipIf(!tools)('hostile PDF structure', () => {
  it('rebuilds a page tree whose /Count is absurd (9,999,999,999) from the pages found', async () => {
    const input = lyingCountPdf('absurd');
    expect(latin1(input)).toContain('/Count 9999999999');
    const before = readersVerdict(input);
    expect(before.poppler).not.toBe(2); // poppler: "Invalid page count"; mupdf: 1,410,065,407 pages
    expect(before.mupdf).not.toBe(2);

    const r = accepted(await normaliseEvidence({ bytes: input, filename: 'count.pdf' }));
    expect(r.pageCount).toBe(2);
    expectOpensEverywhere(r.pdf, 2);
    const out = await PDFDocument.load(r.pdf);
    const pages = out.catalog.lookup(PDFName.of('Pages'), PDFDict);
    expect(pages.get(PDFName.of('Count'))).toEqual(PDFNumber.of(2)); // direct, and right
    expect(text(r.pdf)).toMatch(/First page[\s\S]*Second page/);
  });

  it('rebuilds a page tree whose /Count is an indirect object (saying 7 for 2 pages)', async () => {
    const input = lyingCountPdf('indirect');
    expect(latin1(input)).toMatch(/\/Count 20 0 R/);
    expect(readersVerdict(input).mupdf).toBe(7);

    const r = accepted(await normaliseEvidence({ bytes: input, filename: 'count-ref.pdf' }));
    expectOpensEverywhere(r.pdf, 2);
    expect(latin1(r.pdf)).not.toMatch(/\/Count \d+ \d+ R/);
  });

  it('renumbers objects numbered 2^31 and above (readers: "integer out of range")', async () => {
    const input = hugeObjectNumbersPdf();
    expect(latin1(input)).toContain(`${2 ** 31} 0 obj`);
    expect(qpdfCheck(writeTempPdf(input)).status).toBe(2);

    const r = accepted(await normaliseEvidence({ bytes: input, filename: 'numbers.pdf' }));
    expectOpensEverywhere(r.pdf, 1);
    const numbers = [...latin1(r.pdf).matchAll(/(\d+) 0 obj/g)].map((m) => Number(m[1]));
    expect(Math.max(...numbers)).toBeLessThan(10);
    expect(text(r.pdf)).toContain('Numbered high');
  });

  for (const method of ['rc4', 'aes'] as const) {
    it(`escapes ( ) \\ in strings decrypted from an owner-password file (${method})`, async () => {
      const input = encryptedTitlePdf(method);
      const path = writeTempPdf(input);
      expect(pdfinfo(path).Encrypted).toMatch(/^yes/);
      expect(qpdfCheck(path).status).toBe(0);
      expect(pdfinfo(path).Title).toBe(AWKWARD_TITLE);

      const r = accepted(await normaliseEvidence({ bytes: input, filename: `title-${method}.pdf` }));
      expectOpensEverywhere(r.pdf, 1);
      expect(pdfinfo(writeTempPdf(r.pdf)).Title).toBe(AWKWARD_TITLE);
      expect(text(r.pdf)).toContain('Encrypted page');
    });
  }

  it('recovers the pages of a page-tree loop that mupdf still renders', async () => {
    const input = pageTreeLoopPdf();
    expect(latin1(input)).toMatch(/\/Kids \[5 0 R 2 0 R\]/); // node 11 lists the root again
    const before = readersVerdict(input);
    expect(before.qpdf.status).toBe(2);
    expect(before.mupdf).toBe(2);

    const r = accepted(await normaliseEvidence({ bytes: input, filename: 'loop.pdf' }));
    expect(r.pageCount).toBe(2);
    expect(r.notes.join()).toContain('page tree rebuilt');
    expectOpensEverywhere(r.pdf, 2);
    expect(text(r.pdf)).toMatch(/Before the loop[\s\S]*Inside the loop/);
  });

  it('opens a file that every reader opens with the empty password, not "password protected"', async () => {
    const input = lyingKeyLengthPdf({ corruptPage2: true });
    const path = writeTempPdf(input);
    expect(pdfinfo(path).Encrypted).toMatch(/^yes/); // and no password was given
    const before = readersVerdict(input);
    expect([before.poppler, before.mupdf]).toEqual([2, 2]);
    expect(before.errors.join()).toMatch(/flate|zlib/i); // page 2's stream does not decode

    const r = accepted(await normaliseEvidence({ bytes: input, filename: 'quirky-key.pdf' }));
    expect(r.pageCount).toBe(2);
    expect(r.notes.join()).toMatch(/corrupt stream/);
    expectOpensEverywhere(r.pdf, 2);
    expect(text(r.pdf)).toContain('First page');
  });

  it('words the refusal by its real cause: damaged, not "password protected"', async () => {
    const input = lyingKeyLengthPdf({ noPages: true });
    const r = await normaliseEvidence({ bytes: input, filename: 'no-pages.pdf' });
    expect(r).toMatchObject({ ok: false, code: 'damaged' });
    expect(!r.ok && r.message.en).toContain('“no-pages.pdf” is damaged');
    expect(!r.ok && r.message.zh).toContain('“no-pages.pdf” 已损坏');
  });

  it('still refuses a file that needs a real open password', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.encrypt({ userPassword: 'open-me', ownerPassword: 'owner' });
    const r = await normaliseEvidence({ bytes: await doc.save(), filename: 'locked.pdf' });
    expect(r).toMatchObject({ ok: false, code: 'password_protected' });
    expect(!r.ok && r.message.en).toContain('“locked.pdf” is protected with an open password');
  });

  it('keeps object references valid: no reference points outside the file', async () => {
    const r = accepted(await normaliseEvidence({ bytes: pageTreeLoopPdf(), filename: 'refs.pdf' }));
    const out = await PDFDocument.load(r.pdf);
    for (const [, obj] of out.context.enumerateIndirectObjects()) {
      if (obj instanceof PDFStream) continue; // binary data may look like "1 0 R"
      for (const m of obj.toString().matchAll(/(\d+) (\d+) R/g)) {
        expect(out.context.lookup(PDFRef.of(Number(m[1]), Number(m[2]))), m[0]).toBeDefined();
      }
    }
  });
});
