/**
 * Document blocks → a flat list of unbreakable VItems (lines, table rows, rules) plus laid-out footnotes.
 * Coordinates: x in points from the page's left edge, y in points downward from the item's top.
 * Pure: widths come from `measureText` (the process-wide font metrics), no PDF is touched here.
 */
import { createHash } from 'node:crypto';
import type {
  TBlock,
  TFlowBlock,
  TInline,
  TLetterDocument,
  TMark,
  TPagePin,
  TReferenceKind,
  TTable,
  TTableCell,
} from '@dossier/contract';
import { type FontWeight, fontExtents } from '../fonts/font-set.ts';
import { type ContentsEntry, contentsItems, headingNumbers, numberedHeading } from './contents.ts';
import type { DrawOp, NoteLayout, RefTarget, Rgb, TextOp, VItem } from './layout-types.ts';
import { LETTER_MESSAGES, type LetterLocale } from './letter.messages.ts';
import { breakLines, type Token, tokenize } from './line-break.ts';
import { cjkContextPunctuation, measureMixed, typographicQuotes } from './text-face.ts';

export const BLACK: Rgb = [0, 0, 0];
const LINK_BLUE: Rgb = [0.05, 0.25, 0.6];
const MISSING_RED: Rgb = [0.75, 0, 0];
const RULE_GREY: Rgb = [0.55, 0.55, 0.55];
const QUOTE_BAR: Rgb = [0.7, 0.7, 0.7];
const HEADER_FILL: Rgb = [0.92, 0.92, 0.92];

/** Typographic scale (points). */
export const TYPE = {
  body: { size: 11, lineHeight: 16.5, spaceBefore: 8 },
  headings: [
    { size: 16, lineHeight: 22, spaceBefore: 18 },
    { size: 13.5, lineHeight: 19, spaceBefore: 14 },
    { size: 12, lineHeight: 17, spaceBefore: 12 },
  ],
  table: { size: 10, lineHeight: 14, padX: 5, padY: 3, border: 0.5 },
  note: { size: 8.5, lineHeight: 11.5, spaceBefore: 2, numberGap: 4 },
  listIndent: 20,
  quoteIndent: 16,
  supScale: 0.62,
  supRise: 0.38,
} as const;

interface Style {
  size: number;
  weight: FontWeight;
  italic: boolean;
  underline: boolean;
  sup: boolean;
  color: Rgb;
  link?: RefTarget;
  /** Drawn as one unbreakable token (reference labels). */
  atom?: boolean;
  /** Shared punctuation (’ “ — …) inside Chinese text: set in the CJK face (text-face.ts). */
  cjkPunctuation?: boolean;
}

type Align = 'left' | 'center' | 'right' | 'justify';

interface Run {
  text: string;
  style: Style;
  notes?: number[];
}

/** Where a block is laid out. */
interface Box {
  x: number;
  width: number;
  size: number;
  lineHeight: number;
  /** Table header cells: all text bold. */
  bold?: boolean;
  /** Table cells: never justified. */
  ragged?: boolean;
}

export interface LayoutEnv {
  locale: LetterLocale;
  /** `pages`: the reference's page pin, printed in its label ("Exhibit 4, pp. 3–5"). */
  resolveReference(kind: TReferenceKind, id: string, pages?: TPagePin | null): ResolvedReference | undefined;
  /** Full text width, for footnotes. */
  contentLeft: number;
  contentWidth: number;
  /** Counsel-grade typesetting (decision 0066); all off by default. */
  typeset?: Typesetting;
}

export interface Typesetting {
  /** Body paragraphs and footnotes justified, with English hyphenation; the last line of each stays ragged. */
  justify?: boolean;
  /** Headings numbered 1., 1.1, 1.1.1 (a leading heading is the title and stays unnumbered). */
  numberHeadings?: boolean;
  /** A table of contents of the numbered headings, before the first of them (needs `numberHeadings`). */
  contents?: boolean;
  /** Typewriter quotes typeset: ' and " become ’ ‘ and “ ” (by the character before them). */
  smartQuotes?: boolean;
}

/**
 * What a reference prints: its label (linked); or, `pending`, a placeholder naming a target that has no number yet
 * (printed like an unresolved one, reported with them).
 */
