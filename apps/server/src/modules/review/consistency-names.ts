import { pinyin } from 'pinyin-pro';
import { SizedLru } from '../../cache/sized-lru.ts';

/**
 * Names as the `consistency` rule compares them (issue 31 item 3, decision 0072). Pure.
 *
 * - `nameKey`: case, spaces, hyphens, apostrophes, dots and diacritics do not count ("Xiao-Ming", "XIAO MING",
 *   "Xiaoming" are one spelling; "Lü", "Lu" are one).
 * - `pinyinMatches`: whether a romanised name is a pinyin reading of Chinese characters, any reading of a polyphonic
 *   character (单 Shan / Dan, 曾 Zeng / Ceng), ü written u, v or yu as passports do.
 * - `nameMentions`: where a text writes the petitioner's name, in either order, and near misses ("Zhang Wai" for
 *   "Zhang Wei"): one letter off in a short part, two in a long one, the same first letter.
 */

export const nameKey = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const HAN = /^[\u3400-\u9fff\uf900-\ufaff]+$/u;
/** Enough for any Chinese name; a longer "name" is not one and is not read. */
const HAN_MAX = 6;

function readingsOf(ch: string): string[] {
  const all = new Set<string>();
  for (const r of pinyin(ch, { toneType: 'none', multiple: true, type: 'array' })) all.add(r);
  for (const r of pinyin(ch, { toneType: 'none', mode: 'surname', type: 'array' })) all.add(r);
  const out = new Set<string>();
  for (const r of all) {
    const plain = r.toLowerCase();
    if (plain.includes('ü')) {
      for (const u of ['u', 'v', 'yu']) out.add(plain.replace(/ü/g, u));
    } else out.add(plain);
  }
  return [...out];
}

/** Whether `romanised` (any case or spacing) reads as the characters `han` in pinyin. */
export function pinyinMatches(han: string, romanised: string): boolean {
  const chars = [...han.replace(/\s+/g, '')];
  const target = nameKey(romanised);
  if (chars.length === 0 || chars.length > HAN_MAX || !HAN.test(chars.join('')) || !target) return true;
  const readings = chars.map(readingsOf);
  const walk = (i: number, at: number): boolean => {
    if (i === readings.length) return at === target.length;
    return readings[i]!.some((r) => target.startsWith(r, at) && walk(i + 1, at + r.length));
  };
  return walk(0, 0);
}

/** One pinyin reading of the characters, for messages ("Zhang Wei"). */
export function pinyinOf(han: string): string {
  const s = pinyin(han.replace(/\s+/g, ''), { toneType: 'none', type: 'array' }).join('');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function levenshtein(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** Longer than this, a run of letters is no name part (and the edit distance would cost its square). */
const NAME_PART_MAX = 40;

/** A likely misspelling: not equal, same first letter, one letter off (two for parts of 7 letters or more). */
export function nearMiss(a: string, b: string): boolean {
  if (a === b || !a || !b || a[0] !== b[0] || a.length > NAME_PART_MAX || b.length > NAME_PART_MAX)
    return false;
  return levenshtein(a, b) <= (Math.max(a.length, b.length) >= 7 ? 2 : 1);
}

export interface PersonName {
  family: string;
  given: string;
}

export interface NameMention {
  /** As written in the text. */
  text: string;
  /** Its parts, normalised (nameKey). */
  family: string;
  given: string;
  /** Given name first ("Wei Zhang"). */
  givenFirst: boolean;
  /** Not the name itself but a near miss of it. */
  variant: boolean;
}

interface Token {
  word: string;
  key: string;
  start: number;
  end: number;
}

/** Capitalised words (a name in English text starts with a capital) and where they are. */
function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/\p{Lu}[\p{L}\p{M}'’-]*/gu)) {
    // "Zhang Wei's", "Zhang Wei’s": the possessive is not part of the name.
    const word = m[0].replace(/['’]s$/i, '').replace(/['’-]+$/, '');
    const key = nameKey(word);
    if (key) out.push({ word, key, start: m.index, end: m.index + word.length });
  }
  return out;
}

/** Between two parts of one name: spaces, or a comma ("Zhang, Wei"); never a full stop or a line of text. */
const joined = (text: string, a: Token, b: Token) => /^\s{1,3}$|^,\s{1,2}$/.test(text.slice(a.end, b.start));

/**
 * The mentions of `name` in `text`: exact (either order) and near misses, each once, left to right. `others` are
 * names of other people of the case (the recommenders), never taken for a misspelling of the petitioner's.
 */
export function nameMentions(
  text: string,
  name: PersonName,
  others: readonly PersonName[] = [],
): NameMention[] {
  // A pure function of its arguments, asked again for every unchanged paragraph and page at each review: kept.
  const key = `${name.family}\u0000${name.given}\u0000${others.map((o) => `${o.family}\u0002${o.given}`).join('\u0001')}\u0000${text}`;
  let found = MENTIONS.get(key);
  if (!found) {
    found = mentionsOf(text, name, others);
    MENTIONS.set(key, found, key.length);
  }
  return found.map((m) => ({ ...m }));
}

/** nameMentions' answers by their arguments, the least recently asked dropped past this many characters of keys. */
const MENTIONS = new SizedLru<NameMention[]>(16 * 1024 * 1024);

function mentionsOf(text: string, name: PersonName, others: readonly PersonName[]): NameMention[] {
  const F = nameKey(name.family);
  const G = nameKey(name.given);
  if (!F || !G) return [];
  const isOther = (a: string, b: string) =>
    others.some((o) => {
      const of = nameKey(o.family);
      const og = nameKey(o.given);
      return (a === of && b === og) || (a === og && b === of);
    });
  const tokens = tokensOf(text);
  const out: NameMention[] = [];
  let i = 0;
  while (i < tokens.length) {
    // Every match below (exact or a near miss, either order) starts with the first letter of a part of the name:
    // a word starting otherwise starts no mention.
    const first = tokens[i]!.key[0];
    if (first !== F[0] && first !== G[0]) {
      i++;
      continue;
    }
    let found: { mention: NameMention; used: number } | null = null;
    // Parts of one or two words each ("Xiao Ming" for Xiaoming, "Ou Yang" for Ouyang); exact matches first.
    for (const exact of [true, false]) {
      for (const a of [1, 2]) {
        for (const b of [1, 2]) {
          if (found || i + a + b > tokens.length) continue;
          const span = tokens.slice(i, i + a + b);
          if (!span.every((t, k) => k === 0 || joined(text, span[k - 1]!, t))) continue;
          const x = span
            .slice(0, a)
            .map((t) => t.key)
            .join('');
          const y = span
            .slice(a)
            .map((t) => t.key)
            .join('');
          const mention = (family: string, given: string, givenFirst: boolean) => ({
            mention: {
              text: text.slice(span[0]!.start, span[span.length - 1]!.end),
              family,
              given,
              givenFirst,
              variant: !exact,
            },
            used: a + b,
          });
          if (exact) {
            if (x === F && y === G) found = mention(x, y, false);
            else if (x === G && y === F) found = mention(y, x, true);
            continue;
          }
          if (isOther(x, y)) continue;
          if ((x === F && nearMiss(y, G)) || (nearMiss(x, F) && y === G)) found = mention(x, y, false);
          else if ((x === G && nearMiss(y, F)) || (nearMiss(x, G) && y === F)) found = mention(y, x, true);
        }
      }
    }
    if (found) {
      out.push(found.mention);
      i += found.used;
    } else i++;
  }
  return out;
}
