/**
 * Numbered headings and the table of contents of a letter (decision 0066).
 * - A heading that opens the document is its title: not numbered, not listed. Every other top-level heading is
 *   numbered by its level relative to the highest one used: "1.", "1.1", "1.1.1". A number the author typed at
 *   the start of a heading ("3. Criterion …", "IV. …") is replaced by the computed one, never doubled.
 * - The table of contents lists the numbered headings of the two highest levels, with dot leaders and the page
 *   (of the letter) each starts on; it sits right before the first numbered heading, after the title block. Its
 *   lines have the same heights whatever the page numbers, so laying it out again with the real numbers does not
 *   move any heading (render-letter.ts lays out twice and checks).
 */
import type { TBlock, TFlowBlock, TInline } from '@dossier/contract';
import { fontExtents } from '../fonts/font-set.ts';
import type { DrawOp, TextOp, VItem } from './layout-types.ts';
import { breakLines, tokenize } from './line-break.ts';
import { measureMixed } from './text-face.ts';

export interface ContentsEntry {
  /** "2.1" (no trailing dot), also the heading's `anchor`. */
  label: string;
  /** 0 for the highest level, 1 below it. */
  depth: number;
  text: string;
}

/** A number the author typed: "3.", "3.1", "3.1.2", "IV.", "(a)" is left alone. */
const TYPED_NUMBER = /^\s*(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.)\s+/;

/** The number of each top-level heading (by block index), and the contents' entries in order. */
export function headingNumbers(content: readonly (TBlock | TFlowBlock)[]): {
  labels: Map<number, string>;
  entries: ContentsEntry[];
  /** Index of the first numbered heading: the contents go before it. */
  first: number | undefined;
} {
  const labels = new Map<number, string>();
  const entries: ContentsEntry[] = [];
  const numbered: number[] = [];
  content.forEach((b, i) => {
    if (b.type === 'heading' && !(i === 0 && b.attrs.level === 1)) numbered.push(i);
  });
  if (numbered.length === 0) return { labels, entries, first: undefined };
  const levelOf = (i: number) => (content[i] as Extract<TBlock, { type: 'heading' }>).attrs.level;
  const top = Math.min(...numbered.map(levelOf));
  const counters: number[] = [];
  for (const i of numbered) {
    const depth = levelOf(i) - top;
    counters.length = depth + 1;
    for (let d = 0; d < depth; d++) counters[d] ??= 1; // a sub-heading before any heading of its parent level
    counters[depth] = (counters[depth] ?? 0) + 1;
    const label = counters.join('.');
    labels.set(i, label);
    if (depth <= 1) entries.push({ label, depth, text: plainText(stripTypedNumber(content[i]!)) });
  }
  return { labels, entries, first: numbered[0] };
}

/** The heading with its typed number removed and `label` put in front ("1." at the top level, "1.1" below). */
export function numberedHeading(block: TBlock | TFlowBlock, label: string): TBlock | TFlowBlock {
  const stripped = stripTypedNumber(block) as Extract<TBlock, { type: 'heading' }>;
  const prefix = label.includes('.') ? `${label} ` : `${label}. `;
  return { ...stripped, content: [{ type: 'text', text: prefix }, ...(stripped.content ?? [])] };
}

function stripTypedNumber(block: TBlock | TFlowBlock): TBlock | TFlowBlock {
  if (block.type !== 'heading') return block;
  const [head, ...rest] = block.content ?? [];
  if (head?.type !== 'text' || !TYPED_NUMBER.test(head.text)) return block;
  const text = head.text.replace(TYPED_NUMBER, '');
  return { ...block, content: text ? [{ ...head, text }, ...rest] : rest };
}

