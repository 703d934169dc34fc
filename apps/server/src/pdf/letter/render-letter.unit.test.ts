import type { TInline, TLetterDocument } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import {
  mupdfRenderGray,
  pdffonts,
  pdfToolsAvailable,
  pdftotext,
  popplerRenderGray,
  qpdfCheck,
  writeTempPdf,
} from '../../../test/pdf-assertions.ts';
import { type RasterDiff, rasterDiff, readPgm } from './pgm-diff.ts';
import { renderLetter } from './render-letter.ts';
import { generateSampleLetter, sampleResolver } from './sample-letter.ts';

const tools = pdfToolsAvailable();
const t = (text: string, ...marks: ('bold' | 'italic' | 'underline')[]) =>
  (marks.length
    ? { type: 'text', text, marks: marks.map((type) => ({ type })) }
    : { type: 'text', text }) as TInline & {
    type: 'text';
  };
const exhibit = (id: string) => ({ type: 'reference', attrs: { kind: 'exhibit', id } }) as const;
const cell = (type: 'tableCell' | 'tableHeader', text: string) => ({
  type,
  content: [{ type: 'paragraph' as const, content: [t(text)] }],
});

/** The acceptance letter: zh + en paragraphs, a table, both list kinds, footnotes, 3 references. */
const acceptanceDoc: TLetterDocument = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [t('Letter of Recommendation / 推荐信')] },
    {
      type: 'paragraph',
      content: [
        t('尊敬的移民局官员：我谨以此信推荐张伟博士申请杰出人才移民（见'),
        exhibit('ex-a'),
        t('）。'),
        {
          type: 'footnote',
          content: [{ type: 'paragraph', content: [t('第一条脚注：引用数据截至二〇二四年。')] }],
        },
      ],
    },
    {
      type: 'paragraph',
      content: [
        t('This petition is filed under '),
        t('EB-1A 2024', 'bold'),
        t(' guidance; see '),
        exhibit('ex-b'),
        t(' and '),
        exhibit('ex-c'),
        t(', which the officer will find '),
        t('persuasive', 'italic'),
        t('.'),
        {
          type: 'footnote',
          content: [{ type: 'paragraph', content: [t('Second footnote: Policy Manual 6 F.2.')] }],
        },
      ],
    },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [t('Reviewer for Nature Methods')] }] },
        { type: 'listItem', content: [{ type: 'paragraph', content: [t('国际会议程序委员会委员')] }] },
      ],
    },
    {
      type: 'orderedList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [t('Original contribution')] }] },
        { type: 'listItem', content: [{ type: 'paragraph', content: [t('重大意义的贡献')] }] },
      ],
    },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [cell('tableHeader', 'Year / 年份'), cell('tableHeader', 'Citations / 引用')],
        },
        { type: 'tableRow', content: [cell('tableCell', '2023'), cell('tableCell', '3150 次')] },
        { type: 'tableRow', content: [cell('tableCell', '2024'), cell('tableCell', 'Quoted 4,211 times')] },
      ],
    },
  ],
};

const labels: Record<string, string> = { 'ex-a': 'Exhibit 1', 'ex-c': 'Exhibit 3' };
const resolve = (_kind: string, id: string) => (labels[id] ? { label: labels[id] } : undefined);
const squash = (s: string) => s.replace(/\s+/g, '');
const pct = (f: number) => `${(f * 100).toFixed(3)} %`;
const describeDiff = (d: RasterDiff) =>
  `${pct(d.page)} of pixels differ beyond 1 px (${pct(d.ink)} of ink; ${pct(d.strict)} with no tolerance)`;

