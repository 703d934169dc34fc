import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  noSystemFontsEnv,
  pageCount,
  pdffonts,
  pdfToolsAvailable,
  pdftotext,
  qpdfCheck,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { assemblePacket } from './assemble-packet.ts';
import type { PacketResult } from './packet.types.ts';
import { buildSampleCase, officialFormsDir, type SampleCase, type SampleScale } from './sample-case.ts';

const SCALE: SampleScale = {
  exhibits: 6,
  textPages: 2,
  scanPages: 2,
  letterSections: 3,
  recommendationLetters: 2,
};
const tools = pdfToolsAvailable();
const haveI140 = existsSync(join(officialFormsDir(), 'i-140-2024-06-07.pdf'));
if (!haveI140) {
  const msg = `no official I-140 blank in ${officialFormsDir()}: the sample packet goes without it`;
  if (process.env.CI === 'true') throw new Error(msg);
  console.warn(`NOTE ${msg}`);
}

async function pagesOf(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
}

describe.runIf(tools)('packet assembler (sample case, opened with poppler, qpdf and mupdf)', () => {
  let sample: SampleCase;
  let packet: PacketResult;
  let path: string;
  const progress: number[] = [];

  beforeAll(async () => {
    sample = await buildSampleCase({ category: 'EB1A', locale: 'zh', scale: SCALE });
    packet = await assemblePacket(sample.input, { onProgress: (done) => progress.push(done) });
    path = writeTempPdf(packet.bytes, 'packet.pdf');
  }, 120_000);

  it('has as many pages as its parts add up to', async () => {
    const input = sample.input;
    let exhibits = 0;
    for (const e of input.exhibits) {
      exhibits += 1 + (await pagesOf(e.original));
      if (e.translation) exhibits += (await pagesOf(e.translation.pdf)) + 1;
    }
    let letters = 0;
    for (const l of input.letters)
      letters += (await pagesOf(l.pdf)) + (l.translation ? (await pagesOf(l.translation.pdf)) + 1 : 0);
    let forms = 0;
    for (const f of input.forms) if (f.pdf) forms += await pagesOf(f.pdf);
    let attachments = 0;
    // Every translation (letter, attachment) is followed by its translator's certificate page.
    for (const a of input.plan.attachments)
      attachments += (await pagesOf(a.pdf)) + (a.translation ? (await pagesOf(a.translation.pdf)) + 1 : 0);
    const section = (title: string) => packet.sections.find((s) => s.title === title)!;
    const rendered =
      packet.sections[0]!.pageCount + // cover sheet
      section('申请信').pageCount +
      section('证据清单').pageCount +
      section('赴美计划').pageCount;
    const expected = forms + exhibits + letters + attachments + rendered;
    expect(pageCount(path)).toBe(expected);
    expect(packet.pageCount).toBe(expected);
    // The sample fills only the I-140 (from the shipped blanks); without its blank, it is missing too.
    expect(packet.missingForms).toEqual(
      haveI140 ? ['G-1145', 'G-1450', 'I-907'] : ['G-1145', 'G-1450', 'I-140', 'I-907'],
    );
    expect(packet.danglingReferences).toEqual([]);
  });

  it('lists every exhibit in the outline, with Chinese titles, pointing at its tab page', () => {
    const outline = execFileSync('mutool', ['show', path, 'outline'], {
      env: noSystemFontsEnv(),
      encoding: 'utf8',
    });
    for (const section of ['递交封面说明', '申请信', '证据清单', '证据', '推荐信', '赴美计划']) {
      expect(outline).toContain(`"${section}"`);
    }
    for (const [i, e] of sample.input.exhibits.entries()) {
      const at = packet.exhibitPages.get(e.id)!;
      expect(outline).toContain(`"证据 ${i + 1}：${e.title}"\t#page=${at.firstPage}&`);
    }
  });

  it('stamps every exhibit page "Exhibit N - p. i of n" and every mailed page "Page X of Y"', () => {
    const total = packet.pageCount;
    const cover = packet.sections[0]!.pageCount;
    for (const [id, at] of packet.exhibitPages) {
      for (let i = 0; i < at.pageCount; i++) {
        const page = at.firstPage + i;
        const text = pdftotext(path, { first: page, last: page });
        expect(text, `${id} page ${page}`).toContain(`Exhibit ${at.n} - p. ${i + 1} of ${at.pageCount}`);
        expect(text).toContain(`Page ${page - cover} of ${total - cover}`);
      }
    }
    // The cover sheet is the petitioner's and is neither numbered nor mailed.
    expect(pdftotext(path, { first: 1, last: cover })).not.toMatch(/Page \d+ of/);
    expect(pdftotext(path, { first: cover + 1, last: cover + 1 })).toContain(`Page 1 of ${total - cover}`);
  });

  it('links each exhibit-list line to its exhibit', async () => {
    const doc = await PDFDocument.load(packet.bytes);
    const list = packet.sections.find((s) => s.title === '证据清单')!;
    const pageRefs = doc.getPages().map((p) => p.ref.toString());
    const targets: number[] = [];
    for (let p = list.firstPage; p < list.firstPage + list.pageCount; p++) {
      const annots = doc.getPage(p - 1).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      for (const a of annots?.asArray() ?? []) {
        const dict = doc.context.lookup(a, PDFDict);
        const dest = dict.lookup(PDFName.of('Dest'), PDFArray);
        targets.push(pageRefs.indexOf(dest.get(0).toString()) + 1);
      }
    }
    const firstPages = [...packet.exhibitPages.values()].map((e) => e.firstPage);
    expect([...new Set(targets)].sort((a, b) => a - b)).toEqual(firstPages);
  });

  it('passes qpdf --check, embeds every font, and reports progress up to 100 %', () => {
    const check = qpdfCheck(path);
    expect(check.status, check.output).toBe(0);
    const fonts = pdffonts(path);
    expect(fonts.length).toBeGreaterThan(0);
    // The official USCIS blanks reference a few Times fonts they do not embed themselves; every font the
    // packet adds (letters, cover sheet, tab pages, stamps, form values) is embedded and subset.
    const official = sample.input.forms.flatMap((f) => (f.pdf ? pdffonts(writeTempPdf(f.pdf)) : []));
    const officialUnembedded = new Set(official.filter((f) => !f.embedded).map((f) => f.name));
    for (const f of fonts) expect(f.embedded || officialUnembedded.has(f.name), f.name).toBe(true);
    expect(fonts.filter((f) => f.name.includes('NotoSansSC')).every((f) => f.embedded && f.subset)).toBe(
      true,
    );
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((v, i) => i === 0 || v >= progress[i - 1]!)).toBe(true);
  });

  it('cover sheet: fees from the dated table, where to sign, the missing forms', () => {
    const cover = pdftotext(path, { first: 1, last: packet.sections[0]!.pageCount });
    expect(cover).toContain('$715');
    expect(cover).toContain('$300');
    expect(cover).toContain('$2,965');
    expect(cover).toContain('$3,980');
    if (haveI140) expect(cover).toMatch(/Part 8, item 6\.a/);
    expect(cover).toContain('未包含 G-1145');
  });
});

describe.runIf(tools)('packet assembler: references', () => {
  it('reports a reference to an exhibit that is not in the packet instead of numbering it', async () => {
    const sample = await buildSampleCase({
      category: 'NIW',
      locale: 'en',
      scale: { exhibits: 3, textPages: 1, scanPages: 1, letterSections: 2, recommendationLetters: 1 },
    });
    // Drop the second exhibit: every reference to it must dangle, and numbers must follow the new order.
    const removed = sample.input.exhibits.splice(1, 1)[0]!;
    const packet = await assemblePacket(sample.input);
    expect(packet.danglingReferences.some((r) => r.id === removed.id)).toBe(true);
    const path = writeTempPdf(packet.bytes);
    const letter = packet.sections.find((s) => s.title === 'Petition letter')!;
    const text = pdftotext(path, { first: letter.firstPage, last: letter.firstPage + letter.pageCount - 1 });
    expect(text).toContain('[missing exhibit]');
    expect(text).not.toContain('Exhibit 3');
    const cover = packet.sections[0]!;
    expect(pdftotext(path, { first: 1, last: cover.pageCount })).toMatch(
      /Unresolved references in your letters: \d+/,
    );
  }, 60_000);
});
