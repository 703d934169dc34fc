import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EXHIBIT_TEXT_SOURCES } from '@dossier/contract';
import { pageFrame } from '../packet/page-frame.ts';
import { RawPdf } from '../raw/reader.ts';
import { cleanPageText, PAGE_TEXT_MAX_CHARS, PAGE_TEXTS_MAX_BYTES } from '../text/page-text.ts';
import { runBounded } from './run-bounded.ts';

export type ExhibitTextSource = (typeof EXHIBIT_TEXT_SOURCES)[number];

export interface OcrOptions {
  tesseractBin: string;
  pdftoppmBin: string;
  /** Tesseract's `-l`, e.g. `eng+chi_sim`. */
  languages: string;
  /** One page's rasterising + recognition, together; past it the page is skipped ('ocr_timeout'). */
  pageTimeoutMs: number;
  /** Pages recognised per file at most; the others keep no text ('none'). */
  maxPages: number;
  /** The whole pass; pages it does not reach in time are 'ocr_timeout' too (the job's own expiry follows). */
  totalTimeoutMs: number;
}

export interface OcrResult {
  pages: string[];
  sources: ExhibitTextSource[];
  /** Pages recognised (whether or not they held text). */
  ocrCount: number;
}

/** 300 dpi, as the task asks and Tesseract reads best; a poster-sized page is drawn smaller (≤ 5,000 px a side). */
const DPI = 300;
const MAX_SIDE_PX = 5000;
const PROBE_TIMEOUT_MS = 10_000;
/** Tesseract's stdout for one page; far above what a page holds (the kept text is cut to PAGE_TEXT_MAX_CHARS). */
const MAX_OCR_STDOUT = 1024 * 1024;

const CJK = '\\u3000-\\u303f\\u3400-\\u4dbf\\u4e00-\\u9fff\\uff00-\\uffef';
/** Tesseract writes a space between Chinese characters it recognised; Chinese text has none. */
const CJK_GAP = new RegExp(`(?<=[${CJK}])[ \\t]+(?=[${CJK}])`, 'g');

/** What OCR returned for a page, as the text layer's pages are kept (one line, bounded). */
export const ocrPageText = (raw: string): string =>
  cleanPageText(raw.replace(CJK_GAP, '')).slice(0, PAGE_TEXT_MAX_CHARS);

/** A page worth recognising: no text layer, and (when known) it paints something — a blank page holds no text. */
export function ocrCandidates(
  pageTexts: readonly string[],
  marks?: readonly (readonly unknown[])[],
): number[] {
  const out: number[] = [];
  pageTexts.forEach((text, i) => {
    if (text.trim() !== '') return;
    if (marks && marks.length === pageTexts.length && marks[i]?.length === 0) return;
    out.push(i);
  });
  return out;
}

/**
 * The text of an accepted PDF's pages that have no text layer, read by OCR (issue 33 item 1, decision 0085):
 * each candidate page rasterised by poppler's pdftoppm and read by Tesseract, one page at a time (two cores are
 * shared with the API), each with its own time limit, at most `maxPages` of them. Tesseract not installed, or
 * without one of the languages: those pages are 'ocr_unavailable', no error — the product works without it.
 * The file is written to a private temporary directory (0700, removed afterwards); nothing runs through a shell.
 * Pages with a text layer keep it ('layer'); a page that paints nothing is 'none'.
 */
