/**
 * Counsel-grade typesetting of the letters (issue 30 item 1, decision 0066), read back from the PDF with poppler
 * and mupdf, system fonts hidden: a serif Latin face, no Latin punctuation drawn from the CJK font inside Latin
 * text, hyphenated line ends, the running header on every page, and a table of contents whose page numbers are
 * the pages its headings are printed on.
 */
import { execFileSync } from 'node:child_process';
import type { TBlock, TLetterDocument } from '@dossier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  noSystemFontsEnv,
  pageCount,
  pdffonts,
  pdfToolsAvailable,
  pdftotext,
  pdfWords,
  qpdfCheck,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { isCjk } from './line-break.ts';
import { COUNSEL_TYPESETTING, renderLetter } from './render-letter.ts';
import { generateSampleLetter, sampleResolver } from './sample-letter.ts';
import { cjkContextPunctuation, SHARED_PUNCTUATION, typographicQuotes } from './text-face.ts';

const tools = pdfToolsAvailable();

const p = (text: string): TBlock => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** Latin text with every shared punctuation mark, and Chinese text with curly quotes of its own. */
const PUNCTUATION = [
  p(
    'Dr. Zhang’s method — described in “the Act” and in the officer’s ‘final merits’ analysis — covers 2019–2024… and more.',
  ),
  p('申请人的贡献具有“重大意义”，并被广泛采用……'),
];
const LONG =
  'The petitioner’s extraordinary contributions to internationally recognized interdisciplinary research demonstrate sustained national acclaim; independent institutions characterize the methodology as transformational, and governmental organizations incorporated the recommendations into regulations, standardization documents and procurement specifications. ';

function sampleDoc(): { doc: TLetterDocument; resolve: ReturnType<typeof sampleResolver> } {
  const sample = generateSampleLetter({ sections: 8 });
  const [title, ...rest] = sample.doc.content;
  // The title block, then the punctuation paragraphs and long English paragraphs, then the numbered sections.
  const doc: TLetterDocument = {
    type: 'doc',
    content: [title!, ...PUNCTUATION, p(LONG.repeat(3)), p(LONG.repeat(2)), ...rest],
  };
  return { doc, resolve: sampleResolver(sample, 'en') };
}

/** mupdf's structured text: each line's characters with the font that draws them. */
function charsByLine(path: string): Array<Array<{ c: string; font: string }>> {
  const xml = execFileSync('mutool', ['draw', '-F', 'stext', '-o', '-', path], {
    env: noSystemFontsEnv(),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const decodeEntities = (s: string) =>
    s
      .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<line [^>]*>([\s\S]*?)<\/line>/g)].map((line) => {
    const out: Array<{ c: string; font: string }> = [];
    for (const f of line[1]!.matchAll(/<font name="([^"]*)"[^>]*>([\s\S]*?)<\/font>/g)) {
      for (const ch of f[2]!.matchAll(/ c="([^"]*)"/g)) out.push({ c: decodeEntities(ch[1]!), font: f[1]! });
    }
    return out;
  });
}

