import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFNumber, PDFRawStream, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  mutoolRender,
  noSystemFontsEnv,
  pdfToolsAvailable,
  qpdfCheck,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { RawPdf } from '../raw/reader.ts';
import { assemblePacket } from './assemble-packet.ts';
import { contentBBox, contentMarks } from './content-bbox.ts';
import type { PacketResult } from './packet.types.ts';
import { buildSampleCase, type SampleCase } from './sample-case.ts';
import { textPdf } from './sample-inputs.ts';
import { scaleToClear } from './stamp.ts';

const tools = pdfToolsAvailable();
/** The promise: every stamp's white box at least 0.4 in from the trimmed edge (the box is 2 pt wider than the text). */
const MIN_EDGE = 29 + 2;

interface Geometry {
  media: [number, number, number, number];
  crop?: [number, number, number, number];
  rotate?: number;
  userUnit?: number;
}

/** Pages whose visible box is not their MediaBox, printed edge to edge, with a word in each visible corner. */
const ODD: Geometry[] = [
  { media: [0, 0, 612, 792], crop: [40, 50, 440, 650] },
  { media: [0, 0, 306, 396], userUnit: 2 },
  { media: [0, 0, 612, 792], crop: [30, 30, 582, 762], rotate: 90 },
  { media: [100, 100, 942, 695], rotate: 270 },
];

async function oddPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const g of ODD) {
    const [x0, y0, x1, y1] = g.media;
    const page = pdf.addPage([x1 - x0, y1 - y0]);
    page.setMediaBox(x0, y0, x1 - x0, y1 - y0);
    if (g.crop) page.setCropBox(g.crop[0], g.crop[1], g.crop[2] - g.crop[0], g.crop[3] - g.crop[1]);
    if (g.rotate) page.node.set(PDFName.of('Rotate'), PDFNumber.of(g.rotate));
    if (g.userUnit) page.node.set(PDFName.of('UserUnit'), PDFNumber.of(g.userUnit));
    page.drawRectangle({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, color: rgb(0.85, 0.85, 0.85) });
    const [vx0, vy0, vx1, vy1] = g.crop ?? g.media;
    const size = 10 / (g.userUnit ?? 1);
    const w = font.widthOfTextAtSize('CORNER', size);
    for (const [x, y] of [
      [vx0 + 2, vy0 + 3],
      [vx1 - w - 2, vy0 + 3],
      [vx0 + 2, vy1 - size - 2],
      [vx1 - w - 2, vy1 - size - 2],
    ] as const) {
      page.drawText('CORNER', { x: x!, y: y!, size, font });
    }
  }
  // Some writers make /Contents a reference to an array of streams: the first page does, so the shrink must
  // splice that array (an array nested in /Contents is not a content stream; qpdf warns about it).
  const first = pdf.getPage(0).node;
  const contents = first.get(PDFName.of('Contents'));
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents!];
  first.set(PDFName.of('Contents'), pdf.context.register(pdf.context.obj(streams)));
  return pdf.save();
}

interface Line {
  text: string;
  bbox: [number, number, number, number];
}
/** Every text line mupdf sees, per page, in the visible box as shown (points, /UserUnit and /Rotate applied). */
function mupdfLines(path: string): Array<{ width: number; height: number; lines: Line[] }> {
  const xml = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', path], {
    env: noSystemFontsEnv(),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return xml
    .split('<page ')
    .slice(1)
    .map((page) => ({
      width: Number(/width="([\d.]+)"/.exec(page)![1]),
      height: Number(/height="([\d.]+)"/.exec(page)![1]),
      lines: [...page.matchAll(/<line bbox="([^"]+)"[^>]*>([\s\S]*?)<\/line>/g)].map((m) => ({
        bbox: m[1]!.split(' ').map(Number) as Line['bbox'],
        text: [...m[2]!.matchAll(/ c="([^"]*)"/g)]
          .map((c) => c[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'))
          .join(''),
      })),
    }));
}

const STAMP = /^(Page \d+ of \d+|Exhibit \d+ - p\. \d+ of \d+)$/;
const overlaps = (a: Line['bbox'], b: Line['bbox']) =>
  a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

