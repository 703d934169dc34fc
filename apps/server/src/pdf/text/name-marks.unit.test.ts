import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  noSystemFontsEnv,
  pdfToolsAvailable,
  pdfWords,
  qpdfCheck,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { createFontSet } from '../fonts/font-set.ts';
import { readPgm } from '../letter/pgm-diff.ts';
import { assemblePacket } from '../packet/assemble-packet.ts';
import { buildSampleCase } from '../packet/sample-case.ts';
import { RawPdf } from '../raw/reader.ts';
import { nameQuads, nameVariants } from './name-marks.ts';
import { pageGlyphs } from './positioned-text.ts';

const NAME = { family: 'Zhang', given: 'Wei', nativeFamily: '张', nativeGiven: '伟' };

/** An exhibit as a paper prints names: in the byline, in citations, beside other people's names. */
const LINES = [
  'Deep sensing for batteries. Wei Zhang, Lin Zhang and Oliver Weiss',
  'As shown by Zhang, W. and Zhang W (2020), the method holds.',
  'Not to be confused with Zhangwei Li or Weizhang Co.',
  '该成果由张伟博士完成。',
];

async function namePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await createFontSet(pdf, LINES.join(''));
  const page = pdf.addPage([612, 792]);
  LINES.forEach((line, i) => {
    page.drawText(line, { x: 72, y: 700 - i * 20, size: 11, font: fonts.regular });
  });
  return pdf.save();
}

describe('the petitioner’s name on a page', () => {
  it('is looked for in the forms papers print it', () => {
    expect(nameVariants(NAME)).toEqual(
      expect.arrayContaining(['wei zhang', 'zhang wei', 'w zhang', 'zhang w', '张伟']),
    );
    expect(nameVariants({ family: 'Li', given: 'Xiao-Ming' })).toEqual(
      expect.arrayContaining(['xiao ming li', 'x m li', 'li xm', 'xiaoming li']),
    );
    // Too short to look for without a given name.
    expect(nameVariants({ family: 'Li', given: '' })).toEqual([]);
  });

  it('is found where it stands alone, once per occurrence, and nowhere else', async () => {
    const src = RawPdf.open(await namePdf());
    const glyphs = pageGlyphs(src, src.pages()[0]!);
    expect(glyphs.map((g) => g.text).join('')).toContain('Wei Zhang, Lin Zhang');
    const quads = nameQuads(glyphs, nameVariants(NAME));
    // "Wei Zhang", "Zhang, W.", "Zhang W", "张伟" — not "Lin Zhang", "Zhangwei", "Weizhang".
    expect(quads).toHaveLength(4);
    const lines = quads.map((q) => Math.round(q[0][1]));
    expect(new Set(lines).size).toBe(3);
  });

  describe.runIf(pdfToolsAvailable())('in a packet, read back by poppler', () => {
    let path: string;
    let page: number;
    beforeAll(async () => {
      const sample = await buildSampleCase({
        category: 'EB1A',
        locale: 'en',
        scale: { exhibits: 1, textPages: 1, scanPages: 0, letterSections: 1, recommendationLetters: 0 },
      });
      const exhibit = { ...sample.input.exhibits[0]!, original: await namePdf() };
      delete exhibit.translation;
      const packet = await assemblePacket({
        ...sample.input,
        exhibits: [exhibit],
        highlightName: nameVariants(NAME),
      });
      path = writeTempPdf(packet.bytes, 'highlight.pdf');
      // The exhibit's tab page comes first, then its original.
      page = packet.exhibitPages.get(exhibit.id)!.firstPage + 1;
    }, 120_000);

    it('draws a mark behind the name, and none behind other words', () => {
      expect(qpdfCheck(path).status).toBe(0);
      const words = pdfWords(path, { page });
      const out = join(mkdtempSync(join(tmpdir(), 'dossier-mark-')), 'p');
      execFileSync(
        'pdftoppm',
        ['-r', '72', '-gray', '-f', `${page}`, '-l', `${page}`, '-singlefile', path, out],
        {
          env: noSystemFontsEnv(),
        },
      );
      const img = readPgm(`${out}.pgm`);
      /** The share of the word's box in the marker's grey (yellow is ~226 in grey; paper 255, ink darker). */
      const marked = (word: string, nth = 0) => {
        const w = words.filter((x) => x.word === word)[nth];
        expect(w, word).toBeDefined();
        let n = 0;
        let yellow = 0;
        for (let y = Math.ceil(w!.yMin); y < Math.floor(w!.yMax); y++)
          for (let x = Math.ceil(w!.xMin); x < Math.floor(w!.xMax); x++) {
            const v = img.pixels[y * img.width + x]!;
            n++;
            if (v >= 218 && v <= 234) yellow++;
          }
        return yellow / n;
      };
      expect(marked('Wei')).toBeGreaterThan(0.3);
      expect(marked('Zhang,', 0)).toBeGreaterThan(0.3); // "Wei Zhang," in the byline
      expect(marked('Lin')).toBeLessThan(0.05);
      expect(marked('Oliver')).toBeLessThan(0.05);
      expect(marked('Zhangwei')).toBeLessThan(0.05);
    });
  });
});
