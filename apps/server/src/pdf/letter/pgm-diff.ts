/** Test helper: compares two binary PGM (P5) rasters, e.g. poppler's and mupdf's renderings of one page. */
import { readFileSync } from 'node:fs';

export interface Gray {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function readPgm(path: string): Gray {
  const b = readFileSync(path);
  const tokens: string[] = [];
  let pos = 0;
  while (tokens.length < 4) {
    while (pos < b.length && /\s/.test(String.fromCharCode(b[pos]!))) pos++;
    if (b[pos] === 0x23) {
      while (pos < b.length && b[pos] !== 0x0a) pos++;
      continue;
    }
    let tok = '';
    while (pos < b.length && !/\s/.test(String.fromCharCode(b[pos]!))) tok += String.fromCharCode(b[pos++]!);
    tokens.push(tok);
  }
  if (tokens[0] !== 'P5' || tokens[3] !== '255') throw new Error(`not an 8-bit P5 PGM: ${path}`);
  const width = Number(tokens[1]);
  const height = Number(tokens[2]);
  return { width, height, pixels: new Uint8Array(b.subarray(pos + 1, pos + 1 + width * height)) };
}

export interface RasterDiff {
  /** Pixels whose grey levels differ by more than 96, over all pixels (no tolerance). */
  strict: number;
  /** Ink pixels (< 128) with no ink within 1 px in the other raster, over all pixels. */
  page: number;
  /** The same count over the ink pixels of both rasters. */
  ink: number;
}

/**
 * Compares two renderings of one page. Poppler and mupdf round fractional baselines to different pixel rows,
 * so the strict figure counts whole lines shifted by one pixel; the 1-px-tolerant figures count real
 * differences (a missing or different glyph). Sizes may differ by a pixel from rounding; the overlap is compared.
 */
export function rasterDiff(a: Gray, b: Gray): RasterDiff {
  const w = Math.min(a.width, b.width);
  const h = Math.min(a.height, b.height);
  const inkA = (x: number, y: number) => a.pixels[y * a.width + x]! < 128;
  const inkB = (x: number, y: number) => b.pixels[y * b.width + x]! < 128;
  const near = (ink: (x: number, y: number) => boolean, x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h && ink(xx, yy)) return true;
      }
    }
    return false;
  };
  let strict = 0;
  let lonely = 0;
  let ink = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (Math.abs(a.pixels[y * a.width + x]! - b.pixels[y * b.width + x]!) > 96) strict++;
      const ia = inkA(x, y);
      const ib = inkB(x, y);
      if (ia) {
        ink++;
        if (!ib && !near(inkB, x, y)) lonely++;
      }
      if (ib) {
        ink++;
        if (!ia && !near(inkA, x, y)) lonely++;
      }
    }
  }
  return { strict: strict / (w * h), page: lonely / (w * h), ink: ink ? lonely / ink : 0 };
}