export interface ResolvedReference {
  label: string;
  pending?: boolean;
}

export interface LetterLayout {
  items: VItem[];
  notes: Map<number, NoteLayout>;
  dangling: RefTarget[];
  /** Where the table of contents sits in `items`, to be laid out again with the headings' pages. */
  contents?: { start: number; count: number; entries: ContentsEntry[] };
}

class Layouter {
  readonly notes = new Map<number, NoteLayout>();
  readonly dangling: RefTarget[] = [];
  private readonly danglingKeys = new Set<string>();

  constructor(private readonly env: LayoutEnv) {}

  /** A reference that resolves to nothing: reported once per document, in order. */
  noteDangling(r: RefTarget): void {
    const key = `${r.kind}\u0000${r.id}`;
    if (this.danglingKeys.has(key)) return;
    this.danglingKeys.add(key);
    this.dangling.push(r);
  }

  // ---- inline content ------------------------------------------------------------------------------

  private runs(inlines: readonly TInline[] | undefined, base: Style): Run[] {
    const out: Run[] = [];
    for (const node of inlines ?? []) {
      switch (node.type) {
        case 'text': {
          const text = node.text.normalize('NFC');
          const before = out.length > 0 ? out[out.length - 1]!.text.slice(-1) : '';
          out.push({
            text: this.env.typeset?.smartQuotes ? typographicQuotes(text, before) : text,
            style: withMarks(base, node.marks),
          });
          break;
        }
        case 'hardBreak':
          out.push({ text: '\n', style: base });
          break;
        case 'reference': {
          const { kind, id, pages } = node.attrs;
          const resolved = this.env.resolveReference(kind, id, pages);
          const style = withMarks(base, node.marks);
          if (resolved && !resolved.pending) {
            out.push({
              text: resolved.label.normalize('NFC'),
              style: { ...style, atom: true, link: { kind, id } },
            });
          } else {
            this.noteDangling({ kind, id });
            const text = resolved
              ? resolved.label.normalize('NFC')
              : LETTER_MESSAGES[this.env.locale].deleted[kind];
            out.push({ text, style: { ...style, atom: true, weight: 'bold', color: MISSING_RED } });
          }
          break;
        }
        case 'footnote': {
          const number = this.notes.size + 1;
          this.notes.set(number, { number, lines: [] }); // reserve the number before laying out the note
          this.notes.set(number, this.layoutNote(number, node.content));
          out.push({ text: String(number), style: { ...base, sup: true, atom: true }, notes: [number] });
          break;
        }
      }
    }
    return splitCjkPunctuation(out);
  }

  private layoutNote(number: number, paragraphs: { content?: TInline[] | undefined }[]): NoteLayout {
    const { size, lineHeight, numberGap } = TYPE.note;
    const label = `${number}`;
    const hang = measureMixed('00', size, baseStyle(size)) + numberGap;
    const box: Box = {
      x: this.env.contentLeft + hang,
      width: this.env.contentWidth - hang,
      size,
      lineHeight,
    };
    const lines: VItem[] = [];
    paragraphs.forEach((p, i) => {
      const items = this.inlineLines(p.content, box, baseStyle(size), this.justified('left'));
      if (items.length === 0) return;
      items[0]!.spaceBefore = i === 0 ? TYPE.note.spaceBefore : 2;
      lines.push(...items);
    });
    const first = lines[0];
    if (first) {
      first.ops.unshift(textOp(this.env.contentLeft, first.baseline ?? size, label, baseStyle(size)));
    }
    return { number, lines };
  }

  /** `left` becomes `justify` when the document is typeset justified. */
  private justified(align: Align): Align {
    return align === 'left' && this.env.typeset?.justify ? 'justify' : align;
  }

  /** Lays out inline content as lines; one VItem per line. */
  private inlineLines(inlines: readonly TInline[] | undefined, box: Box, base: Style, align: Align): VItem[] {
    const runs = this.runs(inlines, base);
    return this.runLines(runs, box, align);
  }

