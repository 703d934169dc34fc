/**
 * Line breaking for mixed Chinese/English text (decision 0004):
 * - text splits into tokens: one token per CJK character, Latin words (runs of other non-space characters),
 *   spaces, and forced line breaks;
 * - a line may break at spaces, and between two tokens when either is CJK, unless kinsoku forbids it: the next
 *   token starts with closing punctuation (，。、；：？！）」』 …) or the previous one ends with opening punctuation
 *   (（「『 …);
 * - with `hyphenate` (justified English text, decision 0066), a Latin word that does not fit at the end of a line
 *   is split at its last hyphenation point (hyphenate.ts) that fits with its hyphen; a word wider than the line
 *   is cut between characters;
 * - when kinsoku would leave no break point in the line, the line breaks at the overflow point anyway.
 */
import { hyphenPieces } from './hyphenate.ts';

/** Characters that must not start a line. */
export const NO_LINE_START = new Set(
  '，。、；：？！）」』】》〉〕〗’”%‰°℃,.;:?!)]}…—～·・ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〻'.split(
    '',
  ),
);
/** Characters that must not end a line. */
export const NO_LINE_END = new Set('（「『【《〈〔〖‘“([{'.split(''));

const CJK =
  /[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3134f}]/u;

export type TokenKind = 'cjk' | 'word' | 'space' | 'newline';

export interface Token {
  text: string;
  kind: TokenKind;
  width: number;
  /** Index of the run (style, link, footnote) the token belongs to. */
  run: number;
  /** Never hyphenated (a reference label, a footnote number). */
  atom?: boolean;
}

export interface BreakRun {
  text: string;
}

export function isCjk(ch: string): boolean {
  return CJK.test(ch);
}

/** Splits runs into tokens; `measure(text, runIndex)` gives widths. */
export function tokenize(runs: readonly BreakRun[], measure: (text: string, run: number) => number): Token[] {
  const tokens: Token[] = [];
  runs.forEach((r, run) => {
    let word = '';
    const flushWord = () => {
      if (word) tokens.push({ text: word, kind: 'word', width: measure(word, run), run });
      word = '';
    };
    for (const ch of r.text) {
      if (ch === '\n') {
        flushWord();
        tokens.push({ text: '', kind: 'newline', width: 0, run });
      } else if (ch === ' ' || ch === '\t') {
        flushWord();
        const prev = tokens[tokens.length - 1];
        if (prev && prev.kind === 'space' && prev.run === run) continue; // collapse runs of spaces
        tokens.push({ text: ' ', kind: 'space', width: measure(' ', run), run });
      } else if (isCjk(ch)) {
        flushWord();
        tokens.push({ text: ch, kind: 'cjk', width: measure(ch, run), run });
      } else {
        word += ch;
      }
    }
    flushWord();
  });
  return tokens;
}

function canBreakBefore(tokens: readonly Token[], i: number): boolean {
  const a = tokens[i - 1];
  const b = tokens[i];
  if (!a || !b) return false;
  if (b.kind === 'space') return false; // break after the space instead, so it hangs in the margin
  if (a.kind === 'space') return !NO_LINE_START.has(b.text[0]!);
  if (a.kind === 'cjk' || b.kind === 'cjk') {
    return !NO_LINE_START.has(b.text[0]!) && !NO_LINE_END.has(a.text[a.text.length - 1]!);
  }
  return false;
}

/** A line: tokens [start, end) without leading/trailing spaces, and its natural width. */
export interface Line {
  tokens: Token[];
  width: number;
  /** Ended by a forced line break (a justified paragraph does not stretch it). */
  forced?: boolean;
}

/**
 * Splits word token `t` at its last hyphenation point whose head, with the hyphen it takes, fits in `room`; the
 * head keeps at least 2 letters. Undefined when no point fits.
 */
function hyphenateToken(
  t: Token,
  room: number,
  measure: (text: string, run: number) => number,
): [Token, Token] | undefined {
  const pieces = hyphenPieces(t.text);
  for (let k = pieces.length - 1; k >= 1; k--) {
    const head = pieces.slice(0, k).join('');
    const text = head.endsWith('-') ? head : `${head}-`;
    const width = measure(text, t.run);
    if (width > room) continue;
    const tail = pieces.slice(k).join('');
    return [
      { ...t, text, width },
      { ...t, text: tail, width: measure(tail, t.run) },
    ];
  }
  return undefined;
}