export async function ocrPages(
  pdf: Uint8Array,
  pageTexts: readonly string[],
  marks: readonly (readonly unknown[])[] | undefined,
  opts: OcrOptions,
): Promise<OcrResult> {
  const pages = [...pageTexts];
  const sources: ExhibitTextSource[] = pageTexts.map((t) => (t.trim() !== '' ? 'layer' : 'none'));
  const result: OcrResult = { pages, sources, ocrCount: 0 };
  const candidates = ocrCandidates(pageTexts, marks);
  if (candidates.length === 0 || opts.maxPages <= 0) return result;
  const chosen = candidates.slice(0, opts.maxPages);
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), 'dossier-ocr-'));
  try {
    await chmod(dir, 0o700);
    if (!(await languagesInstalled(opts, dir))) {
      for (const i of chosen) sources[i] = 'ocr_unavailable';
      return result;
    }
    const input = join(dir, 'in.pdf');
    await writeFile(input, pdf, { mode: 0o600 });
    const dpis = pageDpis(pdf, pageTexts.length);
    let bytes = pageTexts.reduce((n, t) => n + Buffer.byteLength(t), 0);
    for (const i of chosen) {
      const left = opts.totalTimeoutMs - (Date.now() - started);
      if (left <= 0) {
        sources[i] = 'ocr_timeout';
        continue;
      }
      const page = await ocrOnePage(
        opts,
        dir,
        input,
        i + 1,
        dpis[i] ?? DPI,
        Math.min(opts.pageTimeoutMs, left),
      );
      sources[i] = page.source;
      if (page.source === 'ocr_unavailable') {
        // The binary went away or cannot run: the rest would fail the same way.
        for (const j of chosen) if (sources[j] === 'none') sources[j] = 'ocr_unavailable';
        break;
      }
      if (page.source !== 'ocr') continue;
      result.ocrCount++;
      // Within the same bound as the text layer's pages (2 MB a file).
      const size = Buffer.byteLength(page.text);
      if (bytes + size > PAGE_TEXTS_MAX_BYTES) continue;
      bytes += size;
      pages[i] = page.text;
    }
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Tesseract is there and knows every language asked for (a missing traineddata fails each page otherwise). */
async function languagesInstalled(opts: OcrOptions, dir: string): Promise<boolean> {
  const r = await runBounded(opts.tesseractBin, ['--list-langs'], {
    timeoutMs: PROBE_TIMEOUT_MS,
    cwd: dir,
    maxStdoutBytes: 64 * 1024,
  });
  if (r.kind !== 'ok') return false;
  const have = new Set(r.stdout.split(/\r?\n/).map((l) => l.trim()));
  return opts.languages.split('+').every((l) => have.has(l));
}

async function ocrOnePage(
  opts: OcrOptions,
  dir: string,
  input: string,
  page: number,
  dpi: number,
  timeoutMs: number,
): Promise<{ source: ExhibitTextSource; text: string }> {
  const until = Date.now() + timeoutMs;
  const base = join(dir, `p${page}`);
  const raster = await runBounded(
    opts.pdftoppmBin,
    ['-r', String(dpi), '-f', String(page), '-l', String(page), '-png', '-singlefile', input, base],
    { timeoutMs, cwd: dir, maxStdoutBytes: 64 * 1024 },
  );
  if (raster.kind === 'missing') return { source: 'ocr_unavailable', text: '' };
  if (raster.kind === 'timeout') return { source: 'ocr_timeout', text: '' };
  if (raster.kind === 'failed') return { source: 'none', text: '' };
  const left = until - Date.now();
  if (left <= 0) return { source: 'ocr_timeout', text: '' };
  const png = `${base}.png`;
  try {
    const read = await runBounded(opts.tesseractBin, [png, 'stdout', '-l', opts.languages], {
      timeoutMs: left,
      cwd: dir,
      maxStdoutBytes: MAX_OCR_STDOUT,
    });
    if (read.kind === 'missing') return { source: 'ocr_unavailable', text: '' };
    if (read.kind === 'timeout') return { source: 'ocr_timeout', text: '' };
    if (read.kind === 'failed') return { source: 'none', text: '' };
    return { source: 'ocr', text: ocrPageText(read.stdout) };
  } finally {
    // Each page's image goes as soon as it is read (a 300 dpi page is tens of MB uncompressed in memory, a few on disk).
    await rm(png, { force: true });
  }
}

/** Each page's resolution: 300 dpi unless that would draw a side longer than MAX_SIDE_PX. */
function pageDpis(pdf: Uint8Array, count: number): number[] {
  try {
    const src = RawPdf.open(pdf);
    return src.pages().map((p) => {
      const { box, unit } = pageFrame(src, p);
      const side = Math.max(box[2] - box[0], box[3] - box[1]) * (unit || 1);
      return side > 0 ? Math.max(10, Math.min(DPI, Math.floor((MAX_SIDE_PX * 72) / side))) : DPI;
    });
  } catch {
    return new Array<number>(count).fill(DPI);
  }
}
