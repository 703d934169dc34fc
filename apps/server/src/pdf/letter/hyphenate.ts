/**
 * English hyphenation for the letters' justified text (decision 0066): the `hyphen` package's en-us TeX patterns
 * (Liang's algorithm, the patterns TeX uses for US English), loaded once per process; each word's break points
 * are cached. TeX's limits: at least 2 letters before a break and 3 after. Words with digits, capitals only
 * (acronyms) or an explicit hyphen are not hyphenated by pattern; a compound breaks after its own hyphen.
 */
import { createRequire } from 'node:module';

type HyphenateSync = (text: string, opts?: { hyphenChar?: string; minWordLength?: number }) => string;

const SOFT = '\u00ad';
const LEFT_MIN = 2;
const RIGHT_MIN = 3;
const CACHE_MAX = 50_000;

let hyphenateSync: HyphenateSync | undefined;
const cache = new Map<string, string[]>();

function patterns(): HyphenateSync {
  if (!hyphenateSync) {
    const require = createRequire(import.meta.url);
    hyphenateSync = (require('hyphen/en-us') as { hyphenateSync: HyphenateSync }).hyphenateSync;
  }
  return hyphenateSync;
}

/**
 * The places `word` may break, as the pieces between them ("extraordinary" → ex·tra·or·di·nary); one piece when
 * it may not break. Pieces joined give the word back. After a piece ending in "-" no hyphen is added.
 */
export function hyphenPieces(word: string): string[] {
  let pieces = cache.get(word);
  if (pieces) return pieces;
  pieces = split(word);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(word, pieces);
  return pieces;
}

function split(word: string): string[] {
  if (word.includes('-')) {
    // A compound breaks after its hyphens only (between letters on both sides).
    return word.split(/(?<=[a-zA-Z]-)(?=[a-zA-Z])/);
  }
  // Leading and trailing punctuation stay with the first and last piece: "(recognised," → "(rec", "og", "nised,".
  const m = /^([^a-zA-Z]*)([a-zA-Z\u00c0-\u024f’']+)([^a-zA-Z]*)$/.exec(word);
  if (!m) return [word];
  const [, lead, core, tail] = m as unknown as [string, string, string, string];
  if (core.length < LEFT_MIN + RIGHT_MIN || core === core.toUpperCase()) return [word];
  const parts = patterns()(core, { hyphenChar: SOFT }).split(SOFT);
  // Enforce the minimum letters at each end by merging short end pieces.
  while (parts.length > 1 && parts[0]!.length < LEFT_MIN) parts.splice(0, 2, parts[0]! + parts[1]!);
  while (parts.length > 1 && parts[parts.length - 1]!.length < RIGHT_MIN) {
    const last = parts.pop()!;
    parts[parts.length - 1] += last;
  }
  parts[0] = lead + parts[0]!;
  parts[parts.length - 1] += tail;
  return parts;
}