describe('renderLetter', () => {
  it('renders the acceptance letter: text, fonts, references, footnotes, identical rasters', async () => {
    const r = await renderLetter({
      doc: acceptanceDoc,
      locale: 'en',
      header: 'Dr. Wei ZHANG — I-140',
      pageNumbers: true,
      resolveReference: resolve,
    });
    expect(r.pageCount).toBe(1);
    expect(r.danglingReferences).toEqual([{ kind: 'exhibit', id: 'ex-b' }]);
    expect(r.links.map((l) => l.target.id)).toEqual(['ex-a', 'ex-c']);
    for (const l of r.links) {
      expect(l.page).toBe(1);
      const [x1, y1, x2, y2] = l.rect;
      expect(x1).toBeGreaterThan(0);
      expect(x2).toBeGreaterThan(x1);
      expect(y2).toBeGreaterThan(y1);
      expect(y2).toBeLessThan(792);
    }
    if (!tools) return;

    const path = writeTempPdf(r.bytes, 'acceptance.pdf');
    const text = pdftotext(path);
    for (const s of [
      'EB-1A 2024',
      'Exhibit 1',
      'Exhibit 3',
      '[Exhibit deleted: remove this reference]',
      'Page 1 of 1',
      'Quoted 4,211 times',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('Exhibit 2');
    const flat = squash(text);
    for (const s of [
      '尊敬的移民局官员',
      '推荐张伟博士',
      '第一条脚注',
      'Policy Manual 6 F.2.',
      '国际会议程序委员会委员',
      '3150次',
    ]) {
      expect(flat).toContain(squash(s));
    }

    // CJK in Noto Sans SC's two weights, Latin text in the serif faces it uses (decision 0066).
    const fonts = pdffonts(path);
    expect(fonts.map((f) => f.name.slice(7)).sort()).toEqual([
      'NotoSansSC-Bold',
      'NotoSansSC-Regular',
      'SourceSerif4-Bold',
      'SourceSerif4-Italic',
      'SourceSerif4-Regular',
    ]);
    for (const f of fonts) {
      expect(f.name).toMatch(/^[A-Z]{6}\+/);
      expect(f).toMatchObject({ embedded: true, subset: true, unicode: true });
    }
    expect(qpdfCheck(path).status).toBe(0);

    const poppler = popplerRenderGray(path, 72);
    const mupdf = mupdfRenderGray(path, 72);
    expect(poppler.length).toBe(1);
    expect(mupdf.length).toBe(1);
    const diff = rasterDiff(readPgm(poppler[0]!), readPgm(mupdf[0]!));
    console.log(`acceptance letter, poppler vs mupdf at 72 dpi: ${describeDiff(diff)}`);
    expect(diff.page).toBeLessThan(0.01);
    expect(diff.strict).toBeLessThan(0.05);
  });

  it('prints the renderer’s own words in Chinese', async () => {
    const r = await renderLetter({
      doc: acceptanceDoc,
      locale: 'zh',
      pageNumbers: true,
      resolveReference: resolve,
    });
    expect(r.danglingReferences).toHaveLength(1);
    if (!tools) return;
    const flat = squash(pdftotext(writeTempPdf(r.bytes)));
    expect(flat).toContain(squash('[证据已删除：请删除此引用]'));
    expect(flat).toContain('第1页，共1页');
  });

  it('prints a pending reference as the placeholder it is given, without a link, and reports it', async () => {
    const doc: TLetterDocument = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'See ' },
            { type: 'reference', attrs: { kind: 'exhibit', id: 'folder:1' } },
            { type: 'text', text: ' and ' },
            { type: 'reference', attrs: { kind: 'exhibit', id: 'folder:2' } },
          ],
        },
      ],
    };
    const r = await renderLetter({
      doc,
      locale: 'en',
      resolveReference: (_k, id) =>
        id === 'folder:1' ? { label: '[Exhibit pending: CV]', pending: true } : { label: 'Exhibit 1' },
    });
    expect(r.links.map((l) => l.target.id)).toEqual(['folder:2']);
    expect(r.danglingReferences).toEqual([{ kind: 'exhibit', id: 'folder:1' }]);
    if (!tools) return;
    const text = pdftotext(writeTempPdf(r.bytes));
    expect(text).toContain('See [Exhibit pending: CV] and Exhibit 1');
    expect(text).not.toContain('missing');
  });

  it('renders a 40-page generated zh/en letter (figures printed, not timed)', async () => {
    const sample = generateSampleLetter({ sections: 39 });
    const resolveSample = sampleResolver(sample, 'en', ['ex-3']);
    const opts = {
      doc: sample.doc,
      locale: 'en' as const,
      pageNumbers: true,
      resolveReference: resolveSample,
    };
    const t0 = performance.now();
    const first = await renderLetter(opts);
    const cold = performance.now() - t0;
    const t1 = performance.now();
    const r = await renderLetter(opts);
    const warm = performance.now() - t1;
    console.log(
      `40-page letter: ${r.pageCount} pages, ${(r.bytes.length / 1024).toFixed(0)} KiB, first ${cold.toFixed(0)} ms, again ${warm.toFixed(0)} ms`,
    );
    expect(first.pageCount).toBe(r.pageCount);
    expect(r.pageCount).toBeGreaterThanOrEqual(40);
    expect(r.danglingReferences).toEqual([{ kind: 'exhibit', id: 'ex-3' }]);
    expect(r.links.length).toBeGreaterThan(100);
    expect(Math.max(...r.links.map((l) => l.page))).toBe(r.pageCount);
    if (!tools) return;
    const path = writeTempPdf(r.bytes, 'long.pdf');
    expect(qpdfCheck(path).status).toBe(0);
    const last = pdftotext(path, { first: r.pageCount, last: r.pageCount });
    expect(last).toContain(`Page ${r.pageCount} of ${r.pageCount}`);
    const poppler = popplerRenderGray(path, 50);
    const mupdf = mupdfRenderGray(path, 50);
    expect(mupdf.length).toBe(r.pageCount);
    const diffs = poppler.map((p, i) => rasterDiff(readPgm(p), readPgm(mupdf[i]!)));
    const worst = diffs.reduce((w, d) => (d.page > w.page ? d : w));
    console.log(`40-page letter, poppler vs mupdf at 50 dpi, worst page: ${describeDiff(worst)}`);
    expect(worst.page).toBeLessThan(0.01);
  }, 60_000);

  it('refuses hostile JSON before laying anything out', async () => {
    let deep: unknown = { type: 'paragraph', content: [t('x')] };
    for (let i = 0; i < 10_000; i++) deep = { type: 'blockquote', content: [deep] };
    const hostile = [
      { type: 'doc', content: [deep] },
      { type: 'doc', content: [{ type: 'script', content: [] }] },
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'image', attrs: { src: 'x' } }] }] },
      { type: 'doc', content: [{ type: 'paragraph', content: [t('x'.repeat(30_000))] }] },
    ];
    for (const doc of hostile) {
      await expect(
        renderLetter({ doc: doc as TLetterDocument, locale: 'en', resolveReference: resolve }),
      ).rejects.toThrow();
    }
  });

  it('starts a new page at a page break and keeps footnotes with their line', async () => {
    const long = 'The petitioner has sustained national acclaim in the field. '.repeat(12);
    const doc: TLetterDocument = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [t('First page.')] },
        { type: 'pageBreak' },
        ...Array.from({ length: 14 }, (_, i) => ({
          type: 'paragraph' as const,
          content: [
            t(`${i + 1}. Start`),
            {
              type: 'footnote' as const,
              content: [{ type: 'paragraph' as const, content: [t(`Note ${i + 1}.`)] }],
            },
            t(` ${long}`),
          ],
        })),
      ],
    };
    const r = await renderLetter({ doc, locale: 'en', resolveReference: resolve });
    expect(r.pageCount).toBeGreaterThanOrEqual(3);
    if (!tools) return;
    const path = writeTempPdf(r.bytes);
    expect(pdftotext(path, { first: 1, last: 1 }).trim()).toBe('First page.');
    for (let p = 2; p <= r.pageCount; p++) {
      const page = pdftotext(path, { first: p, last: p });
      for (const m of page.matchAll(/^(\d+)\. Start/gm)) expect(page).toContain(`Note ${m[1]}.`);
    }
  });
});