function plainText(block: TBlock | TFlowBlock): string {
  if (block.type !== 'heading') return '';
  return (block.content ?? [])
    .map((n: TInline) => (n.type === 'text' ? n.text : n.type === 'hardBreak' ? ' ' : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

const SIZE = 11;
const LINE = 16.5;
const TITLE = { size: 13.5, lineHeight: 19, spaceBefore: 18 };
/** Room kept at the right for the page number, and the leader dots' pitch. */
const PAGE_COLUMN = 28;
const DOT_PITCH = 5;
const INDENT = 22;
const BLACK: [number, number, number] = [0, 0, 0];

/**
 * The contents' lines: a title, then one entry per heading (wrapped under its text, the last line with dot
 * leaders and the page number). `pageOf(label)` gives the page; before it is known, a placeholder.
 */
export function contentsItems(
  entries: readonly ContentsEntry[],
  title: string,
  left: number,
  width: number,
  pageOf: (label: string) => number | undefined,
): VItem[] {
  const style = { weight: 'regular' as const, italic: false };
  const op = (x: number, y: number, text: string, size: number, bold = false): TextOp => ({
    kind: 'text',
    x,
    y,
    text,
    width: measureMixed(text, size, { ...style, weight: bold ? 'bold' : 'regular' }),
    size,
    weight: bold ? 'bold' : 'regular',
    italic: false,
    underline: false,
    color: BLACK,
  });
  const baselineOf = (size: number, lineHeight: number) => {
    const { ascent, descent } = fontExtents(size);
    return (lineHeight - (ascent - descent)) / 2 + ascent;
  };
  const titleBase = baselineOf(TITLE.size, TITLE.lineHeight);
  const items: VItem[] = [
    {
      height: TITLE.lineHeight,
      spaceBefore: TITLE.spaceBefore,
      ops: [op(left, titleBase, title, TITLE.size, true)],
      notes: [],
      baseline: titleBase,
      keepWithNext: true,
    },
  ];
  const base = baselineOf(SIZE, LINE);
  const right = left + width;
  for (const e of entries) {
    const indent = e.depth * INDENT;
    const number = e.depth === 0 ? `${e.label}.` : e.label;
    const hang = e.depth === 0 ? INDENT : INDENT + 8;
    const x0 = left + indent;
    const weight = e.depth === 0 ? ('bold' as const) : ('regular' as const);
    const m = (t: string) => measureMixed(t, SIZE, { weight, italic: false });
    const lines = breakLines(tokenize([{ text: e.text }], m), width - indent - hang - PAGE_COLUMN, (t) =>
      m(t),
    );
    lines.forEach((line, k) => {
      const ops: DrawOp[] = [];
      if (k === 0) ops.push(op(x0, base, number, SIZE, e.depth === 0));
      const text = line.tokens.map((t) => t.text).join('');
      if (text) ops.push(op(x0 + hang, base, text, SIZE, e.depth === 0));
      if (k === lines.length - 1) {
        const page = pageOf(e.label);
        const label = page === undefined ? '0' : String(page);
        const w = measureMixed(label, SIZE, style);
        ops.push(op(right - w, base, label, SIZE));
        // Leader dots on a fixed grid, so they line up from entry to entry.
        const from = x0 + hang + line.width + 4;
        const to = right - PAGE_COLUMN + 2;
        // One op: ". . ." with each space stretched to the pitch (the justified text's TJ, render-letter.ts).
        const x1 = left + Math.ceil((from - left) / DOT_PITCH) * DOT_PITCH;
        const dots = Math.floor((to - x1) / DOT_PITCH) + 1;
        if (dots > 0) {
          const leader = op(x1, base, Array(dots).fill('.').join(' '), SIZE);
          leader.stretch = DOT_PITCH - measureMixed('. ', SIZE, style);
          leader.width = (dots - 1) * DOT_PITCH + measureMixed('.', SIZE, style);
          ops.push(leader);
        }
      }
      items.push({
        height: LINE,
        spaceBefore: k > 0 ? 0 : e.depth === 0 ? 4 : 1,
        ops,
        notes: [],
        baseline: base,
        ...(k < lines.length - 1 ? { keepWithNext: true } : {}),
      });
    });
  }
  return items;
}
