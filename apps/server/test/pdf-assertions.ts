/**
 * Opens generated PDFs the way a user's viewer would: with independent readers (poppler, qpdf, mupdf),
 * system fonts hidden so a broken embedded font cannot hide behind a system one.
 * Tools missing on a developer machine → `pdfToolsMissing()` names them and suites skip; CI requires them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requiredInCI } from '../../../scripts/ci.mjs';

const TOOLS = ['pdftotext', 'pdfinfo', 'pdffonts', 'pdftoppm', 'qpdf', 'mutool'] as const;

/** Names of the PDF tools this machine lacks (empty when all are there). */
export function pdfToolsMissing(): string[] {
  return TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
}

/** True when PDF suites should run; prints why not otherwise. Throws in CI when tools are missing. */
export function pdfToolsAvailable(): boolean {
  const missing = pdfToolsMissing();
  if (missing.length === 0) return true;
  return requiredInCI(
    false,
    'PDF reader checks',
    `PDF reader tools missing (${missing.join(', ')}): apt-get install poppler-utils qpdf mupdf-tools`,
  );
}

let fontconfigFile: string | undefined;
/** An environment in which fontconfig knows no font directory at all. */
export function noSystemFontsEnv(): NodeJS.ProcessEnv {
  if (!fontconfigFile) {
    const dir = mkdtempSync(join(tmpdir(), 'dossier-nofonts-'));
    mkdirSync(join(dir, 'cache'), { recursive: true });
    fontconfigFile = join(dir, 'fonts.conf');
    writeFileSync(
      fontconfigFile,
      `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><cachedir>${join(dir, 'cache')}</cachedir></fontconfig>`,
    );
  }
  return { ...process.env, FONTCONFIG_FILE: fontconfigFile, FONTCONFIG_PATH: join(fontconfigFile, '..') };
}

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { env: noSystemFontsEnv(), maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
}

/** Writes bytes to a temporary .pdf and returns its path. */
export function writeTempPdf(bytes: Uint8Array, name = 'out.pdf'): string {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-pdf-'));
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

export function pdftotext(
  path: string,
  opts: { layout?: boolean; first?: number; last?: number } = {},
): string {
  const args = [...(opts.layout ? ['-layout'] : []), '-enc', 'UTF-8'];
  if (opts.first) args.push('-f', String(opts.first));
  if (opts.last) args.push('-l', String(opts.last));
  return run('pdftotext', [...args, path, '-']);
}

/** Words with their boxes (`pdftotext -bbox`), by default only those inside the CropBox; of one page if given. */
export function pdfWords(
  path: string,
  opts: { cropBox?: boolean; page?: number } = {},
): Array<{ word: string; xMin: number; yMin: number; xMax: number; yMax: number }> {
  const pages = opts.page ? ['-f', String(opts.page), '-l', String(opts.page)] : [];
  const out = run('pdftotext', [
    '-bbox',
    ...((opts.cropBox ?? true) ? ['-cropbox'] : []),
    ...pages,
    path,
    '-',
  ]);
  return [
    ...out.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map((m) => ({
    word: m[5]!,
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
  }));
}

export function pdfinfo(path: string): Record<string, string> {
  const out = run('pdfinfo', [path]);
  return Object.fromEntries(
    out
      .split('\n')
      .filter((l) => l.includes(':'))
      .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
  );
}

export function pageCount(path: string): number {
  return Number(pdfinfo(path).Pages);
}

export interface FontRow {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

export function pdffonts(path: string): FontRow[] {
  const lines = run('pdffonts', [path]).split('\n').slice(2).filter(Boolean);
  return lines.map((l) => {
    const cols = l.trim().split(/\s+/);
    // name type [encoding…] emb sub uni object ID: the flags are the 5th..3rd from the end.
    const [emb, sub, uni] = cols.slice(-5, -2);
    return {
      name: cols[0] ?? '',
      type: cols.slice(1, -5).join(' '),
      embedded: emb === 'yes',
      subset: sub === 'yes',
      unicode: uni === 'yes',
    };
  });
}

/** `qpdf --check`: exit 0 = clean, 3 = warnings only, 2 = errors. Returns the status and output. */
export function qpdfCheck(path: string): { status: number; output: string } {
  const r = spawnSync('qpdf', ['--check', path], { encoding: 'utf8', env: noSystemFontsEnv() });
  return { status: r.status ?? 2, output: `${r.stdout}${r.stderr}` };
}

/** Renders every page with mupdf; returns the PNG paths (throws if mupdf fails). */
export function mutoolRender(path: string, dpi = 50): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-mupdf-'));
  run('mutool', ['draw', '-q', '-r', String(dpi), '-o', join(dir, 'p%d.png'), path]);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]))
    .map((f) => join(dir, f));
}

/** Renders every page with poppler (pdftoppm) as grey PGM; returns paths in page order. */
export function popplerRenderGray(path: string, dpi = 50): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-poppler-'));
  run('pdftoppm', ['-r', String(dpi), '-gray', path, join(dir, 'p')]);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pgm'))
    .sort()
    .map((f) => join(dir, f));
}

/** Renders every page with mupdf as grey PGM; returns paths in page order. */
export function mupdfRenderGray(path: string, dpi = 50): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-mupdfg-'));
  run('mutool', ['draw', '-q', '-r', String(dpi), '-c', 'gray', '-o', join(dir, 'p%04d.pgm'), path]);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pgm'))
    .sort()
    .map((f) => join(dir, f));
}

export interface PdfJsField {
  value?: unknown;
  exportValues?: unknown;
  type?: string;
}

