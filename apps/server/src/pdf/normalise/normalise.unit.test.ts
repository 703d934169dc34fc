import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { requiredInCI } from '../../../../../scripts/ci.mjs';
import {
  ascii85Jbig2ImagePdf,
  ccittContentBombPdf,
  dctContentPdf,
  emptyFlateContentPdf,
  encodedContentPdf,
  inlineImageBombPdf,
  jbig2ContentBombPdf,
  jbig2ContentSmallPdf,
  jbig2FormBombPdf,
  jbig2GlobalsBombPdf,
  jpxContentBombPdf,
  lzwBombPdf,
  runLengthBombPdf,
  truncatedContentPdf,
  undecodableContentPdf,
  unknownFilterContentPdf,
} from '../../../test/hostile-content-pdfs.ts';
import { flateContentBombPdf, flateImageBombPdf, jbig2BombPdf } from '../../../test/hostile-pdfs.ts';
import {
  expectOpensEverywhere,
  pdfToolsAvailable,
  readersVerdict,
  worstPageDifference,
} from '../../../test/pdf-assertions.ts';
import { type NormaliseResult, normaliseEvidence } from './index.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const CORPORA = join(repoRoot, '..', 'shared', 'corpora');
const haveCorpora = requiredInCI(
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

async function check(name: string, input: Uint8Array, r: NormaliseResult) {
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
    if (
      r.source === 'pdf' &&
      r.pageCount <= 80 &&
      readersVerdict(input).errors.every((e) => !/exit/.test(e))
    ) {
      expect(await worstPageDifference(input, r.pdf), name).toBeLessThan(0.005);
    }
  }
}

describe.skipIf(!haveCorpora)('normaliseEvidence over the robustness corpora', () => {
  it('accepts every file as embeddable pages or refuses it with a reason', { timeout: 480_000 }, async () => {
    const files = ['ocrmypdf', 'unstructured'].flatMap((d) =>
      readdirSync(join(CORPORA, d))
        .filter((f) => statSync(join(CORPORA, d, f)).isFile())
        .sort()
        .map((f) => `${d}/${f}`),
    );
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
    for (const [name, want] of Object.entries(EXPECTED)) {
      const r = seen[name];
      expect(r, name).toBeDefined();
      if ('refused' in want) expect(r?.ok ? 'accepted' : r?.code, name).toBe(want.refused);
      else expect(r?.ok ? r.pageCount : r?.code, name).toBe(want.pages);
    }
    for (const name of files.filter((f) => f.endsWith('.docx'))) {
      expect(seen[name]?.ok ? 'accepted' : seen[name]?.code, name).toBe('office_document');
    }
  });
});

/**
 * Issue 27 item 9's class of viewer bombs and undecodable content, built here (hostile-content-pdfs.ts), swept
 * like the corpus: each is refused with its code before any reader sees it, or accepted and then held to the
 * corpus's bar (qpdf --check exit 0, poppler and mupdf open it without new messages).
 */
const BUILT: Array<[string, () => Uint8Array | Promise<Uint8Array>, 'too_large' | 'damaged' | 'accepted']> = [
  ['jbig2-content-100000.pdf', jbig2ContentBombPdf, 'too_large'],
  ['jbig2-form-100000.pdf', jbig2FormBombPdf, 'too_large'],
  ['jbig2-content-100.pdf', jbig2ContentSmallPdf, 'damaged'],
  ['dct-content-65535.pdf', () => dctContentPdf(), 'too_large'],
  ['dct-content-16.pdf', () => dctContentPdf(16), 'damaged'],
  ['ccitt-content-100000.pdf', ccittContentBombPdf, 'too_large'],
  ['jpx-content-100000.pdf', jpxContentBombPdf, 'too_large'],
  ['unknown-filter-content.pdf', unknownFilterContentPdf, 'damaged'],
  ['jbig2-image-200000.pdf', jbig2BombPdf, 'too_large'],
  ['jbig2-globals-100000.pdf', jbig2GlobalsBombPdf, 'too_large'],
  ['a85-jbig2-image-100000.pdf', ascii85Jbig2ImagePdf, 'too_large'],
  ['inline-image-100000.pdf', inlineImageBombPdf, 'too_large'],
  ['flate-flate-image.pdf', flateImageBombPdf, 'too_large'],
  ['flate-flate-content.pdf', flateContentBombPdf, 'too_large'],
  ['lzw-early-change-0-bomb.pdf', lzwBombPdf, 'too_large'],
  ['run-length-bomb.pdf', runLengthBombPdf, 'too_large'],
  ['truncated-flate-content.pdf', truncatedContentPdf, 'accepted'],
  ['undecodable-flate-content.pdf', undecodableContentPdf, 'damaged'],
  ['empty-flate-content.pdf', emptyFlateContentPdf, 'accepted'],
  [
    'lzw-early-change-0.pdf',
    () => encodedContentPdf('LZW', ['LZWDecode'], ['<< /EarlyChange 0 >>']),
    'accepted',
  ],
  [
    'a85-lzw-rle.pdf',
    () => encodedContentPdf('Chain', ['ASCII85Decode', 'LZWDecode', 'RunLengthDecode']),
    'accepted',
  ],
];

describe('normaliseEvidence over the viewer-bomb class of issue 27 item 9, built here', () => {
  it('refuses each bomb with its code, or accepts it with qpdf --check clean', {
    timeout: 240_000,
  }, async () => {
    for (const [name, build, want] of BUILT) {
      const bytes = await build();
      const r = await normaliseEvidence({ bytes, filename: name });
      // Checked before anything else: a bomb that got through must not reach a reader through check().
      expect(r.ok ? 'accepted' : r.code, name).toBe(want);
      await check(name, bytes, r);
    }
  });
});