  private runLines(runs: Run[], box: Box, align: Align): VItem[] {
    const m = (text: string, i: number) => {
      const s = runs[i]!.style;
      return measureMixed(text, s.sup ? s.size * TYPE.supScale : s.size, faceStyle(s));
    };
    const tokens: Token[] = [];
    runs.forEach((r, i) => {
      if (r.style.atom) tokens.push({ text: r.text, kind: 'word', width: m(r.text, i), run: i, atom: true });
      else tokens.push(...tokenize([{ text: r.text }], (t) => m(t, i)).map((t) => ({ ...t, run: i })));
    });
    const lines =
      tokens.length === 0
        ? [{ tokens: [], width: 0 }]
        : breakLines(tokens, box.width, m, box.width, { hyphenate: align === 'justify' });
    const { ascent, descent } = fontExtents(box.size);
    const baseline = (box.lineHeight - (ascent - descent)) / 2 + ascent;
    return lines.map((line, li) => {
      const ops: DrawOp[] = [];
      const notes: number[] = [];
      // Justified: the room left is shared by the gaps a line may break at (after a space, beside a CJK
      // character); the last line and a line ended by a forced break keep natural spacing, as does a line that
      // would need more than half an em per gap (few gaps: a long word, reference labels).
      const stretch =
        align === 'justify' && li < lines.length - 1 && !('forced' in line && line.forced)
          ? justifyStretch(line.tokens, box.width - line.width, box.size)
          : 0;
      let x =
        box.x +
        (align === 'center' ? (box.width - line.width) / 2 : align === 'right' ? box.width - line.width : 0);
      let frag: { run: number; text: string; x: number; width: number } | undefined;
      const flush = () => {
        if (!frag) return;
        const run = runs[frag.run]!;
        const s = run.style;
        const y = s.sup ? baseline - s.size * TYPE.supRise : baseline;
        const op = textOp(frag.x, y, frag.text, s.sup ? { ...s, size: s.size * TYPE.supScale } : s);
        op.width = frag.width;
        // An atom (a reference's label, a placeholder) is one token: its inner spaces are not gaps of the line.
        if (stretch > 0 && !s.atom) op.stretch = stretch;
        ops.push(op);
        for (const n of run.notes ?? []) if (!notes.includes(n)) notes.push(n);
        frag = undefined;
      };
      line.tokens.forEach((t, k) => {
        // A stretched gap inside a run is drawn by the op itself (`stretch`, one TJ); between runs it moves x.
        const gap = stretch > 0 && k > 0 && isGap(line.tokens[k - 1]!, t);
        if (gap) x += stretch;
        if (!frag || frag.run !== t.run) {
          flush();
          frag = { run: t.run, text: '', x, width: 0 };
        } else if (gap) {
          frag.width += stretch;
        }
        frag.text += t.text;
        frag.width += t.width;
        x += t.width;
      });
      flush();
      return { height: box.lineHeight, spaceBefore: 0, ops, notes, baseline };
    });
  }

  // ---- blocks --------------------------------------------------------------------------------------

  blocks(blocks: readonly (TBlock | TFlowBlock)[], box: Box, depth: number): VItem[] {
    const out: VItem[] = [];
    for (const block of blocks) out.push(...this.block(block, box, depth));
    return out;
  }

