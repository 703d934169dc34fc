import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { expect } from 'vitest';
import { requiredInCI, SHARED_DIR } from '../../../scripts/ci.mjs';
import { type NormaliseResult, normaliseEvidence } from '../src/pdf/normalise/index.ts';
import {
  expectOpensEverywhere,
  pdfToolsAvailable,
  readersVerdict,
  worstPageDifference,
} from './pdf-assertions.ts';

// The evidence normaliser's sweep over the robustness corpora in ../shared/corpora, one folder per test file
// (normalise-corpus-*.unit.test.ts) so the two halves run on both cores; the built viewer bombs are swept with
// the same check in normalise.unit.test.ts.

export const CORPORA = join(SHARED_DIR, 'corpora');
export const haveCorpora = requiredInCI(
  existsSync(join(CORPORA, 'ocrmypdf')) && existsSync(join(CORPORA, 'unstructured')),
  'evidence normaliser corpus test',
  `robustness corpora not found under ${CORPORA}`,
);
const tools = pdfToolsAvailable();
/** CPU milliseconds this process spent since `since` (other processes' load does not count). */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

/** Expected outcomes for the notable files: a page count, or a refusal code. */
const EXPECTED: Record<string, { pages: number } | { refused: string }> = {
  'unstructured/password.pdf': { refused: 'password_protected' },
  'ocrmypdf/skew-encrypted.pdf': { refused: 'password_protected' },
  'ocrmypdf/encrypted_algo4.pdf': { pages: 1 },
  'unstructured/copy-protected.pdf': { pages: 2 },
  'ocrmypdf/invalid.pdf': { refused: 'damaged' },
  // Its one page's content is an empty stream under /FlateDecode: a blank page, not damage.
  'ocrmypdf/docinfo_latin1_key.pdf': { pages: 1 },
  'unstructured/DA-1p.heic': { pages: 1 },
  'unstructured/layout-parser-paper-combined.tiff': { pages: 2 },
  'unstructured/layout-parser-paper-fast.tiff': { pages: 1 },
  'unstructured/bmp_24.bmp': { pages: 1 },
  'ocrmypdf/baiona_cmyk.jpg': { pages: 1 },
  'unstructured/DA-1p.jpg': { pages: 1 },
  'unstructured/example.jpg': { pages: 1 },
  // Decision 0003: PDFs are never rasterised, so pages holding huge images pass through.
  'ocrmypdf/hugemono.pdf': { pages: 1 },
  'ocrmypdf/enormous.pdf': { pages: 1 },
  'ocrmypdf/cardinal.pdf': { pages: 4 },
  'ocrmypdf/multipage.pdf': { pages: 6 },
  'unstructured/pdf2image-memory-error-test-400p.pdf': { pages: 400 },
  'unstructured/failure-after-repair.pdf': { pages: 76 },
  // A .docx saved as .doc, and a real Word 97 .doc that ends with a ZIP: both "convert to PDF".
  'unstructured/eng_spa_mult.doc': { refused: 'office_document' },
  'unstructured/fake-doc-emphasized-text.doc': { refused: 'office_document' },
};

/** The bar every accepted file meets; a refusal names the file in both languages. */
export async function check(name: string, input: Uint8Array, r: NormaliseResult) {
  if (!r.ok) {
    expect(r.message.en, name).toContain(name.split('/').pop());
    expect(r.message.zh, name).toContain(name.split('/').pop());
    return;
  }
  expect(r.pageCount, name).toBeGreaterThan(0);
  const reloaded = await PDFDocument.load(r.pdf, { updateMetadata: false });
  expect(reloaded.isEncrypted, name).toBe(false);
  expect(reloaded.getPageCount(), name).toBe(r.pageCount);
  if (tools) {
    // Decision 0015: qpdf --check clean, same page count in poppler and mupdf, and no reader
    // message the input itself did not already cause (e.g. a broken colour space in the content).
    const inputVerdict = r.source === 'pdf' ? readersVerdict(input) : undefined;
    const tolerated = inputVerdict?.errors ?? [];
    try {
      expectOpensEverywhere(r.pdf, r.pageCount, { tolerated });
    } catch (err) {
      throw new Error(`${name}: ${(err as Error).message}`);
    }
    // Rebuilding must not change what is printed: mupdf (which honours CropBox and UserUnit, as
    // our output now spells them out) draws input and output alike. Skipped where mupdf cannot
    // draw the input at all, and for long files (time).
    if (inputVerdict && r.pageCount <= 80 && inputVerdict.errors.every((e) => !/exit/.test(e))) {
      expect(await worstPageDifference(input, r.pdf), name).toBeLessThan(0.005);
    }
  }
}

/**
 * Normalises every file of the corpus folder `dir`: each accepted as embeddable pages or refused with a reason,
 * within 10 s of CPU, and the notable ones (EXPECTED) with their page count or refusal code.
 */
export async function sweepCorpus(dir: 'ocrmypdf' | 'unstructured'): Promise<void> {
  const files = readdirSync(join(CORPORA, dir))
    .filter((f) => statSync(join(CORPORA, dir, f)).isFile())
    .sort()
    .map((f) => `${dir}/${f}`);
  expect(files.length, `files in ${dir}`).toBeGreaterThan(0);
  const rows: string[] = [];
  const seen: Record<string, NormaliseResult> = {};
  for (const name of files) {
    const bytes = new Uint8Array(readFileSync(join(CORPORA, name)));
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const r = await normaliseEvidence({ bytes, filename: name.split('/').pop()! });
    const cpu = cpuMs(cpu0);
    const ms = performance.now() - t0;
    seen[name] = r;
    rows.push(
      [
        name.padEnd(55),
        String(bytes.length).padStart(9),
        (r.ok ? `ok ${r.source}` : 'refused').padEnd(9),
        (r.ok ? `${r.pageCount} p` : r.code).padEnd(19),
        `${ms.toFixed(0).padStart(5)} ms`,
        r.ok ? r.notes.join('; ') : '',
      ].join(' | '),
    );
    await check(name, bytes, r);
    expect(cpu, `${name} took ${cpu.toFixed(0)} ms of CPU`).toBeLessThan(10_000);
  }
  console.log(
    `\n${['file'.padEnd(55), 'bytes'.padStart(9), 'outcome'.padEnd(9), 'pages / code'.padEnd(19), '   time', 'notes'].join(' | ')}\n${rows.join('\n')}\n`,
  );
  for (const [name, want] of Object.entries(EXPECTED).filter(([n]) => n.startsWith(`${dir}/`))) {
    const r = seen[name];
    expect(r, name).toBeDefined();
    if ('refused' in want) expect(r?.ok ? 'accepted' : r?.code, name).toBe(want.refused);
    else expect(r?.ok ? r.pageCount : r?.code, name).toBe(want.pages);
  }
  for (const name of files.filter((f) => f.endsWith('.docx'))) {
    expect(seen[name]?.ok ? 'accepted' : seen[name]?.code, name).toBe('office_document');
  }
}
