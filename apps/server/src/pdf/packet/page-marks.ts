/**
 * What each page of a PDF paints (`contentMarks`, decision 0025), read once when a file enters the system: the
 * upload check records it beside the normalised PDF, so the print file fits its stamps around every exhibit page
 * without reading its content streams again (decision 0044). Kept as JSON, each box rounded outward to 1/100 pt.
 */
import { RawPdf } from '../raw/reader.ts';
import { contentMarks, type Rect } from './content-bbox.ts';
import { pageFrame } from './page-frame.ts';

/** Every page's marks, in page order. */
export function pageMarks(pdf: Uint8Array): Rect[][] {
  const src = RawPdf.open(pdf);
  return src.pages().map((p) => contentMarks(src, p, pageFrame(src, p).box));
}

const down = (v: number) => Math.floor(v * 100) / 100;
const up = (v: number) => Math.ceil(v * 100) / 100;

export function encodeMarks(marks: Rect[][]): Buffer {
  return Buffer.from(
    JSON.stringify(marks.map((page) => page.map((r) => [down(r[0]), down(r[1]), up(r[2]), up(r[3])]))),
  );
}

const isRect = (r: unknown): r is Rect =>
  Array.isArray(r) && r.length === 4 && r.every((v) => typeof v === 'number' && Number.isFinite(v));

/** `value` as marks (a list per page of four-number boxes), or undefined when it is not that shape. */
export function asMarks(value: unknown): Rect[][] | undefined {
  return Array.isArray(value) && value.every((p) => Array.isArray(p) && p.every(isRect))
    ? (value as Rect[][])
    : undefined;
}

/** The marks of `encodeMarks`, or undefined for bytes that are not that (read as "not known"). */
export function decodeMarks(bytes: Uint8Array): Rect[][] | undefined {
  try {
    return asMarks(JSON.parse(Buffer.from(bytes).toString('utf8')));
  } catch {
    return undefined;
  }
}