  private block(block: TBlock | TFlowBlock, box: Box, depth: number): VItem[] {
    const scale = box.size / TYPE.body.size;
    switch (block.type) {
      case 'paragraph': {
        const a = block.attrs?.textAlign;
        const align =
          a === 'center' || a === 'right' || a === 'justify'
            ? a
            : box.ragged
              ? 'left'
              : this.justified('left');
        const items = this.inlineLines(block.content, box, boxStyle(box), align);
        items[0]!.spaceBefore = TYPE.body.spaceBefore * scale;
        // No orphan (a first line alone at a page's foot) and no widow (a last line alone at its head).
        if (items.length >= 2) {
          items[0]!.keepWithNext = true;
          items[items.length - 2]!.keepWithNext = true;
        }
        return items;
      }
      case 'heading': {
        const h = TYPE.headings[block.attrs.level - 1]!;
        const hb: Box = { ...box, size: h.size * scale, lineHeight: h.lineHeight * scale };
        const items = this.inlineLines(block.content, hb, { ...baseStyle(hb.size), weight: 'bold' }, 'left');
        items[0]!.spaceBefore = h.spaceBefore * scale;
        for (const it of items) it.keepWithNext = true;
        return items;
      }
      case 'bulletList':
      case 'orderedList':
        return this.list(block, box, depth);
      case 'blockquote': {
        const inner: Box = { ...box, x: box.x + TYPE.quoteIndent, width: box.width - TYPE.quoteIndent };
        const items = this.blocks(block.content, inner, depth + 1);
        items.forEach((it, i) => {
          // The bar also covers the gap above every item but the first, so it reads as one line.
          const gap = i === 0 ? 0 : it.spaceBefore;
          it.ops.push({ kind: 'rect', x: box.x + 2, y: -gap, w: 2.5, h: it.height + gap, color: QUOTE_BAR });
        });
        return items;
      }
      case 'horizontalRule':
        return [
          {
            height: 12,
            spaceBefore: TYPE.body.spaceBefore * scale,
            ops: [{ kind: 'rect', x: box.x, y: 5.7, w: box.width, h: 0.6, color: RULE_GREY }],
            notes: [],
          },
        ];
      case 'pageBreak':
        return [{ height: 0, spaceBefore: 0, ops: [], notes: [], breakAfter: true }];
      case 'table':
        return this.table(block, box);
    }
  }

  private list(
    block: Extract<TFlowBlock, { type: 'bulletList' | 'orderedList' }>,
    box: Box,
    depth: number,
  ): VItem[] {
    const indent = TYPE.listIndent * (box.size / TYPE.body.size);
    const inner: Box = { ...box, x: box.x + indent, width: box.width - indent };
    const start = block.type === 'orderedList' ? (block.attrs?.start ?? 1) : 1;
    const level = depth % 3;
    const out: VItem[] = [];
    block.content.forEach((li, i) => {
      const items = this.blocks(li.content, inner, depth + 1);
      const first = items[0];
      if (!first) return;
      first.spaceBefore = i === 0 ? TYPE.body.spaceBefore * 0.75 : 3;
      const marker =
        block.type === 'bulletList' ? (['•', '◦', '▪'][level] ?? '•') : orderedMarker(start + i, level);
      const s = boxStyle(box);
      const w = measureMixed(marker, s.size, faceStyle(s));
      first.ops.push(textOp(inner.x - w - 5, first.baseline ?? box.lineHeight * 0.75, marker, s));
      out.push(...items);
    });
    return out;
  }

  private table(table: TTable, box: Box): VItem[] {
    const t = TYPE.table;
    const cellBox = (x: number, width: number): Box => ({
      x: x + t.padX,
      width: Math.max(width - 2 * t.padX, 4),
      size: t.size,
      lineHeight: t.lineHeight,
      ragged: true,
    });
    const cols = Math.max(...table.content.map((r) => r.content.reduce((n, c) => n + span(c), 0)));
    const widths = this.columnWidths(table, cols, box.width);
    const xs = [box.x];
    for (const w of widths) xs.push(xs[xs.length - 1]! + w);

    const header: VItem[] = [];
    const out: VItem[] = [];
    let headerDone = false;
    table.content.forEach((row, r) => {
      const isHeader = !headerDone && row.content.every((c) => c.type === 'tableHeader');
      if (!isHeader) headerDone = true;
      const ops: DrawOp[] = [];
      const notes: number[] = [];
      const cells: { x: number; w: number; items: VItem[]; header: boolean }[] = [];
      let col = 0;
      let rowHeight = 0;
      for (const cell of row.content) {
        const c0 = Math.min(col, cols - 1);
        const c1 = Math.min(col + span(cell), cols);
        col += span(cell);
        const x = xs[c0]!;
        const w = xs[c1]! - x;
        const items = this.blocks(cell.content, { ...cellBox(x, w), bold: cell.type === 'tableHeader' }, 1);
        const h = stackHeight(items);
        rowHeight = Math.max(rowHeight, h + 2 * t.padY);
        cells.push({ x, w, items, header: cell.type === 'tableHeader' });
      }
      for (const c of cells) {
        if (c.header) ops.push({ kind: 'rect', x: c.x, y: 0, w: c.w, h: rowHeight, color: HEADER_FILL });
        let y = t.padY;
        c.items.forEach((it, i) => {
          y += i === 0 ? 0 : it.spaceBefore;
          for (const op of it.ops) ops.push({ ...op, y: op.y + y });
          for (const n of it.notes) if (!notes.includes(n)) notes.push(n);
          y += it.height;
        });
        // Borders: left edge of every cell, plus the row's top, bottom and right edge.
        ops.push({ kind: 'rect', x: c.x - t.border / 2, y: 0, w: t.border, h: rowHeight, color: RULE_GREY });
      }
      const right = xs[xs.length - 1]!;
      ops.push({ kind: 'rect', x: right - t.border / 2, y: 0, w: t.border, h: rowHeight, color: RULE_GREY });
      ops.push({ kind: 'rect', x: box.x, y: -t.border / 2, w: right - box.x, h: t.border, color: RULE_GREY });
      ops.push({
        kind: 'rect',
        x: box.x,
        y: rowHeight - t.border / 2,
        w: right - box.x,
        h: t.border,
        color: RULE_GREY,
      });
      const item: VItem = {
        height: rowHeight,
        spaceBefore: r === 0 ? TYPE.body.spaceBefore + 2 : 0,
        ops,
        notes,
      };
      if (isHeader) {
        item.keepWithNext = true;
        header.push({ ...item, spaceBefore: 0, notes: [] });
      } else if (header.length > 0) {
        item.repeatHeader = header;
      }
      out.push(item);
    });
    return out;
  }