describe.runIf(tools)('packet stamps: inside the visible box, 0.4 in from its edge, over nothing', () => {
  let sample: SampleCase;
  let packet: PacketResult;
  let path: string;

  beforeAll(async () => {
    sample = await buildSampleCase({
      category: 'NIW',
      locale: 'en',
      scale: { exhibits: 3, textPages: 1, scanPages: 1, letterSections: 2, recommendationLetters: 1 },
    });
    const odd = await oddPdf();
    const input = sample.input;
    // Odd geometry everywhere a third party's PDF goes: an exhibit, a letter, a plan attachment (not normalised).
    input.exhibits.unshift({ id: 'odd', number: 1, title: 'Odd geometry', original: odd });
    input.exhibits.forEach((e, i) => {
      e.number = i + 1;
    });
    input.letters[0]!.pdf = odd;
    input.plan.attachments[0]!.pdf = odd;
    packet = await assemblePacket(input);
    path = writeTempPdf(packet.bytes, 'stamps.pdf');
  }, 120_000);

  it('places every stamp inside the page as shown and ≥ 29 pt from its trimmed edge', () => {
    const pages = mupdfLines(path);
    const cover = packet.sections[0]!.pageCount;
    expect(pages).toHaveLength(packet.pageCount);
    const exhibitOf = (n: number) => {
      for (const e of packet.exhibitPages.values()) {
        if (n >= e.firstPage && n < e.firstPage + e.pageCount)
          return { n: e.n, i: n - e.firstPage + 1, count: e.pageCount };
      }
      return undefined;
    };
    // The official forms carry no packet stamp (issue 30 item 7); a letter's pages carry their own.
    const form = (n: number) =>
      packet.formPages!.some((f) => n >= f.firstPage && n < f.firstPage + f.pageCount);
    const letterOf = (n: number) =>
      [...packet.letterPages!.values()].find((l) => n >= l.firstPage && n < l.firstPage + l.pageCount);
    for (const [i, page] of pages.entries()) {
      const n = i + 1;
      if (n <= cover) continue;
      if (form(n)) {
        // (The I-140's own footer reads "Page 1 of 12": only the packet's count is a stamp.)
        const ours = new RegExp(`^Page \\d+ of ${packet.pageCount - cover}$|^Exhibit \\d+ - p\\.`);
        expect(
          page.lines.filter((l) => ours.test(l.text)),
          `form page ${n}`,
        ).toEqual([]);
        continue;
      }
      const labels = [`Page ${n - cover} of ${packet.pageCount - cover}`];
      const exhibit = exhibitOf(n);
      if (exhibit) labels.push(`Exhibit ${exhibit.n} - p. ${exhibit.i} of ${exhibit.count}`);
      const letter = letterOf(n);
      if (letter)
        labels.push(`Rec. Letter ${letter.n} - p. ${n - letter.firstPage + 1} of ${letter.pageCount}`);
      for (const label of labels) {
        // A line of its own: nothing else on the page runs into it.
        const found = page.lines.filter((l) => l.text === label);
        expect(found.length, `page ${n}: ${label}`).toBe(1);
        const [x0, y0, x1, y1] = found[0]!.bbox;
        expect(
          Math.min(x0, y0, page.width - x1, page.height - y1),
          `page ${n} ${label}`,
        ).toBeGreaterThanOrEqual(MIN_EDGE);
      }
    }
  });

  it('scales down content that would sit under a stamp, so no word is covered', () => {
    const pages = mupdfLines(path);
    const odd = packet.exhibitPages.get('odd')!;
    const oddPages = [odd.firstPage + 1, odd.firstPage + 2, odd.firstPage + 3, odd.firstPage + 4];
    for (const n of oddPages) {
      const page = pages[n - 1]!;
      const corners = page.lines.filter((l) => l.text.includes('CORNER'));
      expect(corners.length, `page ${n}`).toBe(4);
      const stamps = page.lines.filter((l) => STAMP.test(l.text));
      expect(stamps.length).toBe(2);
      for (const c of corners)
        for (const s of stamps) expect(overlaps(c.bbox, s.bbox), `page ${n}`).toBe(false);
      expect(packet.scaledPages).toContain(n);
    }
    // Pages laid out with margins (the petition letter, the sample's text evidence) keep their size.
    const letter = packet.sections.find((s) => s.title === 'Petition letter')!;
    expect(packet.scaledPages).not.toContain(letter.firstPage);
    const textExhibit = packet.exhibitPages.get(sample.input.exhibits[3]!.id)!;
    expect(packet.scaledPages).not.toContain(textExhibit.firstPage + 1);
  });

  it('opens cleanly in qpdf and mupdf', () => {
    const check = qpdfCheck(path);
    expect(check.status, check.output).toBe(0);
    expect(mutoolRender(path, 20)).toHaveLength(packet.pageCount);
  });
});

