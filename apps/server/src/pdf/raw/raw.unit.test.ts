/**
 * The byte-level reader and writer (decision 0044): values read as written, every cross-reference form found in
 * the wild (tables, streams, hybrids, updates, broken offsets), the page tree with what pages inherit, and copies
 * that carry only what the copied pages use — opened afterwards by qpdf, poppler and mupdf.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  mutoolRender,
  pageCount,
  pdfToolsAvailable,
  pdftotext,
  qpdfCheck,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { type RawObject, rawPdf, visibleContent } from '../../../test/raw-pdf.ts';
import { concatenatePdfs } from './document.ts';
import { Parser } from './parse.ts';
import { PdfEncryptedError, RawPdf } from './reader.ts';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, PdfSyntaxError } from './values.ts';
import { fmt, valueText } from './writer.ts';

const tools = pdfToolsAvailable();
const parse = (text: string) => new Parser(Buffer.from(text, 'latin1')).value();
const text = (s: PdfString) => Buffer.from(s.raw).toString('latin1');

/** A document of `pages` pages with Helvetica text, as objects for `rawPdf`. */
function helloObjects(labels: string[], extra: RawObject[] = []): RawObject[] {
  const kids = labels.map((_, i) => `${10 + i * 2} 0 R`).join(' ');
  return [
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    {
      num: 2,
      body: `<< /Type /Pages /Kids [${kids}] /Count ${labels.length} /MediaBox [0 0 612 792] /Resources 3 0 R >>`,
    },
    { num: 3, body: '<< /Font << /F1 4 0 R >> >>' },
    { num: 4, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    ...labels.flatMap((label, i) => [
      { num: 10 + i * 2, body: `<< /Type /Page /Parent 2 0 R /Contents ${11 + i * 2} 0 R >>` },
      { num: 11 + i * 2, body: '<< >>', stream: visibleContent(label) },
    ]),
    ...extra,
  ];
}

const merge = concatenatePdfs;

describe('values', () => {
  it('reads numbers, names, strings, arrays, dictionaries and references as written', () => {
    expect(parse('[1 -2 +3 .5 -.25 4. 0 1 R 7 0 0 1 R]')).toEqual([
      1,
      -2,
      3,
      0.5,
      -0.25,
      4,
      new PdfRef(0, 1),
      7,
      0,
      new PdfRef(0, 1),
    ]);
    const d = parse(
      '<</Type/Page/Title(a (nested) \\) string)/Hex<41 42>/Null null/Kids[3 0 R]>>',
    ) as PdfDict;
    expect(d.name('Type')).toBe('Page');
    expect(text(d.get('Title') as PdfString)).toBe('(a (nested) \\) string)');
    expect(text(d.get('Hex') as PdfString)).toBe('<41 42>');
    // A null entry is the same as no entry (PDF 32000-1 §7.3.7).
    expect(d.has('Null')).toBe(false);
    expect(d.get('Kids')).toEqual([new PdfRef(3, 0)]);
    expect(parse('/A#20B')).toEqual(PdfName.of('A#20B'));
  });

  it('refuses what is not a value, and nesting a hostile file could use to exhaust the stack', () => {
    expect(() => parse('[1 2')).toThrow(PdfSyntaxError);
    expect(() => parse('<< 1 2 >>')).toThrow(PdfSyntaxError);
    expect(() => parse('endobj')).toThrow(PdfSyntaxError);
    expect(() => parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)).toThrow(/nesting too deep/);
  });

  it('writes values back in PDF syntax: numbers without exponents, text strings as UTF-16 when needed', () => {
    expect([fmt(1e-7), fmt(-0.0000001), fmt(123456.78912345), fmt(2), fmt(1 / 3), fmt(-5e-324)]).toEqual([
      '0',
      '0',
      '123456.789123',
      '2',
      '0.333333',
      '0',
    ]);
    expect(valueText(new PdfDict([['A', [1, PdfName.of('B'), new PdfRef(4, 0), null, true]]]))).toBe(
      '<</A [1 /B 4 0 R null true]>>',
    );
    expect(text(PdfString.text('a (b) \\ c'))).toBe('(a \\(b\\) \\\\ c)');
    expect(text(PdfString.text('证据'))).toBe('<FEFF8bc1636e>');
  });
});