  /** Auto layout: natural widths when they fit, else min widths plus a share of the rest, else equal. */
  private columnWidths(table: TTable, cols: number, available: number): number[] {
    const t = TYPE.table;
    const min = new Array<number>(cols).fill(0);
    const max = new Array<number>(cols).fill(0);
    for (const row of table.content) {
      let col = 0;
      for (const cell of row.content) {
        if (span(cell) === 1 && col < cols) {
          const [mn, mx] = this.cellExtent(cell);
          min[col] = Math.max(min[col]!, mn + 2 * t.padX);
          max[col] = Math.max(max[col]!, mx + 2 * t.padX);
        }
        col += span(cell);
      }
    }
    const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
    const sMax = sum(max);
    const sMin = sum(min);
    if (sMax <= 0) return new Array<number>(cols).fill(available / cols);
    if (sMax <= available) return max.map((w) => w + ((available - sMax) * w) / sMax);
    if (sMin <= available) {
      const extra = available - sMin;
      const slack = sMax - sMin;
      return min.map((w, i) => w + (slack > 0 ? (extra * (max[i]! - w)) / slack : extra / cols));
    }
    return new Array<number>(cols).fill(available / cols);
  }

  /** [widest unbreakable piece, width on one line] of a cell's text, at table size. */
  private cellExtent(cell: TTableCell): [number, number] {
    let mn = 0;
    let mx = 0;
    const visit = (blocks: readonly TFlowBlock[], indent: number) => {
      for (const b of blocks) {
        if (b.type === 'paragraph' || b.type === 'heading') {
          let line = 0;
          for (const n of b.content ?? []) {
            const text =
              n.type === 'text'
                ? n.text
                : n.type === 'reference'
                  ? 'Exhibit 00'
                  : n.type === 'footnote'
                    ? '0'
                    : '';
            const weight: FontWeight =
              n.type === 'text' && n.marks?.some((m) => m.type === 'bold') ? 'bold' : 'regular';
            const style = { weight, italic: false };
            line += measureMixed(text, TYPE.table.size, style);
            for (const word of text.split(/\s+|(?=[\u3000-\u9fff])/)) {
              mn = Math.max(mn, Math.min(measureMixed(word, TYPE.table.size, style), 120) + indent);
            }
          }
          mx = Math.max(mx, line + indent);
        } else if (b.type === 'bulletList' || b.type === 'orderedList') {
          for (const li of b.content) visit(li.content, indent + TYPE.listIndent);
        } else if (b.type === 'blockquote') {
          visit(b.content as TFlowBlock[], indent + TYPE.quoteIndent);
        }
      }
    };
    visit(cell.content, 0);
    return [mn, mx];
  }
}