/** Form fields as pdf.js (Firefox's reader) sees them: full name → widgets with value and export values. */
export async function pdfjsFieldObjects(bytes: Uint8Array): Promise<Record<string, PdfJsField[]>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  try {
    return ((await doc.getFieldObjects()) ?? {}) as Record<string, PdfJsField[]>;
  } finally {
    await doc.destroy();
  }
}

/** Reader messages that say nothing about the file (this mupdf build has no colour management). */
const NOISE = [/^warning: ICC support is not available/];

export interface ReaderVerdict {
  qpdf: { status: number; output: string };
  /** Page counts as poppler (pdfinfo) and mupdf (mutool info) report them; NaN when they fail. */
  poppler: number;
  mupdf: number;
  /** Error and warning lines printed while opening, extracting text (poppler) and drawing (mupdf). */
  errors: string[];
}

function runAll(cmd: string, args: string[]): { status: number; out: string; err: string } {
  const r = spawnSync(cmd, args, { env: noSystemFontsEnv(), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status ?? 2, out: r.stdout ?? '', err: r.stderr ?? '' };
}

/**
 * Opens a PDF in the three independent readers: `qpdf --check`, poppler (`pdfinfo`, `pdftotext` of
 * every page) and mupdf (`mutool info`, `mutool draw` of `drawPages`, all by default, at 9 dpi).
 */
export function readersVerdict(bytes: Uint8Array, drawPages?: string): ReaderVerdict {
  const path = writeTempPdf(bytes, 'check.pdf');
  const qpdf = qpdfCheck(path);
  const info = runAll('pdfinfo', [path]);
  const poppler = Number(/^Pages:\s+(\d+)/m.exec(info.out)?.[1] ?? Number.NaN);
  const text = runAll('pdftotext', [path, '/dev/null']);
  const mInfo = runAll('mutool', ['info', path]);
  const mupdf = Number(/^Pages:\s+(\d+)/m.exec(mInfo.out)?.[1] ?? Number.NaN);
  const draw = runAll('mutool', [
    'draw',
    '-q',
    '-r',
    '9',
    '-F',
    'pgm',
    '-o',
    '/dev/null',
    path,
    ...(drawPages ? [drawPages] : []),
  ]);
  const errors = [info.err, text.err, mInfo.err, draw.err]
    .flatMap((e) => e.split('\n'))
    // Byte offsets differ between an input and its rewrite: "Syntax Error (721): …" → "Syntax Error: …".
    .map((l) => l.trim().replace(/ \(\d+\):/, ':'))
    .filter((l) => l && !NOISE.some((n) => n.test(l)));
  if (text.status !== 0) errors.push(`pdftotext exit ${text.status}`);
  if (draw.status !== 0) errors.push(`mutool draw exit ${draw.status}`);
  return { qpdf, poppler, mupdf, errors };
}

/**
 * The bar every accepted evidence PDF must clear (decision 0015): `qpdf --check` exits 0 (no
 * errors and no warnings: a warning means qpdf had to repair something we wrote), poppler and
 * mupdf both open it with `pages` pages, and neither prints an error or a warning while reading
 * the text of every page and drawing it — except lines listed in `tolerated` (faults in the page
 * content itself that the input already had, e.g. a broken colour space). Throws with what failed.
 */
export function expectOpensEverywhere(
  bytes: Uint8Array,
  pages: number,
  opts: { tolerated?: readonly string[]; drawPages?: string } = {},
): ReaderVerdict {
  const v = readersVerdict(bytes, opts.drawPages);
  const problems: string[] = [];
  if (v.qpdf.status !== 0)
    problems.push(`qpdf --check exit ${v.qpdf.status}: ${v.qpdf.output.slice(0, 2000)}`);
  if (v.poppler !== pages) problems.push(`poppler sees ${v.poppler} page(s), expected ${pages}`);
  if (v.mupdf !== pages) problems.push(`mupdf sees ${v.mupdf} page(s), expected ${pages}`);
  const tolerated = new Set(opts.tolerated ?? []);
  const errors = v.errors.filter((e) => !tolerated.has(e));
  if (errors.length) problems.push(`reader messages:\n  ${[...new Set(errors)].slice(0, 20).join('\n  ')}`);
  if (problems.length) throw new Error(`PDF does not open cleanly everywhere:\n${problems.join('\n')}`);
  return v;
}

/**
 * How differently mupdf draws two PDFs: for each page, the share of pixels (at `dpi`) whose grey
 * levels differ by more than 40 of 255; returns the worst page, or 1 when page counts or sizes differ.
 * Throws when mupdf cannot draw either file.
 */
export async function worstPageDifference(a: Uint8Array, b: Uint8Array, dpi = 20): Promise<number> {
  const { default: sharp } = await import('sharp');
  const pa = mutoolRender(writeTempPdf(a), dpi);
  const pb = mutoolRender(writeTempPdf(b), dpi);
  if (pa.length !== pb.length) return 1;
  let worst = 0;
  for (const [i, path] of pa.entries()) {
    const [x, y] = await Promise.all(
      [path, pb[i]!].map((p) => sharp(p).greyscale().raw().toBuffer({ resolveWithObject: true })),
    );
    if (x!.info.width !== y!.info.width || x!.info.height !== y!.info.height) return 1;
    let differ = 0;
    for (let k = 0; k < x!.data.length; k++) if (Math.abs(x!.data[k]! - y!.data[k]!) > 40) differ++;
    worst = Math.max(worst, differ / x!.data.length);
  }
  return worst;
}
