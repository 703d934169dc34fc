/**
 * The petitioner's name on an exhibit's pages (issue 30 item 8): the forms a paper, an article or a citation
 * prints a name in — "Wei Zhang", "Zhang Wei", "Zhang, W.", "W. Zhang", "W.-M. Zhang", the name in Chinese — found
 * in a page's positioned text (positioned-text.ts) and answered as quadrilaterals to highlight, one per line the
 * name runs over. Letters are compared without case or accents, punctuation counts as a space, and a match must
 * stand alone (no letter or digit right before or after), so "Li" never lights up "Lin" or "Oliver".
 */
import type { Glyph, Point } from './positioned-text.ts';

export type Quad = readonly [Point, Point, Point, Point];

export interface PersonName {
  family: string;
  given: string;
  middle?: string;
  /** The name in its native script (e.g. 张, 伟). */
  nativeFamily?: string;
  nativeGiven?: string;
}

/** Variants shorter than this (spaces included) are not looked for: "w li" is still looked for, "li" alone not. */
const MIN_VARIANT = 4;
/** Quadrilaterals answered per page at most. */
const MAX_QUADS = 500;

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Lower case, accents dropped, ligatures spread, anything but a letter or digit a space. */
function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, ' ');
}

const words = (s: string | undefined) =>
  fold(s ?? '')
    .split(/\s+/)
    .filter(Boolean);

/** The written forms of a name looked for, folded; the native-script one without spaces. */
export function nameVariants(name: PersonName): string[] {
  const family = words(name.family);
  const given = [...words(name.given), ...words(name.middle)];
  const out = new Set<string>();
  if (family.length && given.length) {
    const f = family.join(' ');
    const g = given.join(' ');
    const initials = given.map((w) => w[0]!);
    out.add(`${g} ${f}`);
    out.add(`${f} ${g}`);
    out.add(`${initials.join(' ')} ${f}`);
    out.add(`${f} ${initials.join(' ')}`);
    out.add(`${f} ${initials.join('')}`);
    // Hyphenated or two-syllable given names are often printed as one word ("Weiming Zhang").
    if (given.length > 1) {
      out.add(`${given.join('')} ${f}`);
      out.add(`${f} ${given.join('')}`);
    }
  }
  const native = `${name.nativeFamily ?? ''}${name.nativeGiven ?? ''}`.replace(/\s+/g, '');
  if (native.length >= 2 && CJK.test(native)) out.add(native);
  return [...out].filter((v) => v.length >= MIN_VARIANT || CJK.test(v));
}

/**
 * The page's text as one folded string with, for each of its characters, the glyph it came from (-1 for a space
 * put between words: a gap wider than a fifth of the em, or a new line).
 */
function pageString(glyphs: Glyph[]): { text: string; from: number[] } {
  let text = '';
  const from: number[] = [];
  const space = () => {
    if (text.length && text[text.length - 1] !== ' ') {
      text += ' ';
      from.push(-1);
    }
  };
  glyphs.forEach((g, i) => {
    const prev = glyphs[i - 1];
    if (prev && !sameRun(prev, g)) space();
    for (const ch of fold(g.text)) {
      if (ch === ' ') space();
      else {
        text += ch;
        from.push(i);
      }
    }
  });
  return { text, from };
}

/** Whether `b` continues `a`'s line with no word gap: its start near `a`'s end, on the same baseline. */
function sameRun(a: Glyph, b: Glyph): boolean {
  const [ax, ay] = a.quad[1];
  const [bx, by] = b.quad[0];
  return Math.hypot(bx - ax, by - ay) <= Math.max(a.size, b.size) * 0.2;
}

/** Whether `b` is on `a`'s line (their baselines within half an em). */
function sameLine(a: Glyph, b: Glyph): boolean {
  const d = Math.hypot(a.quad[0][0] - a.quad[1][0], a.quad[0][1] - a.quad[1][1]) || 1;
  // The distance of b's start from a's baseline, across the line's direction.
  const ux = (a.quad[1][0] - a.quad[0][0]) / d;
  const uy = (a.quad[1][1] - a.quad[0][1]) / d;
  const across = Math.abs((b.quad[0][0] - a.quad[0][0]) * -uy + (b.quad[0][1] - a.quad[0][1]) * ux);
  return across <= Math.max(a.size, b.size) * 0.5;
}

const isWordChar = (c: string | undefined) => c !== undefined && c !== ' ';

/** Where the name is on a page: one quadrilateral per line of each occurrence. */
export function nameQuads(glyphs: Glyph[], variants: string[]): Quad[] {
  if (!variants.length || !glyphs.length) return [];
  const { text, from } = pageString(glyphs);
  // The same text without spaces, for names in a script written without them.
  const dense: number[] = [];
  let denseText = '';
  for (let k = 0; k < text.length; k++) {
    if (text[k] !== ' ') {
      denseText += text[k];
      dense.push(k);
    }
  }
  const hits: Array<[number, number]> = [];
  for (const v of variants) {
    const cjk = CJK.test(v);
    const hay = cjk ? denseText : text;
    for (let at = hay.indexOf(v); at >= 0; at = hay.indexOf(v, at + 1)) {
      const end = at + v.length;
      if (!cjk && (isWordChar(hay[at - 1]) || isWordChar(hay[end]))) continue;
      const first = cjk ? dense[at]! : at;
      const last = cjk ? dense[end - 1]! : end - 1;
      hits.push([from[first]!, from[last]!]);
    }
  }
  const quads: Quad[] = [];
  const covered = new Set<number>();
  for (const [a, b] of hits.sort((x, y) => x[0] - y[0] || y[1] - x[1])) {
    if (covered.has(a)) continue; // "W. Zhang" inside "Wei Zhang"'s hit, or the same hit by two variants
    let lineStart = a;
    for (let k = a; k <= b; k++) {
      covered.add(k);
      if (k === b || !sameLine(glyphs[lineStart]!, glyphs[k + 1]!)) {
        quads.push(span(glyphs[lineStart]!, glyphs[k]!));
        lineStart = k + 1;
      }
    }
    if (quads.length >= MAX_QUADS) break;
  }
  return quads.slice(0, MAX_QUADS);
}

/** The quadrilateral from `a`'s left edge to `b`'s right edge on `a`'s line. */
function span(a: Glyph, b: Glyph): Quad {
  return [a.quad[0], b.quad[1], b.quad[2], a.quad[3]];
}
