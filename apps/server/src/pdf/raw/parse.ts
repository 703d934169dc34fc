/**
 * A PDF object parser over bytes (PDF 32000-1 §7.2–7.3): values, and indirect objects with their stream data
 * located (not decoded). Strings are kept as the bytes they were written with (views, no copy).
 */
import {
  PdfDict,
  PdfName,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
  PdfSyntaxError,
  type PdfValue,
} from './values.ts';

/** 1: white space, 2: delimiter (PDF 32000-1 §7.2.2). */
export const CHAR_CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CHAR_CLASS[c] = 1;
for (const c of '()<>[]{}/%') CHAR_CLASS[c.charCodeAt(0)] = 2;

/** Arrays and dictionaries nested deeper than this are refused (a hostile file cannot exhaust the stack). */
const MAX_DEPTH = 64;

enum C {
  LF = 10,
  CR = 13,
  PERCENT = 37,
  LPAREN = 40,
  RPAREN = 41,
  PLUS = 43,
  MINUS = 45,
  DOT = 46,
  SLASH = 47,
  ZERO = 48,
  NINE = 57,
  LT = 60,
  GT = 62,
  LBRACKET = 91,
  BACKSLASH = 92,
  RBRACKET = 93,
}

const KEYWORD_END = Symbol('end');

export class Parser {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    pos = 0,
  ) {
    this.pos = pos;
  }

  /** Skips white space and comments. */
  skip(): void {
    const b = this.bytes;
    const n = b.length;
    let i = this.pos;
    while (i < n) {
      const c = b[i]!;
      if (CHAR_CLASS[c] === 1) i++;
      else if (c === C.PERCENT) {
        while (i < n && b[i] !== C.LF && b[i] !== C.CR) i++;
      } else break;
    }
    this.pos = i;
  }

  /** The regular characters from the current position (a keyword or number), as text. */
  word(): string {
    const b = this.bytes;
    const start = this.pos;
    let i = start;
    while (i < b.length && CHAR_CLASS[b[i]!] === 0) i++;
    this.pos = i;
    return latin1(b, start, i);
  }

  /** An unsigned integer at the current position (after white space), or undefined (position unchanged). */
  uint(): number | undefined {
    this.skip();
    const b = this.bytes;
    let i = this.pos;
    let v = 0;
    const start = i;
    while (i < b.length && b[i]! >= C.ZERO && b[i]! <= C.NINE) v = v * 10 + b[i++]! - C.ZERO;
    if (i === start || (i < b.length && CHAR_CLASS[b[i]!] === 0)) return undefined;
    this.pos = i;
    return v;
  }

  /** Checks for `keyword` (after white space) and consumes it. */
  keyword(keyword: string): boolean {
    this.skip();
    const b = this.bytes;
    const i = this.pos;
    for (let k = 0; k < keyword.length; k++) if (b[i + k] !== keyword.charCodeAt(k)) return false;
    const after = b[i + keyword.length];
    if (after !== undefined && CHAR_CLASS[after] === 0) return false;
    this.pos = i + keyword.length;
    return true;
  }

  /** One value. Throws PdfSyntaxError on anything that is not one. */
  value(depth = 0): PdfValue {
    const v = this.item(depth);
    if (v === KEYWORD_END) throw new PdfSyntaxError('unexpected delimiter', this.pos);
    return v;
  }

  private item(depth: number): PdfValue | typeof KEYWORD_END {
    if (depth > MAX_DEPTH) throw new PdfSyntaxError('nesting too deep', this.pos);
    this.skip();
    const b = this.bytes;
    const i = this.pos;
    if (i >= b.length) throw new PdfSyntaxError('unexpected end of data', i);
    const c = b[i]!;
    switch (c) {
      case C.SLASH: {
        let j = i + 1;
        let h = 0x811c9dc5;
        while (j < b.length && CHAR_CLASS[b[j]!] === 0) h = Math.imul(h ^ b[j++]!, 0x01000193);
        this.pos = j;
        return nameAt(b, i + 1, j, h);
      }
      case C.LBRACKET: {
        this.pos = i + 1;
        const arr: PdfValue[] = [];
        for (;;) {
          this.skip();
          if (this.pos >= b.length) throw new PdfSyntaxError('unterminated array', i);
          if (b[this.pos] === C.RBRACKET) {
            this.pos++;
            return arr;
          }
          const v = this.item(depth + 1);
          if (v === KEYWORD_END) throw new PdfSyntaxError('unexpected delimiter in array', this.pos);
          arr.push(v);
        }
      }
      case C.LT: {
        if (b[i + 1] === C.LT) {
          this.pos = i + 2;
          const d = new PdfDict();
          for (;;) {
            this.skip();
            if (this.pos >= b.length) throw new PdfSyntaxError('unterminated dictionary', i);
            if (b[this.pos] === C.GT && b[this.pos + 1] === C.GT) {
              this.pos += 2;
              return d;
            }
            const key = this.item(depth + 1);
            if (!(key instanceof PdfName)) throw new PdfSyntaxError('dictionary key is not a name', this.pos);
            this.skip();
            // `/Key >>`: a key without a value (seen in the wild) is dropped.
            if (b[this.pos] === C.GT && b[this.pos + 1] === C.GT) continue;
            const v = this.item(depth + 1);
            if (v === KEYWORD_END) throw new PdfSyntaxError('unexpected delimiter in dictionary', this.pos);
            // A null value is the same as no entry (§7.3.7).
            if (v !== null) d.map.set(key.name, v);
          }
        }
        let j = i + 1;
        while (j < b.length && b[j] !== C.GT) j++;
        if (j >= b.length) throw new PdfSyntaxError('unterminated hex string', i);
        this.pos = j + 1;
        return new PdfString(b.subarray(i, j + 1));
      }
      case C.LPAREN: {
        let depthP = 0;
        let j = i;
        for (; j < b.length; j++) {
          const d = b[j]!;
          if (d === C.BACKSLASH) j++;
          else if (d === C.LPAREN) depthP++;
          else if (d === C.RPAREN && --depthP === 0) break;
        }
        if (j >= b.length) throw new PdfSyntaxError('unterminated string', i);
        this.pos = j + 1;
        return new PdfString(b.subarray(i, j + 1));
      }
      case C.RBRACKET:
      case C.GT:
      case C.RPAREN:
        return KEYWORD_END;
    }
    if ((c >= C.ZERO && c <= C.NINE) || c === C.MINUS || c === C.PLUS || c === C.DOT) {
      const num = this.number();
      // `n g R`: an indirect reference.
      if (Number.isInteger(num) && num >= 0 && c !== C.MINUS && c !== C.PLUS) {
        const save = this.pos;
        const gen = this.uint();
        if (gen !== undefined && this.keyword('R')) return new PdfRef(num, gen);
        this.pos = save;
      }
      return num;
    }
    const word = this.word();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    if (word === '') {
      // `{`, `}` (PostScript calculator functions only occur inside streams): not a value.
      throw new PdfSyntaxError('unexpected delimiter', i);
    }
    throw new PdfSyntaxError(`unexpected keyword ${JSON.stringify(word.slice(0, 20))}`, i);
  }

  /** A number in place: optional sign, digits, optional point; odd forms (`--5`, `5-`) read leniently. */
  private number(): number {
    const b = this.bytes;
    let i = this.pos;
    let sign = 1;
    let v = 0;
    let scale = 0;
    for (; i < b.length && CHAR_CLASS[b[i]!] === 0; i++) {
      const d = b[i]!;
      if (d >= C.ZERO && d <= C.NINE) {
        v = v * 10 + d - C.ZERO;
        if (scale) scale *= 10;
      } else if (d === C.DOT) {
        if (!scale) scale = 1;
      } else if (d === C.MINUS) {
        if (i === this.pos) sign = -1;
      } else if (d !== C.PLUS) break;
    }
    this.pos = i;
    return (sign * v) / (scale || 1);
  }

  /**
   * `num gen obj … endobj` at the current position: the object, and for a stream where its data begins. The
   * stream's end is not known here (its /Length may be an indirect reference): see `RawPdf`.
   */
  indirect(): { num: number; gen: number; value: PdfValue; streamStart?: number } {
    const at = this.pos;
    const num = this.uint();
    const gen = this.uint();
    if (num === undefined || gen === undefined || !this.keyword('obj')) {
      throw new PdfSyntaxError('no object header', at);
    }
    // `1 0 obj endobj` (an empty object) is read as null.
    if (this.keyword('endobj')) return { num, gen, value: null };
    const value = this.value();
    if (value instanceof PdfDict && this.keyword('stream')) {
      const b = this.bytes;
      let s = this.pos;
      // The keyword is followed by CRLF or LF (a lone CR is tolerated).
      if (b[s] === C.CR) s++;
      if (b[s] === C.LF) s++;
      return { num, gen, value, streamStart: s };
    }
    return { num, gen, value };
  }
}

