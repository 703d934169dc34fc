/**
 * Viewer bombs and undecodable content (issue 27 item 9, decision 0053). Every stream a reader decodes is
 * measured through each of its filters, content streams included: an image codec on a content stream is
 * refused (too_large when it declares more than a printed page needs, damaged otherwise), a stream that
 * expands past the budget through any filter chain is too_large, a content stream that breaks off is cut to
 * its last whole operator. Bomb inputs are never given to a reader; every accepted output passes
 * `qpdf --check` and opens in poppler and mupdf.
 */
import { describe, expect, it } from 'vitest';
import {
  ascii85Jbig2ImagePdf,
  BOMB_SIDE,
  ccittContentBombPdf,
  dctContentPdf,
  emptyFlateContentPdf,
  encodedContentPdf,
  inlineImageBombPdf,
  inlineImagePdf,
  jbig2ContentBombPdf,
  jbig2ContentSmallPdf,
  jbig2FormBombPdf,
  jbig2GlobalsBombPdf,
  jbig2PaddedImagePdf,
  jpxContentBombPdf,
  lzwBombPdf,
  predictedContentPdf,
  runLengthBombPdf,
  truncatedContentPdf,
  undecodableContentPdf,
  unknownFilterContentPdf,
} from '../../../test/hostile-content-pdfs.ts';
import {
  expectOpensEverywhere,
  pdfToolsAvailable,
  pdftotext,
  qpdfCheck,
  readersVerdict,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { type NormaliseResult, normaliseEvidence } from './index.ts';

const tools = pdfToolsAvailable();

function accepted(r: NormaliseResult): Extract<NormaliseResult, { ok: true }> {
  if (!r.ok) throw new Error(`refused ${r.code}: ${r.message.en}`);
  return r;
}

/** Refused with `code`, the message naming the file in both languages (and containing `en` if given). */
function expectRefused(r: NormaliseResult, file: string, code: string, en?: string) {
  if (r.ok) throw new Error(`${file} was accepted; expected ${code}`);
  expect(r.code, file).toBe(code);
  expect(r.message.en).toContain(`“${file}”`);
  expect(r.message.zh).toContain(`“${file}”`);
  if (en) expect(r.message.en).toContain(en);
}

const huge = `contains an image of ${BOMB_SIDE} × ${BOMB_SIDE} pixels`;

describe('an image codec on a content stream is refused, never handed to a reader', () => {
  it('issue 27 item 9: a page whose content is JBIG2 declaring a 100,000² region → too_large', async () => {
    const input = jbig2ContentBombPdf();
    expect(input.length).toBeLessThan(2048);
    expect(Buffer.from(input).toString('latin1')).toContain('/Filter /JBIG2Decode');
    const r = await normaliseEvidence({ bytes: input, filename: 'page.pdf' });
    expectRefused(r, 'page.pdf', 'too_large', `“page.pdf” ${huge} that needs 1192 MB`);
    expect(!r.ok && r.message.zh).toContain(`含有一张 ${BOMB_SIDE} × ${BOMB_SIDE} 像素的图像`);
  });

  it('the same bomb as a form XObject the page draws → too_large', async () => {
    const r = await normaliseEvidence({ bytes: jbig2FormBombPdf(), filename: 'form.pdf' });
    expectRefused(r, 'form.pdf', 'too_large', huge);
  });

  it('DCT content whose frame says 65,535² (12.9 GB) → too_large; a small frame → damaged', async () => {
    const big = await normaliseEvidence({ bytes: dctContentPdf(), filename: 'dct.pdf' });
    expectRefused(big, 'dct.pdf', 'too_large', 'contains an image of 65535 × 65535 pixels');
    const small = await normaliseEvidence({ bytes: dctContentPdf(16), filename: 'dct-small.pdf' });
    expectRefused(small, 'dct-small.pdf', 'damaged');
  });

  it('CCITT content of /Columns 100000 /Rows 100000 → too_large', async () => {
    const r = await normaliseEvidence({ bytes: ccittContentBombPdf(), filename: 'fax.pdf' });
    expectRefused(r, 'fax.pdf', 'too_large', huge);
  });

  it('JPEG 2000 content whose SIZ declares 100,000² → too_large', async () => {
    const r = await normaliseEvidence({ bytes: jpxContentBombPdf(), filename: 'jpx.pdf' });
    expectRefused(r, 'jpx.pdf', 'too_large', huge);
  });

  it('content of which not one operator decodes → damaged, not a blank page', async () => {
    const r = await normaliseEvidence({ bytes: undecodableContentPdf(), filename: 'blank.pdf' });
    expectRefused(r, 'blank.pdf', 'damaged', '“blank.pdf” is damaged');
  });

  it('an empty content stream under /FlateDecode is the blank page it was, accepted', async () => {
    const r = accepted(await normaliseEvidence({ bytes: emptyFlateContentPdf(), filename: 'empty.pdf' }));
    expect(r.pageCount).toBe(1);
  });

  it('JBIG2 content of a 100 × 100 page, or a filter nobody knows → damaged', async () => {
    const small = await normaliseEvidence({ bytes: jbig2ContentSmallPdf(), filename: 'small.pdf' });
    expectRefused(small, 'small.pdf', 'damaged', '“small.pdf” is damaged');
    const unknown = await normaliseEvidence({ bytes: unknownFilterContentPdf(), filename: 'snappy.pdf' });
    expectRefused(unknown, 'snappy.pdf', 'damaged');
  });
});

describe('image sizes are read through every wrapper, and inline images count', () => {
  it('a 100 × 100 JBIG2 image whose /JBIG2Globals declare a 100,000² region → too_large', async () => {
    const r = await normaliseEvidence({ bytes: jbig2GlobalsBombPdf(), filename: 'globals.pdf' });
    expectRefused(r, 'globals.pdf', 'too_large', huge);
  });

  it('a 100 × 100 image whose ASCII85-wrapped JBIG2 data declares 100,000² → too_large', async () => {
    const r = await normaliseEvidence({ bytes: ascii85Jbig2ImagePdf(), filename: 'a85.pdf' });
    expectRefused(r, 'a85.pdf', 'too_large', huge);
  });

  it('a wrapped JBIG2 image too long to read its sizes from (17 MB before its page) → damaged', async () => {
    const input = jbig2PaddedImagePdf();
    expect(input.length).toBeLessThan(64 * 1024);
    const r = await normaliseEvidence({ bytes: input, filename: 'padded.pdf' });
    expectRefused(r, 'padded.pdf', 'damaged');
  });

  it('an inline image declaring 100,000² RGB in the page content → too_large', async () => {
    const r = await normaliseEvidence({ bytes: inlineImageBombPdf(), filename: 'inline.pdf' });
    expectRefused(r, 'inline.pdf', 'too_large', `${huge} that needs 28610 MB`);
    // Its EI the last bytes of the stream.
    const last = await normaliseEvidence({ bytes: inlineImageBombPdf(true), filename: 'inline-end.pdf' });
    expectRefused(last, 'inline-end.pdf', 'too_large', huge);
  });
});

describe('streams that expand past the budget through any filter chain', () => {
  it('LZW (/EarlyChange 0) under Flate: a few KB that expand to 600 MB → too_large', async () => {
    const input = lzwBombPdf();
    expect(input.length).toBeLessThan(16 * 1024);
    const r = await normaliseEvidence({ bytes: input, filename: 'lzw.pdf' });
    expectRefused(r, 'lzw.pdf', 'too_large', '“lzw.pdf” expands to more than 512 MB when opened');
  });

  it('RunLength under Flate: 128-byte runs, 600 MB from a few KB → too_large', async () => {
    const input = runLengthBombPdf();
    expect(input.length).toBeLessThan(64 * 1024);
    const r = await normaliseEvidence({ bytes: input, filename: 'rle.pdf' });
    expectRefused(r, 'rle.pdf', 'too_large', '“rle.pdf” expands to more than 512 MB when opened');
  });
});

describe.skipIf(!tools)('accepted content decodes everywhere: qpdf --check clean', () => {
  const chains = [
    { filters: ['LZWDecode'], parms: ['<< /EarlyChange 0 >>'] },
    { filters: ['LZWDecode'], parms: [] },
    { filters: ['RunLengthDecode'], parms: [] },
    { filters: ['ASCIIHexDecode'], parms: [] },
    { filters: ['ASCII85Decode', 'FlateDecode'], parms: [] },
    { filters: ['FlateDecode', 'FlateDecode'], parms: [] },
    { filters: ['ASCII85Decode', 'LZWDecode', 'RunLengthDecode'], parms: [] },
  ] as const;
  for (const { filters, parms } of chains) {
    it(`keeps a page encoded with [${filters.join(' ')}]${parms.length ? ` ${parms.join(' ')}` : ''}`, async () => {
      const input = encodedContentPdf('Through filters', filters, parms);
      // The input itself is what readers decode: the encoders here are right.
      expect(readersVerdict(input).qpdf.status).toBe(0);
      expect(pdftotext(writeTempPdf(input))).toContain('Through filters');
      const r = accepted(await normaliseEvidence({ bytes: input, filename: 'filters.pdf' }));
      expectOpensEverywhere(r.pdf, 1);
      expect(pdftotext(writeTempPdf(r.pdf))).toContain('Through filters');
    });
  }

  it('cuts a content stream that breaks off mid-string to its last whole operator', async () => {
    const input = truncatedContentPdf();
    const before = qpdfCheck(writeTempPdf(input));
    expect(before.status).not.toBe(0);
    expect(before.output).toContain('EOF while reading token');

    const r = accepted(await normaliseEvidence({ bytes: input, filename: 'cut.pdf' }));
    expect(r.notes.join()).toContain('1 corrupt stream(s) cut to the part that decodes');
    const { qpdf } = expectOpensEverywhere(r.pdf, 1, { tolerated: readersVerdict(input).errors });
    expect(qpdf.output).not.toContain('EOF while reading token');
    expect(pdftotext(writeTempPdf(r.pdf))).toContain('Kept line');
  });

  for (const type of [0, 1, 2, 3, 4]) {
    it(`keeps a page whose Flate content has PNG predictor rows of type ${type}, and cuts it when it breaks off`, async () => {
      const whole = predictedContentPdf(type);
      expect(pdftotext(writeTempPdf(whole))).toContain('Second line');
      const r = accepted(await normaliseEvidence({ bytes: whole, filename: 'predicted.pdf' }));
      expectOpensEverywhere(r.pdf, 1);
      expect(pdftotext(writeTempPdf(r.pdf))).toContain('Second line');

      const cut = predictedContentPdf(type, true);
      const c = accepted(await normaliseEvidence({ bytes: cut, filename: 'predicted-cut.pdf' }));
      expect(c.notes.join()).toContain('1 corrupt stream(s) cut');
      expectOpensEverywhere(c.pdf, 1, { tolerated: readersVerdict(cut).errors });
      expect(pdftotext(writeTempPdf(c.pdf))).toContain('Predicted');
    });
  }

  it('keeps a page with a small inline image', async () => {
    const r = accepted(await normaliseEvidence({ bytes: inlineImagePdf(), filename: 'inline-ok.pdf' }));
    expectOpensEverywhere(r.pdf, 1);
    expect(pdftotext(writeTempPdf(r.pdf))).toContain('Inline small');
  });
});
