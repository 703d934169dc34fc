import type { TLetterDocument } from '@dossier/contract';
import { renderLetter } from './letter/render-letter.ts';
import { generateSampleLetter, sampleResolver } from './letter/sample-letter.ts';

/** Sections of the sample letter the warm-up renders (~1 page each: every node type, zh and en text). */
const WARM_UP_SECTIONS = 4;

/**
 * Loads what every PDF build needs once per process — the CJK font files and their metrics, the harfbuzz
 * WebAssembly module, the document schema — and lets V8 optimise the layout, pagination and PDF-writing code,
 * by rendering a one-page bilingual letter and then a few pages of the sample petition letter (headings, lists,
 * tables, quotes, footnotes, references). Without the second render the first long preview after start still
 * paid ~1 s more than the next one (the code was warm only for a paragraph; `npm run bench:preview`).
 * Called by every process once it has started (main.ts, off the request path: the petition letter's preview, the
 * print file; ~180 MB of RSS for the fonts, decisions 0005, 0022, 0043) and by the bench scripts.
 */
export async function warmUpPdfEngine(): Promise<number> {
  const t0 = performance.now();
  const doc: TLetterDocument = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Warm-up 预热 EB-1A 2026' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: '申请人在蛋白质结构预测领域做出了原创性贡献。', marks: [{ type: 'bold' }] },
          { type: 'text', text: ' The petitioner has sustained acclaim (see ' },
          { type: 'reference', attrs: { kind: 'exhibit', id: 'warm-up' } },
          { type: 'text', text: ').' },
        ],
      },
    ],
  };
  await renderLetter({
    doc,
    locale: 'zh',
    pageNumbers: true,
    resolveReference: () => ({ label: 'Exhibit 1' }),
  });
  const sample = generateSampleLetter({ sections: WARM_UP_SECTIONS });
  await renderLetter({
    doc: sample.doc,
    validated: true,
    locale: 'en',
    pageNumbers: true,
    title: 'Warm-up',
    resolveReference: sampleResolver(sample, 'en'),
  });
  return performance.now() - t0;
}
