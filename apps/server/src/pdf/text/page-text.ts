/**
 * The text a PDF's pages show, read from their text layer, per page (issue 31 item 5, decision 0071: the page text
 * store the review's text rules read) and the start of it to judge the language of an exhibit or a letter (issue 28
 * item 5, decision 0057): words in reading order of the content stream, not a faithful layout. Strings shown by Tj, TJ, ' and " are mapped
 * through their font's ToUnicode CMap (bfchar and bfrange); a simple font without one reads its bytes as Latin-1,
 * a composite font without one is read through its predefined Unicode CMap (`UniKS-UCS2-H`, `UniGB-UTF16-H`, …:
 * the code is the character, as in a PDF set in a non-embedded CJK font such as HYGoThic-Medium) or else skipped
 * (its codes, glyph ids under Identity-H, say nothing about characters). Form XObjects are not
 * entered, scanned pages have no text: such a file gives little or no text and is not judged.
 */
import { contentBytes } from '../packet/content-bbox.ts';
import { CHAR_CLASS, Parser } from '../raw/parse.ts';
import { type RawPage, RawPdf } from '../raw/reader.ts';
import { stringBytes } from '../raw/text.ts';
import { PdfDict, PdfName, PdfStream, PdfString, type PdfValue } from '../raw/values.ts';

/** Thrown inside a page's reading once it has shown enough characters. */
const FULL = new Error('page text full');

/** Characters of the language sample: the first ~4 KB of text is plenty to judge a language. */
export const TEXT_SAMPLE_CHARS = 4000;
/** Decoded bytes of one ToUnicode CMap read at most. */
const MAX_CMAP_BYTES = 1024 * 1024;

export interface FontMap {
  /** Bytes per character code (2 for a composite font, 1 for a simple one). */
  width: 1 | 2;
  /** Code → text; null: read the bytes as Latin-1. Undefined map entries show nothing. */
  map: Map<number, string> | null;
}

export const SKIP: FontMap = { width: 2, map: new Map() };
/** A composite font whose predefined CMap is UCS-2 / UTF-16 (PDF 32000-1 §9.7.5.2, Table 118): 2-byte codes are characters. */
const UNICODE_CODES: FontMap = { width: 2, map: null };
const UNICODE_CMAP = /^Uni(?:GB|CNS|JIS|KS)-(?:UCS2|UTF16)-[HV]$/;

const hexNumber = (s: string) => Number.parseInt(s, 16);
/** UTF-16BE hex → text. */
function utf16(spaced: string): string {
  const hex = spaced.replace(/\s/g, '');
  let out = '';
  for (let i = 0; i + 3 < hex.length; i += 4) out += String.fromCharCode(hexNumber(hex.slice(i, i + 4)));
  return out;
}

/** The bfchar and bfrange entries of a ToUnicode CMap (PDF 32000-1 §9.10.3). */
export function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) {
      map.set(hexNumber(m[1]!), utf16(m[2]!));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const re = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F\s]*)>|\[([^\]]*)\])/g;
    for (const m of block[1]!.matchAll(re)) {
      const lo = hexNumber(m[1]!);
      const hi = Math.min(hexNumber(m[2]!), lo + 0xffff);
      if (m[3] !== undefined) {
        const start = m[3].replace(/\s/g, '');
        const last = hexNumber(start.slice(-4) || '0');
        for (let c = lo; c <= hi; c++)
          map.set(c, utf16(start.slice(0, -4)) + String.fromCharCode(last + c - lo));
      } else {
        const list = [...m[4]!.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((x) => utf16(x[1]!));
        list.forEach((t, i) => {
          if (lo + i <= hi) map.set(lo + i, t);
        });
      }
    }
  }
  return map;
}

export function fontMap(src: RawPdf, font: PdfDict): FontMap {
  const width = font.name('Subtype') === 'Type0' ? 2 : 1;
  const tu = src.resolve(font.get('ToUnicode'));
  if (tu instanceof PdfStream) {
    try {
      return { width, map: parseToUnicode(Buffer.from(src.decode(tu, MAX_CMAP_BYTES)).toString('latin1')) };
    } catch {
      return SKIP;
    }
  }
  if (width === 1) return { width, map: null };
  return UNICODE_CMAP.test(font.name('Encoding') ?? '') ? UNICODE_CODES : SKIP;
}

/** A string's text through the font's map, at most about `max` characters (a map may turn one code into many). */
function show(bytes: Uint8Array, font: FontMap, max = Number.POSITIVE_INFINITY): string {
  if (font.map === null && font.width === 2) {
    let out = '';
    for (let i = 0; i + 1 < bytes.length && out.length < max; i += 2)
      out += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
    return out;
  }
  if (font.map === null)
    return Buffer.from(bytes.subarray(0, Math.min(bytes.length, max))).toString('latin1');
  let out = '';
  for (let i = 0; i + font.width - 1 < bytes.length && out.length < max; i += font.width) {
    const code = font.width === 2 ? (bytes[i]! << 8) | bytes[i + 1]! : bytes[i]!;
    out += font.map.get(code) ?? '';
  }
  return out;
}

export const isOperatorStart = (b: number) =>
  CHAR_CLASS[b] === 0 && !/[0-9+\-.]/.test(String.fromCharCode(b));

/**
 * One page's text: strings in the order shown, a space between text objects and moves; at most `budget` bytes of
 * its content are parsed (what was read before a cut or a syntax error is kept). Answers the text and the bytes
 * parsed.
 */
