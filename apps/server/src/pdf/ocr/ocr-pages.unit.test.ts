import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_TEXT_MAX_CHARS } from '../text/page-text.ts';
import { type OcrOptions, ocrCandidates, ocrPages, ocrPageText } from './ocr-pages.ts';

/**
 * OCR's bookkeeping with stand-ins for pdftoppm and tesseract (shell scripts written here), so it runs anywhere:
 * which pages are read, the cap, the time limit (the process killed), a missing binary, the private temp
 * directory removed. The real programs on real scans: apps/server/test/exhibit-text-ocr.test.ts.
 */
const dir = mkdtempSync(join(tmpdir(), 'ocr-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** pdftoppm: writes `<base>.png` (the last argument) and notes the page asked for and its directory. */
const log = join(dir, 'calls.log');
const pdftoppm = script(
  'pdftoppm',
  `for a; do last="$a"; done\necho "raster $6 $(pwd) $(stat -c %a .)" >> ${log}\n: > "$last.png"`,
);
const langs = 'echo "List of available languages (2):"; echo eng; echo chi_sim; exit 0';
/** tesseract: Chinese with the spaces Tesseract puts between characters, and English. */
const tesseract = script(
  'tesseract',
  `[ "$1" = --list-langs ] && { ${langs}; }\necho "ocr $1" >> ${log}\nprintf '推 荐 信\\n\\nPage   of %s\\n' "$(basename "$1")"`,
);
const slow = script('tesseract-slow', `[ "$1" = --list-langs ] && { ${langs}; }\nexec sleep 20`);
const engOnly = script('tesseract-eng', 'echo "List of available languages (1):"; echo eng');

const opts = (o: Partial<OcrOptions> = {}): OcrOptions => ({
  tesseractBin: tesseract,
  pdftoppmBin: pdftoppm,
  languages: 'eng+chi_sim',
  pageTimeoutMs: 10_000,
  maxPages: 60,
  totalTimeoutMs: 60_000,
  ...o,
});
const PDF = new TextEncoder().encode('%PDF-1.4 not parsed by the stand-ins');
const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);

describe('ocrPageText', () => {
  it('joins Chinese characters Tesseract spaced out, keeps spaces between words, one line, capped', () => {
    expect(ocrPageText('推 荐 信 ， 杰出 人才\n\nDr.  Wei   Zhang 教授')).toBe(
      '推荐信，杰出人才 Dr. Wei Zhang 教授',
    );
    expect(ocrPageText('a '.repeat(30_000))).toHaveLength(PAGE_TEXT_MAX_CHARS);
  });
});

describe('ocrCandidates', () => {
  it('reads pages without a text layer that paint something; unknown marks: every page without text', () => {
    expect(ocrCandidates(['text', '', ' ', ''], [[1], [1], [], [1]])).toEqual([1, 3]);
    expect(ocrCandidates(['text', '', ''])).toEqual([1, 2]);
  });
});

describe('ocrPages', () => {
  it('reads only the candidate pages, in a private directory removed afterwards; the rest keep their source', async () => {
    rmSync(log, { force: true });
    const r = await ocrPages(PDF, ['layer text', '', '', ''], [[1], [1], [], [1]], opts());
    expect(r.sources).toEqual(['layer', 'ocr', 'none', 'ocr']);
    expect(r.pages[0]).toBe('layer text');
    expect(r.pages[1]).toBe('推荐信 Page of p2.png');
    expect(r.pages[3]).toBe('推荐信 Page of p4.png');
    expect(r.ocrCount).toBe(2);
    const rasters = calls().filter((c) => c.startsWith('raster'));
    expect(rasters.map((c) => c.split(' ')[1])).toEqual(['2', '4']);
    const [, , cwd, mode] = rasters[0]!.split(' ');
    expect(mode).toBe('700');
    expect(existsSync(cwd!)).toBe(false);
  });

  it('reads at most maxPages pages; the others keep no text', async () => {
    const r = await ocrPages(PDF, ['', '', ''], undefined, opts({ maxPages: 2 }));
    expect(r.sources).toEqual(['ocr', 'ocr', 'none']);
    expect(r.pages[2]).toBe('');
    expect((await ocrPages(PDF, [''], undefined, opts({ maxPages: 0 }))).sources).toEqual(['none']);
  });

  it('kills a page past its time limit and skips it as ocr_timeout', async () => {
    const started = Date.now();
    const r = await ocrPages(PDF, ['', 'text'], undefined, opts({ tesseractBin: slow, pageTimeoutMs: 300 }));
    expect(r.sources).toEqual(['ocr_timeout', 'layer']);
    expect(r.pages[0]).toBe('');
    // The stand-in sleeps 20 s: the call came back because the process was killed.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('marks pages the whole pass has no time left for as ocr_timeout', async () => {
    const r = await ocrPages(PDF, ['', ''], undefined, opts({ totalTimeoutMs: 0 }));
    expect(r.sources).toEqual(['ocr_timeout', 'ocr_timeout']);
  });

  it('without tesseract, or without one of its languages, or without pdftoppm: ocr_unavailable, no error', async () => {
    const missing = join(dir, 'no-such-binary');
    for (const o of [{ tesseractBin: missing }, { tesseractBin: engOnly }, { pdftoppmBin: missing }]) {
      const r = await ocrPages(PDF, ['', 'text', ''], undefined, opts(o));
      expect(r.sources).toEqual(['ocr_unavailable', 'layer', 'ocr_unavailable']);
      expect(r.pages).toEqual(['', 'text', '']);
    }
  });
});
