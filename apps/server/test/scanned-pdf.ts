import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { TLetterDocument } from '@dossier/contract';
import { renderLetter } from '../src/pdf/letter/render-letter.ts';

/** Tesseract with English and Simplified Chinese, and pdftoppm: what the OCR tests need on this machine. */
export function ocrToolsInstalled(): boolean {
  const langs = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8', timeout: 10_000 });
  const raster = spawnSync('pdftoppm', ['-v'], { encoding: 'utf8', timeout: 10_000 });
  if (langs.status !== 0 || raster.error) return false;
  const have = new Set(langs.stdout.split(/\r?\n/).map((l) => l.trim()));
  return have.has('eng') && have.has('chi_sim');
}

/**
 * A scan built in the test: each entry's lines typeset as a letter (Latin in the serif, Chinese in Noto Sans SC,
 * large enough to read), its first page rasterised by pdftoppm, and the images put on the pages of a new PDF
 * with pdf-lib — so the result has no text layer at all, only pictures of text, as a scanner writes it.
 */
export async function scannedPdf(pages: readonly (readonly string[])[], dpi = 150): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'scan-'));
  try {
    const out = await PDFDocument.create();
    for (const [n, lines] of pages.entries()) {
      const doc: TLetterDocument = {
        type: 'doc',
        content: lines.map((line) => ({
          type: 'heading',
          attrs: { level: 1 },
          content: [{ type: 'text', text: line }],
        })),
      };
      const { bytes } = await renderLetter({ doc, locale: 'en', resolveReference: () => undefined });
      const src = join(dir, `text-${n}.pdf`);
      writeFileSync(src, bytes);
      const r = spawnSync(
        'pdftoppm',
        ['-r', String(dpi), '-f', '1', '-l', '1', '-png', '-singlefile', src, join(dir, `img-${n}`)],
        {
          timeout: 30_000,
        },
      );
      if (r.status !== 0) throw new Error(`pdftoppm failed: ${r.stderr?.toString()}`);
      const png = await out.embedPng(readFileSync(join(dir, `img-${n}.png`)));
      const page = out.addPage([612, 792]);
      page.drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
    }
    return await out.save();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