describe.skipIf(!tools)('letter typesetting (issue 30 item 1), read back with poppler and mupdf', () => {
  let path = '';
  let pages = 0;
  beforeAll(async () => {
    const { doc, resolve } = sampleDoc();
    const r = await renderLetter({
      doc,
      validated: true,
      locale: 'en',
      resolveReference: resolve,
      typeset: COUNSEL_TYPESETTING,
      runningHeader: { left: 'Wei ZHANG', right: 'EB-1A · Petition letter' },
      pageNumbers: true,
    });
    path = writeTempPdf(r.bytes, 'typeset.pdf');
    pages = r.pageCount;
  });

  it('sets Latin text in an embedded serif face and CJK in Noto Sans SC', () => {
    expect(pageCount(path)).toBe(pages);
    expect(qpdfCheck(path).status).toBe(0);
    const fonts = pdffonts(path);
    const names = fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(names).toEqual(expect.arrayContaining(['SourceSerif4-Regular', 'SourceSerif4-Bold']));
    expect(names).toEqual(expect.arrayContaining(['NotoSansSC-Regular']));
    for (const f of fonts) expect(f).toMatchObject({ embedded: true, subset: true, unicode: true });
    // The letters of Latin words come from the serif.
    const latin = charsByLine(path)
      .flat()
      .filter((x) => /[a-z]/.test(x.c));
    expect(latin.length).toBeGreaterThan(1000);
    expect(latin.filter((x) => !x.font.includes('SourceSerif4'))).toEqual([]);
  });

  it('draws no Latin punctuation from the CJK font inside Latin text, and CJK-width marks inside Chinese', () => {
    const wrong: string[] = [];
    let latinMarks = 0;
    let cjkMarks = 0;
    for (const line of charsByLine(path)) {
      const decisive = (i: number, step: 1 | -1) => {
        for (let k = i + step; k >= 0 && k < line.length; k += step) {
          const c = line[k]!.c;
          if (c.trim() !== '' && !SHARED_PUNCTUATION.has(c)) return c;
        }
        return undefined;
      };
      line.forEach((x, i) => {
        if (!SHARED_PUNCTUATION.has(x.c)) return;
        const before = decisive(i, -1);
        const after = decisive(i, 1);
        const inLatin = [before, after].every((c) => c === undefined || !isCjk(c));
        const inChinese = [before, after].every((c) => c === undefined || isCjk(c));
        if (inLatin) {
          latinMarks++;
          if (!x.font.includes('SourceSerif4'))
            wrong.push(`${before ?? ''}${x.c}${after ?? ''} in ${x.font}`);
        } else if (inChinese) {
          cjkMarks++;
          if (!x.font.includes('NotoSansSC')) wrong.push(`${before ?? ''}${x.c}${after ?? ''} in ${x.font}`);
        }
      });
    }
    expect(wrong).toEqual([]);
    // ’ ‘ “ ” – — … of the Latin paragraph (the sample's own "—" too); “ ” … of the Chinese one.
    expect(latinMarks).toBeGreaterThanOrEqual(9);
    expect(cjkMarks).toBeGreaterThanOrEqual(3);
  });

  it('hyphenates: some lines end in a hyphen that splits a word', () => {
    // Layout mode: poppler's reading-order mode joins a hyphenated word again.
    const lines = pdftotext(path, { layout: true })
      .split('\n')
      .map((l) => l.trim());
    const hyphenated = lines.filter(
      (l, i) => /[a-z]-$/.test(l.trimEnd()) && /^[a-z]/.test(lines[i + 1] ?? ''),
    );
    expect(hyphenated.length).toBeGreaterThanOrEqual(2);
  });

  it('prints the running header and "Page X of Y" on every page', () => {
    for (let page = 1; page <= pages; page++) {
      const text = pdftotext(path, { first: page, last: page });
      expect(text, `page ${page}`).toContain('Wei ZHANG');
      expect(text, `page ${page}`).toContain('EB-1A · Petition letter');
      expect(text, `page ${page}`).toContain(`Page ${page} of ${pages}`);
    }
  });

  it('numbers the headings once, and the contents give the page each heading is printed on', () => {
    const pageLines = Array.from({ length: pages }, (_, i) =>
      pdftotext(path, { layout: true, first: i + 1, last: i + 1 }).split('\n'),
    );
    const leader = /^\s*(\d+(?:\.\d+)*)\.?\s+(.+?)\s*(?:\.\s*){3,}(\d+)\s*$/;
    const entries = pageLines.flatMap((lines, i) =>
      lines.flatMap((l) => {
        const m = leader.exec(l);
        return m ? [{ label: m[1]!, text: m[2]!, page: Number(m[3]), on: i + 1 }] : [];
      }),
    );
    expect(entries.map((e) => e.label)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(pageLines.flat().filter((l) => l.trim() === 'Table of Contents')).toHaveLength(1);
    for (const e of entries) {
      const start = `${e.label}. ${e.text.slice(0, 12)}`;
      const printed = pageLines.flatMap((lines, i) =>
        lines.some((l) => l.trim().startsWith(start) && !leader.test(l)) ? [i + 1] : [],
      );
      expect(printed, `heading ${e.label}`).toEqual([e.page]);
    }
    // The typed numbers of the sample's headings ("3. Criterion …") are replaced, not doubled.
    expect(pageLines.flat().filter((l) => /^\s*\d+\.\s+\d+\.\s/.test(l))).toEqual([]);
  });

  it('stretches a justified line at its gaps only: a reference label or placeholder keeps its width', async () => {
    const txt = (text: string) => ({ type: 'text' as const, text });
    const ref = (kind: 'exhibit' | 'letter', id: string) => ({
      type: 'reference' as const,
      attrs: { kind, id },
    });
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            txt('See '),
            ref('exhibit', 'a'),
            txt(', '),
            ref('exhibit', 'e'),
            txt(', '),
            ref('exhibit', 'b'),
            txt(', '),
            ref('letter', 'u'),
            txt(' and '),
            ref('letter', 's'),
            txt('.'),
          ],
        },
      ],
    } as TLetterDocument;
    const labels: Record<string, string> = { a: 'Exhibit 1', b: 'Exhibit 2', s: 'Recommendation Letter 1' };
    const pending: Record<string, string> = {
      e: '[Exhibit pending: Prize E (en)]',
      u: '[Letter pending: Prof. Wu]',
    };
    const r = await renderLetter({
      doc,
      locale: 'en',
      typeset: COUNSEL_TYPESETTING,
      resolveReference: (_kind, id) =>
        labels[id] ? { label: labels[id] } : { label: pending[id]!, pending: true },
    });
    const path = writeTempPdf(r.bytes, 'atoms.pdf');
    // Before: the labels' inner spaces were stretched as the line's gaps, so each label was drawn wider than
    // it was laid out and ran into the text after it ("Wu]and", "(en)] ,").
    expect(pdftotext(path).replace(/\s+/g, ' ')).toContain(
      'See Exhibit 1, [Exhibit pending: Prize E (en)], Exhibit 2, [Letter pending: Prof. Wu] and',
    );
    const words = pdfWords(path);
    const at = (w: string) => words.find((x) => x.word === w)!;
    expect(at('and').xMin).toBeGreaterThan(at('Wu]').xMax + 1);
  });
});

describe('typographic punctuation', () => {
  it('sets typewriter quotes as a typesetter does, by the character before each', () => {
    expect(typographicQuotes(`"Dr. Zhang's work," he said`, '')).toBe('“Dr. Zhang’s work,” he said');
    expect(typographicQuotes(`the 'Act' ("the Act")`, '')).toBe('the ‘Act’ (“the Act”)');
    // The run before decides the first mark: a quote right after a word closes.
    expect(typographicQuotes(`" and`, 'd')).toBe('” and');
  });

  it('gives shared punctuation the script of its neighbours', () => {
    const marks = (text: string) => [...cjkContextPunctuation(text)].map((i) => text[i]);
    expect(marks('Smith’s “Act” — 2019–2024…')).toEqual([]);
    expect(marks('具有“重大意义”……')).toEqual(['“', '”', '…', '…']);
    // An opening mark looks ahead, a closing one back.
    expect(marks('他说“the Act”。')).toEqual([]);
    expect(marks('the “重大”')).toEqual(['“', '”']);
  });
});