function span(cell: TTableCell): number {
  return cell.attrs?.colspan ?? 1;
}

function stackHeight(items: VItem[]): number {
  return items.reduce((h, it, i) => h + it.height + (i === 0 ? 0 : it.spaceBefore), 0);
}

function baseStyle(size: number): Style {
  return { size, weight: 'regular', italic: false, underline: false, sup: false, color: BLACK };
}

function boxStyle(box: Box): Style {
  return box.bold ? { ...baseStyle(box.size), weight: 'bold' } : baseStyle(box.size);
}

function withMarks(base: Style, marks: readonly TMark[] | undefined): Style {
  if (!marks || marks.length === 0) return base;
  const s = { ...base };
  for (const m of marks) {
    if (m.type === 'bold') s.weight = 'bold';
    else if (m.type === 'italic') s.italic = true;
    else if (m.type === 'underline') s.underline = true;
    else if (m.type === 'link') {
      s.underline = true;
      s.color = LINK_BLUE;
    }
  }
  return s;
}

function textOp(x: number, y: number, text: string, s: Style): TextOp {
  const op: TextOp = {
    kind: 'text',
    x,
    y,
    text,
    width: measureMixed(text, s.size, faceStyle(s)),
    size: s.size,
    weight: s.weight,
    italic: s.italic,
    underline: s.underline,
    color: s.color,
  };
  if (s.link) op.link = s.link;
  if (s.cjkPunctuation) op.cjkPunctuation = true;
  return op;
}

function faceStyle(s: Pick<Style, 'weight' | 'italic' | 'cjkPunctuation'>) {
  return { weight: s.weight, italic: s.italic, cjkPunctuation: s.cjkPunctuation === true };
}

/**
 * A gap a justified line stretches: after a space, or beside a CJK character (where the line may break). The
 * same rule by character (`stretchesBefore`) draws it, so both agree.
 */
function isGap(a: Token, b: Token): boolean {
  if (b.kind === 'space') return false;
  return a.kind === 'space' || a.kind === 'cjk' || b.kind === 'cjk';
}

/** The extra width each gap of a justified line gets (0 when it has none, or would need more than an em each). */
function justifyStretch(tokens: readonly Token[], room: number, size: number): number {
  let gaps = 0;
  for (let k = 1; k < tokens.length; k++) if (isGap(tokens[k - 1]!, tokens[k]!)) gaps++;
  if (gaps === 0 || room <= 0) return 0;
  const each = room / gaps;
  // More than half an em added to every gap opens holes a reader sees as columns (and so does a text
  // extractor): such a line keeps its natural spacing, as TeX leaves an underfull line rather than a loose one.
  return each > MAX_STRETCH_EM * size ? 0 : each;
}

/** The most a justified line adds to each of its gaps, in ems. */
const MAX_STRETCH_EM = 0.5;

/**
 * Runs with their shared punctuation in Chinese text (’ “ — … beside CJK characters) cut out into runs marked
 * `cjkPunctuation`, so it is measured and drawn in the CJK face; in Latin text it stays in the serif.
 */
function splitCjkPunctuation(runs: Run[]): Run[] {
  const whole = runs.map((r) => r.text).join('');
  const marked = cjkContextPunctuation(whole);
  if (marked.size === 0) return runs;
  const out: Run[] = [];
  let offset = 0;
  for (const r of runs) {
    const start = offset;
    offset += r.text.length;
    if (r.style.atom) {
      out.push(r);
      continue;
    }
    let piece = '';
    let cjk = false;
    const push = () => {
      if (!piece) return;
      out.push({ ...r, text: piece, style: cjk ? { ...r.style, cjkPunctuation: true } : r.style });
      piece = '';
    };
    for (let i = 0; i < r.text.length; i++) {
      const here = marked.has(start + i);
      if (here !== cjk) {
        push();
        cjk = here;
      }
      piece += r.text[i];
    }
    push();
  }
  return out;
}