describe('reading files', () => {
  it('reads a classic cross-reference table, and the same file with object and cross-reference streams', () => {
    for (const objectStreams of [false, true]) {
      const bytes = rawPdf(helloObjects(['One', 'Two']), { trailer: '/Root 1 0 R', objectStreams });
      const src = RawPdf.open(bytes);
      expect(src.reconstructed).toBe(false);
      const pages = src.pages();
      expect(pages).toHaveLength(2);
      // What a page inherits from the tree comes with it.
      expect(pages[0]!.inherited.MediaBox).toEqual([0, 0, 612, 792]);
      expect(pages[0]!.inherited.Resources).toEqual(new PdfRef(3, 0));
      const content = src.get(11);
      expect(content).toBeInstanceOf(PdfStream);
      expect(Buffer.from(src.decode(content as PdfStream, 1 << 20)).toString('latin1')).toContain('(One) Tj');
    }
  });

  it('finds a stream’s end when its /Length lies, and follows an indirect /Length', () => {
    const data = 'BT /F1 24 Tf 72 500 Td (Lying) Tj ET';
    // Written by hand: the dictionary says 99999, the data is shorter; the second one's length is object 30.
    const raw = rawPdf(
      [
        ...helloObjects(['x']).filter((o) => o.num !== 11),
        { num: 11, body: `<< /Length 99999 >>\nstream\n${data}\nendstream` },
        { num: 30, body: `${data.length}` },
        { num: 31, body: `<< /Length 30 0 R >>\nstream\n${data}\nendstream` },
      ],
      { trailer: '/Root 1 0 R' },
    );
    const src = RawPdf.open(raw);
    expect(Buffer.from((src.get(11) as PdfStream).data).toString('latin1')).toBe(data);
    expect(Buffer.from((src.get(31) as PdfStream).data).toString('latin1')).toBe(data);
  });

  it('indexes a file whose offsets are wrong by scanning for its objects', () => {
    const bytes = Buffer.from(rawPdf(helloObjects(['Shifted']), { trailer: '/Root 1 0 R' }));
    // 40 bytes of junk after the header: every offset in the table is now wrong.
    const broken = Buffer.concat([bytes.subarray(0, 15), Buffer.alloc(40, 0x20), bytes.subarray(15)]);
    const src = RawPdf.open(broken);
    expect(src.reconstructed).toBe(true);
    expect(src.pages()).toHaveLength(1);
    // No trailer or cross-reference data at all: the catalog is found by its /Type.
    const cut = broken.subarray(0, broken.lastIndexOf('xref'));
    expect(RawPdf.open(cut).pages()).toHaveLength(1);
    expect(() => RawPdf.open(Buffer.from('%PDF-1.7\n%%EOF\n'))).toThrow(PdfSyntaxError);
  });

  it('takes the newest version of an object through /Prev, and refuses an encrypted file', () => {
    const first = Buffer.from(rawPdf(helloObjects(['Old']), { trailer: '/Root 1 0 R' }));
    const prev = Number(/startxref\n(\d+)/.exec(first.toString('latin1'))![1]);
    const content = visibleContent('New');
    const at = first.length;
    const obj = `11 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`;
    const xrefAt = at + obj.length;
    const update = `${obj}xref\n11 1\n${String(at).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 12 /Root 1 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const updated = Buffer.concat([first, Buffer.from(update, 'latin1')]);
    const src = RawPdf.open(updated);
    expect(src.reconstructed).toBe(false);
    expect(Buffer.from(src.decode(src.get(11) as PdfStream, 1 << 20)).toString('latin1')).toContain('(New)');
    const encrypted = rawPdf(helloObjects(['x'], [{ num: 40, body: '<< /Filter /Standard /V 1 >>' }]), {
      trailer: '/Root 1 0 R /Encrypt 40 0 R',
    });
    expect(() => RawPdf.open(encrypted)).toThrow(PdfEncryptedError);
  });

  it('cuts a loop in the page tree and does not visit a node twice', () => {
    const objects = helloObjects(['Loop']);
    objects[1] = {
      num: 2,
      body: '<< /Type /Pages /Kids [10 0 R 2 0 R 10 0 R] /Count 3 /MediaBox [0 0 612 792] >>',
    };
    expect(RawPdf.open(rawPdf(objects, { trailer: '/Root 1 0 R' })).pages()).toHaveLength(1);
  });
});

describe.runIf(tools)('writing files', () => {
  it('copies pages from several inputs into one file every reader opens, with their text', () => {
    const a = rawPdf(helloObjects(['Alpha', 'Beta']), { trailer: '/Root 1 0 R' });
    const b = rawPdf(helloObjects(['Gamma']), { trailer: '/Root 1 0 R', objectStreams: true });
    const out = merge([a, b]);
    const path = writeTempPdf(out);
    const check = qpdfCheck(path);
    expect(check.status, check.output).toBe(0);
    expect(pageCount(path)).toBe(3);
    const words = pdftotext(path);
    for (const w of ['Alpha', 'Beta', 'Gamma']) expect(words).toContain(w);
    expect(mutoolRender(path, 20)).toHaveLength(3);
  });

  it('carries only what the pages use: not the input’s catalog, page tree, or an unreferenced stream', () => {
    const objects = helloObjects(
      ['Lean'],
      [
        { num: 50, body: '<< /Filter /FlateDecode >>', stream: deflateSync(randomBytes(200_000)) },
        // An annotation pointing at the catalog and at the page: the catalog stays out, the page link holds.
        { num: 51, body: '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /Dest [10 0 R /Fit] /X 1 0 R >>' },
      ],
    );
    objects[4] = { num: 10, body: '<< /Type /Page /Parent 2 0 R /Contents 11 0 R /Annots [51 0 R] >>' };
    const input = rawPdf(objects, { trailer: '/Root 1 0 R' });
    const out = merge([input]);
    expect(out.length).toBeLessThan(input.length - 200_000);
    const src = RawPdf.open(out);
    const page = src.pages()[0]!;
    const annot = src.dict((src.resolve(page.dict.get('Annots')) as PdfRef[])[0])!;
    expect((annot.get('Dest') as PdfRef[])[0]).toEqual(page.ref);
    expect(annot.has('X')).toBe(false); // the input's catalog became null, and a null entry is no entry
    expect(qpdfCheck(writeTempPdf(out)).status).toBe(0);
  });
});
