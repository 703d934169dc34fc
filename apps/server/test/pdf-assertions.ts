/**
 * Opens generated PDFs the way a user's viewer would: with independent readers (poppler, qpdf, mupdf),
 * system fonts hidden so a broken embedded font cannot hide behind a system one.
 * Tools missing on a developer machine → `pdfToolsMissing()` names them and suites skip; CI requires them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TOOLS = ['pdftotext', 'pdfinfo', 'pdffonts', 'pdftoppm', 'qpdf', 'mutool'] as const;

/** Names of the PDF tools this machine lacks (empty when all are there). */
export function pdfToolsMissing(): string[] {
  return TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
}

/** True when PDF suites should run; prints why not otherwise. Throws in CI when tools are missing. */
export function pdfToolsAvailable(): boolean {
  const missing = pdfToolsMissing();
  if (missing.length === 0) return true;
  const msg = `PDF reader tools missing (${missing.join(', ')}): apt-get install poppler-utils qpdf mupdf-tools`;
  if (process.env.CI === 'true') throw new Error(msg);
  console.warn(`SKIPPED PDF reader checks: ${msg}`);
  return false;
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
