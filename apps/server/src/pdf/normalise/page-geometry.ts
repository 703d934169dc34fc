/**
 * Makes every page's geometry plain (decision 0015): the MediaBox becomes the box a reader shows
 * (CropBox ∩ MediaBox), /UserUnit is folded into the boxes and the content (so readers that ignore
 * it agree with those that honour it), /Rotate is a multiple of 90 written on the page, and pages
 * whose visible size is absurd are reported so the file can be refused. The packet's stamps are
 * placed in the MediaBox, so after this they land on what the reader sees.
 */
import { PDFArray, type PDFContext, PDFName, PDFNumber, type PDFObject } from '@cantoo/pdf-lib';
import { MAX_PAGE_SIDE_PT, MIN_PAGE_SIDE_PT } from './budget.ts';
import type { FoundPage } from './page-tree.ts';

/** Pages larger than this (in points, either side) get a note: they print scaled down. */
const OVERSIZED_PT = 20 * 72;
const LETTER = [0, 0, 612, 792] as const;
const DROPPED_BOXES = ['CropBox', 'BleedBox', 'TrimBox', 'ArtBox'] as const;

type Rect = [number, number, number, number];

export interface GeometryReport {
  /** First page whose visible size is absurd (1-based), with its size in points. */
  absurd?: { page: number; width: number; height: number };
  notes: string[];
}

/** A rectangle from an array of four numbers (indirect numbers resolved), normalised so x0 < x1. */
export function readRect(ctx: PDFContext, value: PDFObject | undefined): Rect | undefined {
  const arr = value ? ctx.lookup(value) : undefined;
  if (!(arr instanceof PDFArray) || arr.size() !== 4) return undefined;
  const n = arr.asArray().map((v) => ctx.lookup(v));
  if (!n.every((v) => v instanceof PDFNumber && Number.isFinite(v.asNumber()))) return undefined;
  const [a, b, c, d] = n.map((v) => (v as PDFNumber).asNumber()) as Rect;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

function intersect(a: Rect, b: Rect): Rect | undefined {
  const r: Rect = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[2] > r[0] && r[3] > r[1] ? r : undefined;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

export function settleGeometry(ctx: PDFContext, pages: readonly FoundPage[]): GeometryReport {
  const report: GeometryReport = { notes: [] };
  let rotated = 0;
  let fixedBox = 0;
  let cropped = 0;
  let scaled = 0;
  let oversized = 0;
  for (const [index, { leaf }] of pages.entries()) {
    const rotate = ctx.lookup(leaf.get(PDFName.of('Rotate')));
    const raw = rotate instanceof PDFNumber ? rotate.asNumber() : 0;
    const angle = Number.isFinite(raw) ? (((Math.round(raw / 90) * 90) % 360) + 360) % 360 : 0;
    if (angle !== 0) rotated++;
    leaf.set(PDFName.of('Rotate'), PDFNumber.of(angle));

    let media = readRect(ctx, leaf.get(PDFName.of('MediaBox')));
    if (!media || media[2] - media[0] <= 0 || media[3] - media[1] <= 0) {
      media = [...LETTER];
      fixedBox++;
    }
    const crop = readRect(ctx, leaf.get(PDFName.of('CropBox')));
    const visible = (crop && intersect(crop, media)) ?? media;
    if (visible.some((v, i) => v !== media[i])) cropped++;

    const unitObj = ctx.lookup(leaf.get(PDFName.of('UserUnit')));
    const rawUnit = unitObj instanceof PDFNumber ? unitObj.asNumber() : 1;
    const unit = Number.isFinite(rawUnit) && rawUnit > 0 ? rawUnit : 1;
    const box = visible.map((v) => round(v * unit)) as Rect;
    const width = box[2] - box[0];
    const height = box[3] - box[1];
    if (!report.absurd && !sizeIsSane(width, height)) report.absurd = { page: index + 1, width, height };
    if (width > OVERSIZED_PT || height > OVERSIZED_PT) oversized++;

    if (unit !== 1) {
      scaleContent(ctx, leaf, unit);
      scaled++;
    }
    leaf.delete(PDFName.of('UserUnit'));
    for (const key of DROPPED_BOXES) leaf.delete(PDFName.of(key));
    leaf.set(PDFName.of('MediaBox'), ctx.obj(box));
  }
  const { notes } = report;
  if (rotated) notes.push(`${rotated} page(s) rotated by /Rotate (kept)`);
  if (fixedBox) notes.push(`${fixedBox} page(s) had no valid MediaBox; set to Letter`);
  if (cropped) notes.push(`${cropped} page(s) cut to their CropBox (what readers show)`);
  if (scaled) notes.push(`${scaled} page(s) had /UserUnit ≠ 1; scaled to plain points`);
  if (oversized) notes.push(`${oversized} oversized page(s) (over 20 in); they print scaled to fit`);
  return report;
}

export function sizeIsSane(width: number, height: number): boolean {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  return short >= MIN_PAGE_SIDE_PT && long <= MAX_PAGE_SIDE_PT;
}

/**
 * Folds /UserUnit into the page: content drawn through `unit 0 0 unit 0 0 cm`. (Annotations are
 * already drawn into the content by then: flatten-annotations.ts.)
 */
function scaleContent(ctx: PDFContext, leaf: FoundPage['leaf'], unit: number) {
  const contents = leaf.get(PDFName.of('Contents'));
  const resolved = contents ? ctx.lookup(contents) : undefined;
  const parts = resolved instanceof PDFArray ? resolved.asArray() : contents ? [contents] : [];
  const pre = ctx.register(ctx.stream(`q ${unit} 0 0 ${unit} 0 0 cm\n`));
  const post = ctx.register(ctx.stream('\nQ\n'));
  leaf.set(PDFName.of('Contents'), ctx.obj([pre, ...parts, post]));
}