/**
 * Names by the FNV-1a hash of their bytes: a file repeats a few hundred names thousands of times (/Type, /Font,
 * /Length …), and each is found here without making its string again. A hash shared by two names keeps the first.
 */
const NAMES = new Map<number, PdfName>();

function nameAt(b: Uint8Array, from: number, to: number, hash: number): PdfName {
  const known = NAMES.get(hash);
  if (known && known.name.length === to - from) {
    let same = true;
    for (let k = from; k < to; k++) {
      if (known.name.charCodeAt(k - from) !== b[k]) {
        same = false;
        break;
      }
    }
    if (same) return known;
  }
  const n = PdfName.of(latin1(b, from, to));
  if (!known && NAMES.size < 20_000) NAMES.set(hash, n);
  return n;
}

export function latin1(b: Uint8Array, from: number, to: number): string {
  if (to - from > 64) return Buffer.from(b.buffer, b.byteOffset + from, to - from).toString('latin1');
  let s = '';
  for (let k = from; k < to; k++) s += String.fromCharCode(b[k]!);
  return s;
}

/** Where `endstream` begins at or after `from` (-1 if nowhere). */
export function findEndstream(b: Uint8Array, from: number): number {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  return buf.indexOf('endstream', from, 'latin1');
}

/**
 * The data of a stream that starts at `start`: `length` bytes when `endstream` follows them (after optional
 * white space), else up to the next `endstream` (end-of-line before it dropped). Undefined when neither works.
 */
export function streamExtent(b: Uint8Array, start: number, length: number | undefined): number | undefined {
  if (length !== undefined && Number.isInteger(length) && length >= 0 && start + length <= b.length) {
    let k = start + length;
    while (k < b.length && CHAR_CLASS[b[k]!] === 1) k++;
    if (matches(b, k, 'endstream')) return start + length;
  }
  let end = findEndstream(b, start);
  if (end < 0) return undefined;
  if (b[end - 1] === C.LF) end--;
  if (b[end - 1] === C.CR) end--;
  return Math.max(start, end);
}

export function matches(b: Uint8Array, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (b[at + k] !== word.charCodeAt(k)) return false;
  return true;
}

/** A stream object from its dictionary and data range. */
export function streamOf(dict: PdfDict, bytes: Uint8Array, start: number, end: number): PdfObject {
  return new PdfStream(dict, bytes.subarray(start, end));
}
