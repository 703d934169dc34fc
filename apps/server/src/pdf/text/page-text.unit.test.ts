import { type PDFDict, PDFDocument, PDFName, PDFOperator, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { koreanPdf } from '../../../test/fixtures/korean-pdf.ts';
import { judgeLanguage } from '../../modules/language/language-check.ts';
import { createFontSet } from '../fonts/font-set.ts';
import {
  PAGE_TEXT_MAX_CHARS,
  PAGE_TEXTS_MAX_BYTES,
  pageTexts,
  parseToUnicode,
  sampleOfPages,
  TEXT_SAMPLE_CHARS,
} from './page-text.ts';

/** The language sample as the upload check takes it (normalise-job.ts). */
const textSample = (pdf: Uint8Array) => sampleOfPages(pageTexts(pdf));

const ZH = '申请人在人工智能领域作出了杰出贡献，其发表的论文被国际同行广泛引用。';
const RO =
  'Solicitantul a adus contribuții remarcabile în domeniul inteligenței artificiale, iar lucrările sale sunt citate de cercetători.'
    // Noto Sans SC has ă â î but not ș ț: the sentence keeps the letters the font can show.
    .replace(/ț/g, 't')
    .replace(/ș/g, 's');
const EN =
  'The petitioner has made original contributions of major significance to the field of machine learning.';

async function notoPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await createFontSet(pdf, lines.join(''));
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 40, y: 700 - i * 20, size: 9, font: fonts.regular });
  });
  return pdf.save();
}

describe('the language sample (sampleOfPages over pageTexts)', () => {
  it('reads Chinese through the embedded font’s ToUnicode map', async () => {
    const text = textSample(await notoPdf([ZH]));
    expect(text.replace(/\s/g, '')).toBe(ZH);
    expect(judgeLanguage(text)).toEqual({ verdict: 'not_english', language: 'zh' });
  });

  it('reads Romanian (ă â î) and tells it from English', async () => {
    const text = textSample(await notoPdf([RO]));
    expect(text).toContain('lucrările sale sunt citate');
    expect(judgeLanguage(text)).toEqual({ verdict: 'not_english', language: 'ro' });
  });

  it('reads Korean set in a non-embedded Adobe-Korea1 font through its UCS-2 CMap (no ToUnicode)', async () => {
    const KO =
      '신청인은 인공지능 분야에서 탁월한 공헌을 하였으며, 그의 논문은 국제 학계에서 널리 인용되었습니다.';
    const text = textSample(await koreanPdf([KO.slice(0, 30), KO.slice(30)]));
    expect(text.replace(/\s/g, '')).toBe(KO.replace(/\s/g, ''));
    expect(judgeLanguage(text)).toEqual({ verdict: 'not_english', language: 'ko' });
  });

  it('reads a standard font without ToUnicode as Latin-1', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([612, 792]).drawText(EN, { x: 40, y: 700, size: 9, font });
    const text = textSample(await pdf.save());
    expect(text).toBe(EN);
    expect(judgeLanguage(text)).toEqual({ verdict: 'english' });
  });

  it('keeps the first TEXT_SAMPLE_CHARS characters of a long file and reads nothing from a blank one', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 5; p++) {
      const page = pdf.addPage([612, 792]);
      for (let i = 0; i < 40; i++) page.drawText(EN, { x: 20, y: 760 - i * 18, size: 7, font });
    }
    expect(textSample(await pdf.save())).toHaveLength(TEXT_SAMPLE_CHARS);
    const blank = await PDFDocument.create();
    blank.addPage([612, 792]);
    expect(textSample(await blank.save())).toBe('');
    expect(textSample(new Uint8Array([1, 2, 3]))).toBe('');
  });

  it('parses at most 4 MB of one page: text after a huge drawing is not read, the next page is', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const first = pdf.addPage([612, 792]);
    first.drawText(EN, { x: 40, y: 760, size: 9, font });
    // About 5 MB of path operators after the text, then text the reader never reaches.
    first.pushOperators(PDFOperator.of('10 10 m 20 20 l S\n'.repeat(290_000) as never));
    first.drawText('Unreached words after the drawing.', { x: 40, y: 700, size: 9, font });
    pdf.addPage([612, 792]).drawText('Second page text.', { x: 40, y: 700, size: 9, font });
    const pages = pageTexts(await pdf.save({ useObjectStreams: false }));
    expect(pages).toEqual([EN, 'Second page text.']);
  });

  it('keeps no control characters: a ligature mapped to NUL would not fit a PostgreSQL text column', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    page.drawText('The', { x: 40, y: 700, size: 9, font });
    // A string with NUL, BEL and DEL bytes in it, as a ligature without a Unicode mapping reads (copy-protected.pdf).
    page.pushOperators(PDFOperator.of('BT 40 680 Td (di\\000culties \\007ring\\177) Tj ET' as never));
    const text = textSample(await pdf.save({ useObjectStreams: false }));
    expect(text).toContain('diculties');
    expect([...text].filter((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')).toEqual([]);
    expect(text).toBe('The diculties ring');
  });

  it('parses bfchar and both bfrange forms', () => {
    const map = parseToUnicode(
      [
        '2 beginbfchar',
        '<0003> <0041>',
        '<0004> <D55C>',
        'endbfchar',
        '2 beginbfrange',
        '<0010> <0012> <AC00>',
        '<0020> <0021> [<0066 0069> <C5B4>]',
        'endbfrange',
      ].join('\n'),
    );
    expect([3, 4, 0x10, 0x11, 0x12, 0x20, 0x21].map((c) => map.get(c))).toEqual([
      'A',
      '한',
      '가',
      '각',
      '갂',
      'fi',
      '어',
    ]);
  });
});