/** Splits a word token that is wider than `maxWidth` into a head that fits (at least one character). */
function splitWord(
  t: Token,
  maxWidth: number,
  measure: (text: string, run: number) => number,
): [Token, Token] {
  const chars = Array.from(t.text);
  let head = chars[0]!;
  for (let k = 1; k < chars.length; k++) {
    const next = head + chars[k];
    if (measure(next, t.run) > maxWidth) break;
    head = next;
  }
  const tail = t.text.slice(head.length);
  return [
    { ...t, text: head, width: measure(head, t.run) },
    { ...t, text: tail, width: measure(tail, t.run) },
  ];
}

function trimmed(tokens: Token[]): Line {
  let s = 0;
  let e = tokens.length;
  while (s < e && tokens[s]!.kind === 'space') s++;
  while (e > s && tokens[e - 1]!.kind === 'space') e--;
  const kept = tokens.slice(s, e);
  let width = 0;
  for (const t of kept) width += t.width;
  return { tokens: kept, width };
}

/** Greedy line breaking of `tokens` into lines no wider than `maxWidth` (first line may be narrower). */
export function breakLines(
  input: readonly Token[],
  maxWidth: number,
  measure: (text: string, run: number) => number,
  firstLineWidth = maxWidth,
  opts: { hyphenate?: boolean } = {},
): Line[] {
  const tokens = input.slice();
  const lines: Line[] = [];
  /** The previous line ends in a hyphen it added. */
  let hyphenated = false;
  let i = 0;
  while (i < tokens.length) {
    while (i < tokens.length && tokens[i]!.kind === 'space') i++;
    const width = lines.length === 0 ? firstLineWidth : maxWidth;
    const start = i;
    let x = 0;
    let lastBreak = -1;
    let end = -1;
    let spaces = 0;
    let endsInHyphen = false;
    let skipNewline = false;
    while (i < tokens.length) {
      const t = tokens[i]!;
      if (t.kind === 'newline') {
        end = i;
        skipNewline = true;
        break;
      }
      if (i > start && canBreakBefore(tokens, i)) lastBreak = i;
      if (t.kind !== 'space' && x + t.width > width && x > 0) {
        // Hyphenate only where the line broken before the word would stretch each space by more than half a
        // space (TeX's stretch of a text face's space), a whole space after a line that already ends in a hyphen.
        const space = tokens[i - 1]?.kind === 'space' ? tokens[i - 1]!.width : 0;
        const loose: boolean =
          space > 0 && (width - x + space) / Math.max(1, spaces - 1) > space * (hyphenated ? 1 : 0.5);
        const split: [Token, Token] | undefined =
          opts.hyphenate && t.kind === 'word' && !t.atom && loose
            ? hyphenateToken(t, width - x, measure)
            : undefined;
        endsInHyphen = split !== undefined;
        if (split) {
          tokens.splice(i, 1, ...split);
          end = i + 1;
        } else {
          end = lastBreak > start ? lastBreak : i;
        }
        break;
      }
      if (
        t.kind !== 'space' &&
        x === 0 &&
        t.width > width &&
        t.kind === 'word' &&
        Array.from(t.text).length > 1
      ) {
        const [head, tail] = splitWord(t, width, measure);
        tokens.splice(i, 1, head, tail);
        end = i + 1;
        break;
      }
      if (t.kind === 'space') spaces++;
      x += t.width;
      i++;
    }
    if (end < 0) end = tokens.length;
    if (end === start && !skipNewline) end = start + 1; // safety: always progress
    hyphenated = endsInHyphen;
    const line = trimmed(tokens.slice(start, end));
    if (skipNewline) line.forced = true;
    lines.push(line);
    i = skipNewline ? end + 1 : end;
    // A forced break at the very end still produces the empty line the author typed.
    if (skipNewline && i >= tokens.length) lines.push({ tokens: [], width: 0 });
  }
  return lines;
}
