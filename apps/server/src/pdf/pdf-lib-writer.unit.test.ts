import { deflateSync, inflateSync } from 'node:zlib';
import {
  PDFContentStream,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFOperator,
  type PDFRawStream,
  StandardFonts,
} from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import './pdf-lib-writer.ts';

/** `n` translations, as a page's content would hold them. */
const moves = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    PDFOperator.of(
      'cm' as never,
      [1, 0, 0, 1, i, 2 * i].map((v) => PDFNumber.of(v)),
    ),
  );

describe('pdf-lib writer: node:zlib and block copies', () => {
  it('writes a created content stream as node:zlib deflate data that inflates to its operators', async () => {
    const doc = await PDFDocument.create();
    const stream = PDFContentStream.of(doc.context.obj({}), []);
    stream.push(...moves(200));
    const plain = stream.getUnencodedContents();
    const written = stream.getContents();
    expect(stream.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    expect(Buffer.from(inflateSync(written))).toEqual(Buffer.from(plain));
    // Byte for byte what node:zlib makes (fflate's encoder makes other bytes for the same input).
    expect(Buffer.from(written)).toEqual(deflateSync(plain));
    expect(stream.getContentsSize()).toBe(written.length);
  });

  it('leaves a stream created unencoded as it is', async () => {
    const doc = await PDFDocument.create();
    const raw = PDFContentStream.of(doc.context.obj({}), [PDFOperator.of('q' as never)], false);
    expect(Buffer.from(raw.getContents()).toString('latin1')).toBe('q\n');
    expect(raw.dict.get(PDFName.of('Filter'))).toBeUndefined();
  });

  it('compresses flateStream data (fonts, images) the same way, strings one byte per character', async () => {
    const doc = await PDFDocument.create();
    const s = doc.context.flateStream('BT é ET', { Length1: 7 }) as PDFRawStream;
    expect(s.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    expect(inflateSync(s.getContents()).toString('latin1')).toBe('BT é ET');
  });

  it('saves a document every reader opens: text drawn, reloaded, drawn again', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('Exhibit 1 - p. 1 of 1', { font, size: 8, x: 40, y: 40 });
    const again = await PDFDocument.load(await doc.save());
    again.getPage(0).drawText('Page 1 of 1', { font: await again.embedFont(StandardFonts.Helvetica) });
    const bytes = await again.save();
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it('writes a stream as <dict>, stream, its bytes copied whole, endstream', async () => {
    const doc = await PDFDocument.create();
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);
    const s = doc.context.stream(bytes, { Subtype: 'Test' }) as PDFRawStream;
    const out = new Uint8Array(s.sizeInBytes() + 4).fill(0x20);
    const n = s.copyBytesInto(out, 2);
    expect(n).toBe(s.sizeInBytes());
    const dict = `<<\n/Subtype /Test\n/Length ${bytes.length}\n>>`;
    const written = Buffer.from(out.subarray(2, 2 + n));
    expect(written.subarray(0, dict.length + 8).toString('latin1')).toBe(`${dict}\nstream\n`);
    expect(written.subarray(dict.length + 8, dict.length + 8 + bytes.length)).toEqual(Buffer.from(bytes));
    expect(written.subarray(-10).toString('latin1')).toBe('\nendstream');
    expect([out[0], out[1], out[n + 2], out[n + 3]]).toEqual([0x20, 0x20, 0x20, 0x20]);
  });
});