function pageText(
  src: RawPdf,
  page: RawPage,
  budget: number,
  maxChars = Number.POSITIVE_INFINITY,
): { text: string; parsed: number } {
  const whole = contentBytes(src, page.dict.get('Contents'));
  const bytes = whole.length > budget ? whole.subarray(0, budget) : whole;
  const res = src.dict(page.dict.get('Resources') ?? page.inherited.Resources);
  const fonts = src.dict(res?.get('Font'));
  const cache = new Map<string, FontMap>();
  let font: FontMap = SKIP;
  const parts: string[] = [];
  // Characters shown so far: a ToUnicode map may turn one code into a long string, so the text is bounded on its
  // own, not only through the bytes parsed (a hostile map must not make a 4 MB content stream gigabytes of text).
  let shown = 0;
  const push = (t: string) => {
    parts.push(t);
    shown += t.length;
    if (shown >= maxChars) throw FULL;
  };
  const operands: PdfValue[] = [];
  const p = new Parser(bytes);
  const strings = (v: PdfValue | undefined) => {
    if (v instanceof PdfString) push(show(stringBytes(v), font, maxChars - shown));
    else if (Array.isArray(v)) {
      for (const x of v) {
        if (x instanceof PdfString) push(show(stringBytes(x), font, maxChars - shown));
        else if (typeof x === 'number' && x < -200) push(' ');
      }
    }
  };
  try {
    readOperators();
  } catch {
    // A cut (the budget, the characters) or a syntax error: the text read so far stands.
  }
  const text = parts.join('');
  return { text: text.length > maxChars ? text.slice(0, maxChars) : text, parsed: bytes.length };

  function readOperators() {
    for (;;) {
      p.skip();
      if (p.pos >= bytes.length) break;
      const b = bytes[p.pos]!;
      if (!isOperatorStart(b)) {
        operands.push(p.value());
        continue;
      }
      const op = p.word();
      if (op === 'Tf') {
        const name = operands[operands.length - 2];
        if (name instanceof PdfName) {
          let f = cache.get(name.name);
          if (!f) {
            const d = fonts ? src.resolve(fonts.get(name.name)) : undefined;
            f = d instanceof PdfDict ? fontMap(src, d) : SKIP;
            cache.set(name.name, f);
          }
          font = f;
        }
      } else if (op === 'Tj' || op === 'TJ' || op === "'" || op === '"') {
        if (op !== 'Tj' && op !== 'TJ') push(' ');
        strings(operands[operands.length - 1]);
      } else if (op === 'BT' || op === 'ET' || op === 'Td' || op === 'TD' || op === 'T*' || op === 'Tm') {
        push(' ');
      } else if (op === 'BI') {
        // Inline image: skip its data to the EI that ends it.
        const end = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf('EI', p.pos, 'latin1');
        p.pos = end < 0 ? bytes.length : end + 2;
      }
      operands.length = 0;
    }
  }
}

/**
 * Control characters a text layer may hold (a ligature without a Unicode mapping reads as NUL): dropped, as
 * nothing a person reads and not storable in a PostgreSQL text column (NUL). White space is collapsed apart.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

/**
 * The page text store's limits (issue 31 item 5, decision 0071): each page's text is kept whole up to
 * PAGE_TEXT_MAX_CHARS characters, the whole file's up to PAGE_TEXTS_MAX_BYTES of UTF-8 (the row's jsonb), and at
 * most PAGE_TEXTS_MAX_PARSED decoded content bytes are parsed over the file, PAGE_MAX_PARSED on one page (a
 * drawing of many megabytes holds little text; the reading runs inside the normaliser's time limit).
 */
export const PAGE_TEXT_MAX_CHARS = 20_000;
export const PAGE_TEXTS_MAX_BYTES = 2 * 1024 * 1024;
const PAGE_TEXTS_MAX_PARSED = 24 * 1024 * 1024;
const PAGE_MAX_PARSED = 4 * 1024 * 1024;
/** Characters read from one page's layer before its white space is collapsed (runs of moves read as spaces). */
const PAGE_RAW_CHARS = 4 * PAGE_TEXT_MAX_CHARS;

/** A page's text as stored: no control characters, white space collapsed, trimmed. */
export const cleanPageText = (text: string) => text.replace(CONTROL, '').replace(/\s+/g, ' ').trim();

/** The longest start of `text` whose UTF-8 takes at most `bytes` bytes. */
function fitBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  const cut = Buffer.from(text).subarray(0, Math.max(0, bytes)).toString('utf8');
  // A character cut in two decodes as U+FFFD at the end.
  return cut.replace(/\uFFFD$/, '');
}

/**
 * Each page's text, one entry per page ('' for a page without a text layer, one that cannot be decoded, or one
 * past the limits above); [] when the file cannot be read at all.
 */
export function pageTexts(pdf: Uint8Array): string[] {
  let src: RawPdf;
  let pages: RawPage[];
  try {
    src = RawPdf.open(pdf);
    pages = src.pages();
  } catch {
    return [];
  }
  const out: string[] = [];
  let budget = PAGE_TEXTS_MAX_PARSED;
  let room = PAGE_TEXTS_MAX_BYTES;
  for (const page of pages) {
    let text = '';
    if (budget > 0 && room > 0) {
      try {
        const read = pageText(src, page, Math.min(budget, PAGE_MAX_PARSED), PAGE_RAW_CHARS);
        budget -= read.parsed;
        text = fitBytes(cleanPageText(read.text).slice(0, PAGE_TEXT_MAX_CHARS), room);
        room -= Buffer.byteLength(text);
      } catch {
        // A page whose content cannot be decoded keeps ''.
      }
    }
    out.push(text);
  }
  return out;
}

/** The language sample (textSample's) taken from page texts already read: their first `max` characters. */
export function sampleOfPages(pages: readonly string[], max = TEXT_SAMPLE_CHARS): string {
  let text = '';
  for (const page of pages) {
    if (page) text = text ? `${text} ${page}` : page;
    if (text.length >= max) break;
  }
  return text.slice(0, max);
}
