import type { Locale, TReviewFinding } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { READ_ALIKE } from '../content/letters-rules.ts';
import type { ReviewInput } from '../review-input.ts';
import { letterPlace } from './letters.ts';

/**
 * Rule `read_alike` (issue 31 item 5, decision 0071): recommendation letters whose texts overlap too much — drafted
 * from one template, or a paragraph copied between them — flagged per pair with the shared passages side by side.
 * A letter's text is its signed letter's page text (upload_page_text), else its English translation's. Shingles of
 * READ_ALIKE.shingleTokens tokens (words in lower case without punctuation; a CJK character is a token) are
 * computed once per letter; a pair is compared through the shorter letter's shingles (containment) and aligned
 * runs of shared tokens (the passages). Thresholds: content/letters-rules.ts.
 */

/** A CJK character (a token of its own), else a run of letters, digits and marks. */
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}])+/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is the point
const ASCII = /^[\u0000-\u007f]*$/;

/** A letter's text cut once into tokens and shingles. */
export interface Shingled {
  id: number;
  text: string;
  tokens: string[];
  /** Each token's start and end in `text`. */
  starts: number[];
  ends: number[];
  /** The shingle starting at each position, as a 53-bit hash of its tokens (a match is checked token by token). */
  keys: Float64Array;
  /** Each shingle's first position. */
  first: Map<number, number>;
}

/** Two 32-bit hashes of a token (FNV-1a with two primes). */
function tokenHashes(token: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return [a, b];
}

export function shingle(id: number, text: string, k: number = READ_ALIKE.shingleTokens): Shingled {
  const tokens: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const ha: number[] = [];
  const hb: number[] = [];
  for (const m of text.matchAll(TOKEN)) {
    // Full-width letters and digits as their plain forms (NFKC), skipped for plain ASCII (most words, and costly).
    const token = (ASCII.test(m[0]) ? m[0] : m[0].normalize('NFKC')).toLowerCase();
    const [a, b] = tokenHashes(token);
    tokens.push(token);
    starts.push(m.index);
    ends.push(m.index + m[0].length);
    ha.push(a);
    hb.push(b);
  }
  const n = Math.max(0, tokens.length - k + 1);
  const keys = new Float64Array(n);
  const first = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    let a = 0x9e3779b9;
    let b = 0x7f4a7c15;
    for (let j = i; j < i + k; j++) {
      a = Math.imul(a ^ ha[j]!, 0x01000193);
      b = Math.imul(b ^ hb[j]!, 0x5bd1e995);
    }
    const key = (a >>> 0) * 0x200000 + (b >>> 11);
    keys[i] = key;
    if (!first.has(key)) first.set(key, i);
  }
  return { id, text, tokens, starts, ends, keys, first };
}

/** The k tokens at a's `i` and b's `p` are the same (a hash match, checked). */
function sameAt(a: Shingled, i: number, b: Shingled, p: number, k: number): boolean {
  for (let m = 0; m < k; m++) if (a.tokens[i + m] !== b.tokens[p + m]) return false;
  return true;
}

/** A run of tokens shared by both letters: where it starts in each and its length in tokens. */
export interface Run {
  a: number;
  b: number;
  length: number;
}

export interface PairVerdict {
  /** Share of the shorter letter's distinct shingles found in the other. */
  containment: number;
  runs: Run[];
  longest: number;
  flagged: boolean;
}

/** Compares two shingled letters (k as they were shingled with). */
export function comparePair(a: Shingled, b: Shingled, k: number = READ_ALIKE.shingleTokens): PairVerdict {
  const [small, big] = a.first.size <= b.first.size ? [a, b] : [b, a];
  let shared = 0;
  for (const key of small.first.keys()) if (big.first.has(key)) shared += 1;
  const containment = small.first.size === 0 ? 0 : shared / small.first.size;
  const runs: Run[] = [];
  if (shared > 0) {
    let i = 0;
    while (i < a.keys.length) {
      const p = b.first.get(a.keys[i]!);
      if (p === undefined || !sameAt(a, i, b, p, k)) {
        i += 1;
        continue;
      }
      let length = k;
      while (i + length < a.tokens.length && p + length < b.tokens.length) {
        if (a.tokens[i + length] !== b.tokens[p + length]) break;
        length += 1;
      }
      runs.push({ a: i, b: p, length });
      i += length;
    }
  }
  const longest = runs.reduce((n, r) => Math.max(n, r.length), 0);
  const flagged = containment >= READ_ALIKE.containment || longest >= READ_ALIKE.runTokens;
  return { containment, runs, longest, flagged };
}

/** A run's text in one letter, cut to READ_ALIKE.passageChars characters. */
function passage(s: Shingled, from: number, length: number): string {
  const text = s.text.slice(s.starts[from], s.ends[from + length - 1]).replace(/\s+/g, ' ');
  const max = READ_ALIKE.passageChars;
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The longest shared runs (READ_ALIKE.passages of them), in the order they appear in letter A. */
export function passagesOf(a: Shingled, b: Shingled, runs: readonly Run[]): { a: string; b: string }[] {
  return [...runs]
    .sort((x, y) => y.length - x.length || x.a - y.a)
    .slice(0, READ_ALIKE.passages)
    .sort((x, y) => x.a - y.a)
    .map((r) => ({ a: passage(a, r.a, r.length), b: passage(b, r.b, r.length) }));
}

/** The text a letter is compared by: its signed letter's pages, else its translation's ('' without either). */
function letterText(input: ReviewInput, l: ReviewInput['rows']['letters'][number]): string {
  for (const id of [l.letterUploadId, l.letterTranslationUploadId]) {
    const text = id ? (input.texts.get(id) ?? []).join('\n').trim() : '';
    if (text) return text;
  }
  return '';
}

export function readAlikeRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  const r = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `review:letters.${key}`, vars);
  const letters = [...input.rows.letters].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const shingled = letters
    .map((l) => ({ l, s: shingle(l.id, letterText(input, l)) }))
    .filter((x) => x.s.tokens.length >= READ_ALIKE.minTokens);
  const out: TReviewFinding[] = [];
  for (let i = 0; i < shingled.length; i++) {
    for (let j = i + 1; j < shingled.length; j++) {
      const A = shingled[i]!;
      const B = shingled[j]!;
      const v = comparePair(A.s, B.s);
      if (!v.flagged) continue;
      const pa = letterPlace(input, A.l, locale);
      const pb = letterPlace(input, B.l, locale);
      const [lo, hi] = A.l.id < B.l.id ? [A.l.id, B.l.id] : [B.l.id, A.l.id];
      out.push({
        key: `read_alike:${lo}:${hi}`,
        rule: 'read_alike',
        severity: 'warn',
        title: r('read_alike_title', { a: pa.label, b: pb.label }),
        detail: r('read_alike_detail', {
          a: pa.label,
          b: pb.label,
          share: Math.round(v.containment * 100),
          k: READ_ALIKE.shingleTokens,
          words: v.longest,
        }),
        source: null,
        places: [pa, pb],
        passages: passagesOf(A.s, B.s, v.runs),
        intended: false,
      });
    }
  }
  return out;
}