const ROMAN: [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

/** 1. → a. → i. by nesting level. */
export function orderedMarker(n: number, level: number): string {
  if (level === 1 && n >= 1) {
    let s = '';
    for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(97 + ((k - 1) % 26)) + s;
    return `${s}.`;
  }
  if (level === 2 && n >= 1 && n < 4000) {
    let s = '';
    let k = n;
    for (const [v, r] of ROMAN) {
      while (k >= v) {
        s += r;
        k -= v;
      }
    }
    return `${s}.`;
  }
  return `${n}.`;
}

/**
 * Top-level blocks laid out before, by everything their layout depends on: the block, the labels its references
 * resolve to, the footnote number it starts at, the locale and the box (decision 0044). "Generate again" after one
 * paragraph changed lays out that paragraph only. Laid-out items are never changed once made, so they are shared.
 */
interface CachedBlock {
  items: VItem[];
  notes: NoteLayout[];
  /** References that resolved to nothing, in order (reported as dangling, each once per document). */
  unresolved: RefTarget[];
}
const blockCache = new Map<string, CachedBlock>();
const BLOCK_CACHE_MAX = 20_000;

/** Forgets every laid-out block (the benchmark's full build starts from nothing). */
export function clearLayoutCache(): void {
  blockCache.clear();
}

/** Lays out a whole document at the body box. */
export function layoutDocument(doc: TLetterDocument, env: LayoutEnv): LetterLayout {
  const l = new Layouter(env);
  const box: Box = {
    x: env.contentLeft,
    width: env.contentWidth,
    size: TYPE.body.size,
    lineHeight: TYPE.body.lineHeight,
  };
  const items: VItem[] = [];
  const numbering = env.typeset?.numberHeadings ? headingNumbers(doc.content) : undefined;
  let contents: LetterLayout['contents'];
  for (const [index, original] of doc.content.entries()) {
    if (env.typeset?.contents && numbering && index === numbering.first && numbering.entries.length > 0) {
      const toc = contentsItems(
        numbering.entries,
        LETTER_MESSAGES[env.locale].contents,
        env.contentLeft,
        env.contentWidth,
        () => undefined,
      );
      contents = { start: items.length, count: toc.length, entries: numbering.entries };
      items.push(...toc);
    }
    const label = numbering?.labels.get(index);
    const block = label === undefined ? original : numberedHeading(original, label);
    const refs: Array<RefTarget & { pages?: TPagePin | null }> = [];
    const json = JSON.stringify(block, (_k, v) => {
      if (v && typeof v === 'object' && v.type === 'reference')
        refs.push({ kind: v.attrs.kind, id: v.attrs.id, pages: v.attrs.pages });
      return v;
    });
    // A pending placeholder is keyed apart from a label with the same words (it prints red, without a link).
    const labels = refs.map((r) => {
      const resolved = env.resolveReference(r.kind, r.id, r.pages);
      return resolved ? (resolved.pending ? `\u0000${resolved.label}` : resolved.label) : null;
    });
    const key = createHash('sha1')
      .update(json)
      .update(
        JSON.stringify([
          labels,
          l.notes.size,
          env.locale,
          env.contentLeft,
          env.contentWidth,
          env.typeset?.justify === true,
          env.typeset?.smartQuotes === true,
          label ?? null,
        ]),
      )
      .digest('base64');
    let cached = blockCache.get(key);
    if (cached) {
      // Most recently used last: the oldest entry is the first to go.
      blockCache.delete(key);
      for (const n of cached.notes) l.notes.set(n.number, n);
      for (const r of cached.unresolved) l.noteDangling(r);
    } else {
      const first = l.notes.size;
      const laidOut = l.blocks([block], box, 0);
      if (label !== undefined && laidOut[0]) laidOut[0].anchor = label;
      cached = {
        items: laidOut,
        notes: [...l.notes.values()].slice(first),
        unresolved: refs.filter((_, i) => labels[i] === null || labels[i]!.startsWith('\u0000')),
      };
      if (blockCache.size >= BLOCK_CACHE_MAX) blockCache.delete(blockCache.keys().next().value!);
    }
    blockCache.set(key, cached);
    items.push(...cached.items);
  }
  return { items, notes: l.notes, dangling: l.dangling, ...(contents ? { contents } : {}) };
}