describe('pageTexts (the page text store, decision 0071)', () => {
  it('answers one entry per page, white space collapsed, and [] for what is no PDF', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    page.drawText('First   line', { x: 40, y: 700, size: 9, font });
    page.drawText('second line', { x: 40, y: 680, size: 9, font });
    pdf.addPage([612, 792]);
    pdf.addPage([612, 792]).drawText(EN, { x: 40, y: 700, size: 9, font });
    const pages = pageTexts(await pdf.save());
    expect(pages).toEqual(['First line second line', '', EN]);
    expect(sampleOfPages(pages)).toBe(`First line second line ${EN}`);
    expect(sampleOfPages(pages, 10)).toBe('First line');
    expect(pageTexts(new Uint8Array([1, 2, 3]))).toEqual([]);
  });

  it('caps each page at PAGE_TEXT_MAX_CHARS and the whole file at PAGE_TEXTS_MAX_BYTES of UTF-8', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Courier);
    const line = 'lorem ipsum dolor sit amet '.repeat(1000); // 27,000 characters a page
    for (let i = 0; i < 120; i++) {
      const page = pdf.addPage([612, 792]);
      page.drawText('x', { x: 40, y: 740, size: 9, font });
      page.pushOperators(PDFOperator.of(`BT 40 700 Td (${line}) Tj ET` as never));
    }
    const pages = pageTexts(await pdf.save({ useObjectStreams: false }));
    expect(pages).toHaveLength(120);
    expect(pages[0]).toHaveLength(PAGE_TEXT_MAX_CHARS);
    const bytes = pages.reduce((n, p) => n + Buffer.byteLength(p), 0);
    expect(bytes).toBe(PAGE_TEXTS_MAX_BYTES);
    // Pages past the whole file's cap keep ''.
    expect(pages.at(-1)).toBe('');
  });

  it('bounds what a hostile ToUnicode map shows: one code read as 4,000 characters, 20,000 codes on a page', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([612, 792]).drawText('A'.repeat(20_000), { x: 0, y: 700, size: 1, font });
    // The font's dictionary exists once it is embedded.
    await pdf.flush();
    const cmap = `1 beginbfchar\n<41> <${'0078'.repeat(4000)}>\nendbfchar`;
    const dict = pdf.context.lookup(font.ref) as PDFDict;
    dict.set(PDFName.of('ToUnicode'), pdf.context.register(pdf.context.stream(cmap)));
    const bytes = await pdf.save();
    // Unbounded, 80 million characters would be shown (160 MB of strings, seconds of work). Counted, not timed: the
    // characters of every string the reader collects while it reads (pageTexts is synchronous, so only its own).
    const push = Array.prototype.push;
    let collected = 0;
    Array.prototype.push = function (this: unknown[], ...items: unknown[]) {
      for (const item of items) if (typeof item === 'string') collected += item.length;
      return push.apply(this, items);
    };
    let pages: string[];
    try {
      pages = pageTexts(bytes);
    } finally {
      Array.prototype.push = push;
    }
    expect(collected).toBeLessThan(10 * PAGE_TEXT_MAX_CHARS);
    expect(pages).toEqual(['x'.repeat(PAGE_TEXT_MAX_CHARS)]);
  });
});
