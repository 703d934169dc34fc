/**
 * The evidence normaliser's rules (decision 0003): image orientation and page size, header-only pixel
 * bombs, the refusals that name the file, content sniffing, rotation, and qpdf-wasm's rewrite.
 */
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normaliseEvidence } from './index.ts';
import { qpdfRewrite } from './qpdf-repair.ts';
import { sniff } from './sniff.ts';

/** CPU milliseconds this process spent since `since` (other processes' load does not count). */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('normaliseEvidence rules', () => {
  const jpeg = (w: number, h: number, orientation?: number) => {
    const img = sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } });
    return (orientation ? img.withMetadata({ orientation }) : img).jpeg().toBuffer();
  };
  const pageSize = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPage(0).getSize();

  it('applies EXIF orientation: a landscape-stored JPEG tagged "rotate 90" becomes a portrait page', async () => {
    const r = await normaliseEvidence({ bytes: await jpeg(400, 200, 6), filename: 'phone.jpg' });
    expect(r.ok && r.notes).toContain('EXIF orientation applied');
    const size = await pageSize((r as { pdf: Uint8Array }).pdf);
    expect(size.height).toBeGreaterThan(size.width);
    const upright = await normaliseEvidence({ bytes: await jpeg(400, 200), filename: 'scan.jpg' });
    const s2 = await pageSize((upright as { pdf: Uint8Array }).pdf);
    expect(s2).toEqual({ width: 792, height: 612 }); // landscape Letter
  });

  it('fits A4 when asked, keeping the aspect', async () => {
    const r = await normaliseEvidence(
      { bytes: await jpeg(1000, 2000), filename: 'a.jpg' },
      { pageSize: 'a4' },
    );
    expect(r.ok).toBe(true);
    expect(await pageSize((r as { pdf: Uint8Array }).pdf)).toEqual({ width: 595.28, height: 841.89 });
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    // A real 8 × 8 PNG whose IHDR claims 20000 × 20000 (400 megapixels): only the header is read.
    const bomb = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    bomb.writeUInt32BE(20000, 16);
    bomb.writeUInt32BE(20000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const t0 = process.cpuUsage();
    const r = await normaliseEvidence({ bytes: bomb, filename: 'bomb.png' });
    expect(cpuMs(t0)).toBeLessThan(2000);
    expect(r).toMatchObject({ ok: false, code: 'too_many_pixels' });
    expect(!r.ok && r.message.en).toContain('400 megapixels');
    // A hand-made BMP header claiming 60000 × 60000 pixels, with no pixel data at all.
    const bmpHeader = Buffer.alloc(54);
    bmpHeader.write('BM', 0, 'latin1');
    bmpHeader.writeInt32LE(60000, 18);
    bmpHeader.writeInt32LE(60000, 22);
    expect(await normaliseEvidence({ bytes: bmpHeader, filename: 'x.bmp' })).toMatchObject({
      code: 'too_many_pixels',
    });
  });

  it('refuses empty, too large, too many pages and unknown content, naming the file', async () => {
    expect(await normaliseEvidence({ bytes: new Uint8Array(), filename: 'a.pdf' })).toMatchObject({
      ok: false,
      code: 'empty_file',
      message: { en: '“a.pdf” is empty (0 bytes). Upload the file again.' },
    });
    const big = await normaliseEvidence(
      { bytes: new Uint8Array(2048), filename: 'b.pdf' },
      { maxBytes: 1024 },
    );
    expect(big).toMatchObject({ ok: false, code: 'too_large' });
    const doc = await PDFDocument.create();
    for (let i = 0; i < 5; i++) doc.addPage();
    const five = await doc.save();
    expect(await normaliseEvidence({ bytes: five, filename: 'c.pdf' }, { maxPages: 4 })).toMatchObject({
      code: 'too_many_pages',
    });
    expect(await normaliseEvidence({ bytes: five, filename: 'c.pdf' })).toMatchObject({
      ok: true,
      pageCount: 5,
    });
    const txt = await normaliseEvidence({ bytes: new TextEncoder().encode('just text'), filename: 'd.txt' });
    expect(txt).toMatchObject({ ok: false, code: 'unsupported_type' });
  });

  it('accepts a file by its content when the name lies, with a note', async () => {
    const r = await normaliseEvidence({
      bytes: await jpeg(100, 100),
      filename: 'passport.pdf',
      declaredType: 'application/pdf',
    });
    expect(r).toMatchObject({ ok: true, source: 'jpeg' });
    expect(r.ok && r.notes.join()).toContain('content is JPEG image although the name or type says PDF');
  });

  it('sniffs OLE2 before ZIP (a Word 97 .doc may end with a ZIP part)', () => {
    const ole = new Uint8Array([
      0xd0,
      0xcf,
      0x11,
      0xe0,
      0xa1,
      0xb1,
      0x1a,
      0xe1,
      ...new TextEncoder().encode('PK\x03\x04[Content_Types].xml word/'),
    ]);
    expect(sniff(ole)).toBe('ole');
  });

  it('writes /Rotate on each page and keeps it', async () => {
    const doc = await PDFDocument.create();
    doc.addPage().setRotation(degrees(270));
    const r = await normaliseEvidence({ bytes: await doc.save(), filename: 'r.pdf' });
    const out = await PDFDocument.load((r as { pdf: Uint8Array }).pdf);
    expect(out.getPage(0).getRotation().angle).toBe(270);
  });

  it('qpdf-wasm rewrites a readable file and reports what it cannot open', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const ok = await qpdfRewrite(await doc.save());
    expect(ok.status).toBe(0);
    expect(ok.bytes?.length).toBeGreaterThan(0);
    const bad = await qpdfRewrite(new TextEncoder().encode('%PDF-1.4\n%%EOF\n'));
    expect(bad.bytes).toBeNull();
  });
});
