import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdffonts, pdfToolsAvailable, pdftotext, writeTempPdf } from '../../../test/pdf-assertions.ts';
import { createFontSet, fontBytes, measureText } from './font-set.ts';
import { subsetFont } from './hb-subset.ts';
import { metricTables, readSfnt } from './sfnt.ts';

const tools = pdfToolsAvailable();
const TEXT = '推荐张伟博士申请 EB-1A 2024 杰出人才移民，No. 62106012 —— office ﬁ';

describe('font set', () => {
  it('subsets to the used code points and keeps glyph ids', async () => {
    const full = fontBytes('regular');
    const cps = Array.from(new Set(TEXT)).map((c) => c.codePointAt(0)!);
    const plain = await subsetFont(full, cps);
    const retained = await subsetFont(full, cps, { retainGids: true });
    expect(plain.length).toBeLessThan(full.length / 50);
    expect(retained.length).toBeLessThan(full.length / 20);
  });

  it('reads the same metrics from the metric tables alone as from the whole font', () => {
    for (const face of ['regular', 'bold', 'serif', 'serifItalic'] as const) {
      const full = fontBytes(face);
      const small = metricTables(full);
      expect(small.length).toBeLessThan(full.length / (face === 'regular' || face === 'bold' ? 10 : 1));
      const a = readSfnt(full);
      const b = readSfnt(small);
      const { glyph: ga, advance: aa, ...restA } = a;
      const { glyph: gb, advance: ab, ...restB } = b;
      expect(restB).toEqual(restA);
      for (const ch of `${TEXT}’“”–…ＡＢ𠀀`) {
        const cp = ch.codePointAt(0)!;
        expect(gb(cp), ch).toBe(ga(cp));
        expect(ab(gb(cp)), ch).toBe(aa(ga(cp)));
      }
      for (let gid = 0; gid < a.numGlyphs; gid += 97) expect(ab(gid)).toBe(aa(gid));
    }
  });

  it('embeds subset fonts whose text (incl. digits after Latin) extracts and whose widths match', async () => {
    const pdf = await PDFDocument.create();
    const fonts = await createFontSet(pdf, TEXT);
    for (const weight of ['regular', 'bold'] as const) {
      expect(fonts.measure(TEXT, 11, weight)).toBeCloseTo(fonts.font(weight).widthOfTextAtSize(TEXT, 11), 6);
    }
    expect(measureText('EB-1A 2024', 10)).toBeGreaterThan(measureText('EB-1A', 10));
    const page = pdf.addPage([612, 792]);
    page.drawText(TEXT, { x: 40, y: 700, size: 11, font: fonts.regular });
    page.drawText(TEXT, { x: 40, y: 680, size: 11, font: fonts.bold });
    const bytes = await pdf.save();
    expect(bytes.length).toBeLessThan(200_000);
    if (!tools) return;
    const path = writeTempPdf(bytes);
    const text = pdftotext(path);
    expect(text).toContain('EB-1A 2024');
    expect(text).toContain('No. 62106012');
    expect(text).toContain('office');
    expect(text.replace(/\s+/g, '')).toContain('推荐张伟博士申请');
    const rows = pdffonts(path);
    expect(rows.map((r) => r.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSansSC-Bold',
      'NotoSansSC-Regular',
    ]);
    for (const r of rows) expect(r).toMatchObject({ embedded: true, subset: true, unicode: true });
  });
});
