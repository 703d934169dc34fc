import type { TLetterDocument } from '@dossier/contract';
import { renderLetter } from './letter/render-letter.ts';

/**
 * Loads what every PDF build needs once per process — the CJK font files and their metrics, the harfbuzz
 * WebAssembly module, the document schema — by rendering a one-page bilingual letter, so the first packet a
 * user asks for is not the one that pays for it. For the worker that builds packets to call when it starts
 * taking those jobs (~180 MB of RSS, so not at every start; decision 0005).
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
  return performance.now() - t0;
}
