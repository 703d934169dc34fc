import { readFile } from 'node:fs/promises';
import type { TLetterDocument } from '@dossier/contract';
import { BLANKS_DIR, SHIPPED_BLANKS } from '@dossier/forms/blanks';
import { fillOfficialPdf } from './forms/fill.ts';
import { COUNSEL_TYPESETTING, renderLetter } from './letter/render-letter.ts';
import { generateSampleLetter, sampleResolver } from './letter/sample-letter.ts';
import { assemblePacket } from './packet/assemble-packet.ts';

/** Sections of the sample letter the warm-up renders (~1 page each: every node type, zh and en text). */
const WARM_UP_SECTIONS = 4;

/**
 * Loads what every PDF build needs once per process — the CJK font files and their metrics, the harfbuzz
 * WebAssembly module, the document schema, the shipped form blanks — and lets V8 optimise the layout, pagination,
 * PDF-writing, form-filling and packet code, by rendering a one-page bilingual letter and a few pages of the sample
 * petition letter (headings, lists, tables, quotes, footnotes, references), filling each shipped blank and
 * assembling a small print file. Without it the first long preview after start paid ~1 s more than the next one,
 * and the first print file ~2× the next (`npm run bench:preview`, `npm run bench:packet -- --job --cold`).
 * Called by every process once it has started (main.ts, off the request path; a worker takes jobs once it is
 * done; decisions 0005, 0022, 0043, 0044) and by the bench scripts.
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
  const letter = await renderLetter({
    doc: sample.doc,
    validated: true,
    locale: 'en',
    pageNumbers: true,
    // As the packet sets the letter (decision 0066): the serif faces, the hyphenation patterns, the contents.
    typeset: COUNSEL_TYPESETTING,
    runningHeader: { left: 'Warm-up', right: 'EB-1A' },
    title: 'Warm-up',
    resolveReference: sampleResolver(sample, 'en'),
  });
  // The shipped blanks, each filled once with nothing: opened (the I-140 decrypted), their fields read and kept
  // for the process (fill.ts), the filler's code compiled. A blank that does not open is the filler's to report.
  const forms = [];
  for (const b of SHIPPED_BLANKS) {
    const blank = new Uint8Array(await readFile(new URL(b.file, BLANKS_DIR)));
    const filled = await fillOfficialPdf({
      blank,
      expect: { formNumber: b.form, edition: b.edition },
      fields: [],
    })
      .then((r) => r.bytes)
      .catch(() => null);
    if (b.form === 'I-140' || b.form === 'G-1145')
      forms.push({ key: b.form as 'I-140' | 'G-1145', pdf: filled });
  }
  // A small print file: the copy, the stamps, the shared fonts and the outline, compiled before the first real one.
  const empty = { type: 'doc', content: [] } as unknown as TLetterDocument;
  await assemblePacket({
    locale: 'zh',
    category: 'EB1A',
    petitionerName: 'Warm-up',
    filingDate: '2026-01-01',
    premium: false,
    payment: 'G-1450',
    forms,
    petitionLetter: doc,
    exhibits: [{ id: 'warm-up', number: 1, title: 'Warm-up', original: letter.bytes }],
    letters: [],
    plan: { doc: empty, attachments: [] },
  });
  return performance.now() - t0;
}