describe('content bounding box and the scale that clears the stamps', () => {
  it('measures text with the font’s own widths', async () => {
    const bytes = await textPdf('Heading', 1, 1);
    const src = RawPdf.open(bytes);
    const box = contentBBox(src, src.pages()[0]!, [0, 0, 612, 792])!;
    // mupdf's own bounding box of the marks (device space: y down from the top of the 792 pt page).
    const out = execFileSync('mutool', ['draw', '-q', '-F', 'bbox', '-o', '-', writeTempPdf(bytes)], {
      env: noSystemFontsEnv(),
      encoding: 'utf8',
    });
    const [mx0, my0, mx1, my1] = /<page bbox="([^"]+)"/.exec(out)![1]!.split(' ').map(Number) as number[];
    const mine = [box[0], 792 - box[3], box[2], 792 - box[1]] as number[];
    // An upper bound that contains mupdf's box and is not much larger.
    expect(mine[0]).toBeLessThanOrEqual(mx0! + 0.5);
    expect(mine[1]).toBeLessThanOrEqual(my0! + 0.5);
    expect(mine[2]).toBeGreaterThanOrEqual(mx1! - 0.5);
    expect(mine[3]).toBeGreaterThanOrEqual(my1! - 0.5);
    expect(mine[2]! - mine[0]! - (mx1! - mx0!)).toBeLessThan(12);
    expect(mine[3]! - mine[1]! - (my1! - my0!)).toBeLessThan(12);
  });

  it('does not inflate a content "zip bomb": a page it cannot read counts as covering its whole box', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const ctx = pdf.context;
    const bomb = deflateSync(Buffer.alloc(40 * 1024 * 1024, 32)); // 40 MB of spaces in ~40 KB
    const whole: [number, number, number, number] = [0, 0, 612, 792];
    page.node.set(
      PDFName.of('Contents'),
      ctx.register(PDFRawStream.of(ctx.obj({ Filter: 'FlateDecode' }), bomb)),
    );
    const marksOf = async () => {
      const src = RawPdf.open(await pdf.save({ useObjectStreams: false }));
      return contentMarks(src, src.pages()[0]!, whole);
    };
    // CPU time, not the wall clock (decision 0059): inflating 40 MB would cost far more than this.
    const cpu0 = process.cpuUsage();
    expect(await marksOf()).toEqual([whole]);
    const cpu = process.cpuUsage(cpu0);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(3000);
    // A filter it does not decode: the same.
    const lzw = PDFRawStream.of(ctx.obj({ Filter: 'LZWDecode' }), new Uint8Array([0x80, 0x0b, 0x60, 0x50]));
    page.node.set(PDFName.of('Contents'), ctx.register(lzw));
    expect(await marksOf()).toEqual([whole]);
    // Nothing painted: no marks.
    page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream('q 1 0 0 1 5 5 cm Q')));
    expect(await marksOf()).toEqual([]);
  });

  it('shrinks about the centre just enough, on the cheapest side', () => {
    const page: [number, number, number, number] = [0, 0, 600, 800];
    // Content to the bottom edge, stamp at the bottom right: clearing it vertically costs 50/400.
    const s = scaleToClear([[0, 0, 600, 800]], page, [[480, 36, 564, 50]]);
    expect(s).toBeCloseTo(350 / 400, 2);
    expect(scaleToClear([[72, 72, 540, 728]], page, [[480, 36, 564, 50]])).toBe(1);
  });
});
