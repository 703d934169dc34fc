import type { TReferenceKind } from '@dossier/contract';
import type { FontWeight } from '../fonts/font-set.ts';

export type Rgb = readonly [number, number, number];

export interface RefTarget {
  kind: TReferenceKind;
  id: string;
}

/** Text drawn at `x` (points from the page's left edge) with its baseline `y` points below the item's top. */
export interface TextOp {
  kind: 'text';
  x: number;
  y: number;
  text: string;
  width: number;
  size: number;
  weight: FontWeight;
  italic: boolean;
  underline: boolean;
  color: Rgb;
  link?: RefTarget;
  /** Shared punctuation of this text is drawn in the CJK face (it sits in Chinese text; text-face.ts). */
  cjkPunctuation?: boolean;
  /**
   * Justified text: extra advance (points) at each gap inside `text` — after a space, beside a CJK character
   * (`stretchesBefore`); `width` includes it.
   */
  stretch?: number;
}

/** Filled rectangle; `y` is its top, points below the item's top. */
export interface RectOp {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  color: Rgb;
}

export type DrawOp = TextOp | RectOp;

/**
 * One unbreakable slice of the page flow: a line of text, a table row, a rule. Pagination only stacks these.
 */
export interface VItem {
  height: number;
  /** Gap above the item; dropped at the top of a page. */
  spaceBefore: number;
  ops: DrawOp[];
  /** Footnote numbers referenced in this item: their notes go to the bottom of the same page. */
  notes: number[];
  /** Baseline of the first text line, for aligning list markers. */
  baseline?: number;
  /** Do not leave this item last on a page (headings, table header rows). */
  keepWithNext?: boolean;
  /** Start a new page after this item (pageBreak node). */
  breakAfter?: boolean;
  /** For table body rows: the header rows to repeat when the row opens a page. */
  repeatHeader?: VItem[];
  /** First line of a numbered heading: its number ("2.1."), for the table of contents' page numbers. */
  anchor?: string;
}

export interface NoteLayout {
  number: number;
  lines: VItem[];
}
