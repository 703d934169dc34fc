/**
 * Text markup the customer made (issue 30 item 8, decision 0015's update): petitioners highlight their name in a
 * 30-author paper or underline the sentence that matters. Many tools save such a mark without the Print flag, or
 * without an appearance stream (a reader draws it from /QuadPoints and /C), and the evidence check used to drop
 * both, so the highlight vanished from the packet. A Highlight, Underline, StrikeOut or Squiggly annotation is
 * therefore kept whatever its Print flag (not when hidden), and one without an appearance gets one drawn here as
 * readers draw it (ISO 32000-1 § 12.5.6.10): each quadrilateral filled (a highlight, multiplied over the text so
 * the words stay legible) or a line under, through or waved under it, in the annotation's colour.
 */
import {
  PDFArray,
  type PDFContext,
  type PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFRef,
} from '@cantoo/pdf-lib';
import { readRect } from './page-geometry.ts';

export const MARKUP_KINDS = new Set(['Highlight', 'Underline', 'StrikeOut', 'Squiggly']);

type Point = readonly [number, number];
/** Acrobat's order: upper left, upper right, lower left, lower right (of the text's own orientation). */
type Quad = readonly [Point, Point, Point, Point];

/** At most this many quadrilaterals are drawn per annotation (a whole-page highlight has a few hundred). */
const MAX_QUADS = 2000;

const fmt = (v: number) => String(Math.round(v * 1000) / 1000);

function numbers(ctx: PDFContext, value: PDFObject | undefined, max: number): number[] | undefined {
  const arr = value ? ctx.lookup(value) : undefined;
  if (!(arr instanceof PDFArray) || arr.size() > max) return undefined;
  const n = arr.asArray().map((v) => ctx.lookup(v));
  if (!n.every((v) => v instanceof PDFNumber && Number.isFinite(v.asNumber()))) return undefined;
  return n.map((v) => (v as PDFNumber).asNumber());
}

function quadsOf(ctx: PDFContext, annot: PDFDict): Quad[] {
  const q = numbers(ctx, annot.get(PDFName.of('QuadPoints')), MAX_QUADS * 8);
  if (q && q.length >= 8 && q.length % 8 === 0) {
    const out: Quad[] = [];
    for (let i = 0; i < q.length; i += 8) {
      const p = (k: number): Point => [q[i + 2 * k]!, q[i + 2 * k + 1]!];
      out.push([p(0), p(1), p(2), p(3)]);
    }
    return out;
  }
  // No quadrilaterals: the rectangle, as one.
  const r = readRect(ctx, annot.get(PDFName.of('Rect')));
  return r
    ? [
        [
          [r[0], r[3]],
          [r[2], r[3]],
          [r[0], r[1]],
          [r[2], r[1]],
        ],
      ]
    : [];
}

/** The colour operator for /C (gray, RGB or CMYK); `fallback` when it has none. */
function colour(ctx: PDFContext, annot: PDFDict, fill: boolean, fallback: string): string {
  const c = numbers(ctx, annot.get(PDFName.of('C')), 4)?.map((v) => Math.min(1, Math.max(0, v)));
  const op = (ops: [string, string]) => (fill ? ops[0] : ops[1]);
  if (c?.length === 1) return `${fmt(c[0]!)} ${op(['g', 'G'])}`;
  if (c?.length === 3) return `${c.map(fmt).join(' ')} ${op(['rg', 'RG'])}`;
  if (c?.length === 4) return `${c.map(fmt).join(' ')} ${op(['k', 'K'])}`;
  return `${fallback} ${op(['rg', 'RG'])}`;
}

const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const dist = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/** The drawing operators of one kind over the quadrilaterals. */
function drawing(kind: string, quads: Quad[], paint: string): string {
  const ops: string[] = [paint];
  for (const [ul, ur, ll, lr] of quads) {
    const height = Math.max(dist(ul, ll), dist(ur, lr));
    if (kind === 'Highlight') {
      // Upper left → upper right → lower right → lower left: one outline whatever the text's direction.
      ops.push(`${fmt(ul[0])} ${fmt(ul[1])} m ${fmt(ur[0])} ${fmt(ur[1])} l`);
      ops.push(`${fmt(lr[0])} ${fmt(lr[1])} l ${fmt(ll[0])} ${fmt(ll[1])} l h f`);
      continue;
    }
    const width = Math.max(0.5, height / 14);
    ops.push(`${fmt(width)} w`);
    // A line a little above the lower edge (underline, squiggle) or through the middle (strike-out).
    const t = kind === 'StrikeOut' ? 0.5 : 0.93;
    const from = lerp(ul, ll, t);
    const to = lerp(ur, lr, t);
    if (kind !== 'Squiggly') {
      ops.push(`${fmt(from[0])} ${fmt(from[1])} m ${fmt(to[0])} ${fmt(to[1])} l S`);
      continue;
    }
    const waves = Math.max(1, Math.round(dist(from, to) / Math.max(2, height / 4)));
    const up = lerp(ul, ll, 0.86);
    const upTo = lerp(ur, lr, 0.86);
    ops.push(`${fmt(from[0])} ${fmt(from[1])} m`);
    for (let i = 1; i <= waves; i++) {
      const p = i % 2 ? lerp(up, upTo, i / waves) : lerp(from, to, i / waves);
      ops.push(`${fmt(p[0])} ${fmt(p[1])} l`);
    }
    ops.push('S');
  }
  return ops.join('\n');
}

/**
 * A form XObject drawing the markup in page space (its /BBox the annotation's /Rect, so the flattening places it
 * as it is), registered in `ctx`; undefined when the annotation has no quadrilateral and no rectangle. An
 * annotation without /Rect gets its quadrilaterals' bounds.
 */
export function markupAppearance(ctx: PDFContext, annot: PDFDict, kind: string): PDFRef | undefined {
  const quads = quadsOf(ctx, annot);
  if (quads.length === 0) return undefined;
  const xs = quads.flatMap((q) => q.map((p) => p[0]));
  const ys = quads.flatMap((q) => q.map((p) => p[1]));
  let rect = readRect(ctx, annot.get(PDFName.of('Rect')));
  if (!rect) {
    rect = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    annot.set(PDFName.of('Rect'), ctx.obj(rect));
  }
  if (rect[2] - rect[0] <= 0 || rect[3] - rect[1] <= 0) return undefined;
  // Lines may reach a little past the quadrilaterals: the box holds them.
  const pad = 2;
  const bbox = [
    Math.min(rect[0], ...xs) - pad,
    Math.min(rect[1], ...ys) - pad,
    Math.max(rect[2], ...xs) + pad,
    Math.max(rect[3], ...ys) + pad,
  ];
  annot.set(PDFName.of('Rect'), ctx.obj(bbox));
  const highlight = kind === 'Highlight';
  const paint = colour(ctx, annot, highlight, highlight ? '1 1 0' : '0 0 0');
  const ops = drawing(kind, quads, highlight ? `/M gs\n${paint}` : paint);
  const stream = ctx.stream(ops, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: bbox,
    ...(highlight ? { Resources: { ExtGState: { M: { Type: 'ExtGState', BM: 'Multiply' } } } } : {}),
  });
  return ctx.register(stream);
}
