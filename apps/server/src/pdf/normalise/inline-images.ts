/**
 * The decoded size of an inline image (BI … ID … EI inside a content stream; decision 0053), from the tokens
 * of its dictionary as content-lexer.ts read them and the first bytes of its data: width × height ×
 * components × bits, or what a JPEG frame header or CCITT /Columns and /Rows declare, whichever is larger.
 * Readers allocate it like any image's, so it is held to the same budget.
 */
import type { InlineImage } from './content-lexer.ts';
import { filterName } from './filters.ts';
import { COMPONENTS, type ImageSize, sampleBytes } from './image-budget.ts';
import { jpegExtent } from './image-headers.ts';

/** Inline-image keys by their abbreviations (PDF 32000-1 table 93). */
const KEYS: Record<string, string> = {
  W: 'Width',
  H: 'Height',
  BPC: 'BitsPerComponent',
  CS: 'ColorSpace',
  IM: 'ImageMask',
  F: 'Filter',
  DP: 'DecodeParms',
};

/** The dictionary's entries: each key (full name) with its value's tokens (an array or a dictionary in full). */
function entries(tokens: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < tokens.length; ) {
    const key = tokens[i++]!;
    if (!key.startsWith('/') || i >= tokens.length) continue;
    const value: string[] = [];
    let depth = 0;
    do {
      const t = tokens[i++]!;
      if (t === '[' || t === '<<') depth++;
      else if (t === ']' || t === '>>') depth--;
      value.push(t);
    } while (depth > 0 && i < tokens.length);
    out.set(KEYS[key.slice(1)] ?? key.slice(1), value);
  }
  return out;
}

const count = (v: string | undefined) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/** The value that follows `key` inside a dictionary's tokens. */
const inside = (value: readonly string[] | undefined, key: string) => {
  const at = value?.indexOf(`/${key}`) ?? -1;
  return at >= 0 ? value?.[at + 1] : undefined;
};

export function inlineImageSize(image: InlineImage): ImageSize {
  const e = entries(image.tokens);
  let width = count(e.get('Width')?.[0]);
  let height = count(e.get('Height')?.[0]);
  const mask = e.get('ImageMask')?.[0] === 'true';
  const cs = e.get('ColorSpace');
  // A name, an array whose family is its first name (e.g. [/I /RGB 1 <…>]), or a resource name: 4 if unknown.
  const family = cs?.find((t) => t.startsWith('/'))?.slice(1);
  let comps = mask ? 1 : family ? (COMPONENTS[family] ?? 4) : 1;
  let bits = mask ? 1 : count(e.get('BitsPerComponent')?.[0]) || 8;
  const filters = (e.get('Filter') ?? []).filter((t) => t.startsWith('/')).map((t) => filterName(t.slice(1)));
  const codec = filters.at(-1);
  if (codec === 'DCTDecode' && filters.length === 1) {
    const frame = jpegExtent(image.head);
    if (frame) {
      width = Math.max(width, frame.width);
      height = Math.max(height, frame.height);
      comps = Math.max(comps, frame.components ?? 0);
    }
  }
  if (codec === 'CCITTFaxDecode') {
    const parms = e.get('DecodeParms');
    width = Math.max(width, count(inside(parms, 'Columns')) || 1728);
    height = Math.max(height, count(inside(parms, 'Rows')));
    comps = 1;
    bits = 1;
  }
  return { width, height, bytes: sampleBytes(width, height, comps, bits) };
}
