import {
  degrees,
  PDFArray,
  PDFDict,
  type PDFFont,
  PDFName,
  PDFNumber,
  type PDFPage,
  PDFRef,
  PDFStream,
  rgb,
} from '@cantoo/pdf-lib';
import { readRect } from '../normalise/page-geometry.ts';
import { contentMarks, type Rect } from './content-bbox.ts';

/** Sizes in printed points (1/72 in); on a page with /UserUnit u they are divided by u (decision 0025). */
const SIZE = 8;
/**
 * From the trimmed (visible) edge to the stamp's white box: 0.5 in, outside most printers' unprintable
 * margin (≈ 0.25 in) and above the 0.4 in (29 pt) the packet promises, with room for a slightly skewed cut.
 */
export const STAMP_EDGE_PT = 36;
const PAD = 2;
/** Clearance kept between the page's (scaled) content and a stamp box. */
const GAP = 3;

export type Corner = 'br' | 'tr';
export interface Stamp {
  label: string;
  corner: Corner;
}

/** What the reader shows of a page: CropBox ∩ MediaBox in user units, the user unit, /Rotate. */
export interface PageFrame {
  box: Rect;
  unit: number;
  angle: number;
}

export function pageFrame(page: PDFPage): PageFrame {
  const ctx = page.doc.context;
  // Boxes and /UserUnit are inheritable (pdf-lib's getters look them up the tree; CropBox defaults to MediaBox).
  const media = readRect(ctx, page.node.MediaBox()) ?? [0, 0, 612, 792];
  const cropValue = page.node.CropBox();
  const crop = cropValue ? readRect(ctx, cropValue) : undefined;
  let box: Rect = media;
  if (crop) {
    const r: Rect = [
      Math.max(crop[0], media[0]),
      Math.max(crop[1], media[1]),
      Math.min(crop[2], media[2]),
      Math.min(crop[3], media[3]),
    ];
    if (r[2] > r[0] && r[3] > r[1]) box = r;
  }
  const u = ctx.lookup(page.node.get(PDFName.of('UserUnit')));
  const raw = u instanceof PDFNumber ? u.asNumber() : 1;
  const unit = Number.isFinite(raw) && raw > 0 ? raw : 1;
  const angle = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  return { box, unit, angle };
}

/**
 * Maps a point given in the page's *visual* frame (origin at the bottom-left of the visible box as the viewer
 * shows it, after /Rotate) to the unrotated user space pdf-lib draws in.
 */
function visual(frame: PageFrame) {
  const [ox, oy, x1, y1] = frame.box;
  const W = x1 - ox;
  const H = y1 - oy;
  const swapped = frame.angle === 90 || frame.angle === 270;
  const map = (vx: number, vy: number): { x: number; y: number } => {
    switch (frame.angle) {
      case 90:
        return { x: ox + W - vy, y: oy + vx };
      case 180:
        return { x: ox + W - vx, y: oy + H - vy };
      case 270:
        return { x: ox + vy, y: oy + H - vx };
      default:
        return { x: ox + vx, y: oy + vy };
    }
  };
  return { vw: swapped ? H : W, vh: swapped ? W : H, map };
}

interface Layout {
  stamp: Stamp;
  /** The white box in user space (unrotated), and the text's origin and size in user units. */
  rect: Rect;
  origin: { x: number; y: number };
  boxOrigin: { x: number; y: number };
  boxSize: { w: number; h: number };
  size: number;
}

function layout(frame: PageFrame, font: PDFFont, stamp: Stamp): Layout {
  const k = 1 / frame.unit;
  const size = SIZE * k;
  const pad = PAD * k;
  const edge = STAMP_EDGE_PT * k;
  const { vw, vh, map } = visual(frame);
  const w = font.widthOfTextAtSize(stamp.label, size) + 2 * pad;
  const h = size + 2 * pad;
  const vx = vw - edge - w;
  const vy = stamp.corner === 'br' ? edge : vh - edge - h;
  const a = map(vx, vy);
  const b = map(vx + w, vy + h);
  return {
    stamp,
    rect: [Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y)],
    boxOrigin: a,
    boxSize: { w, h },
    origin: map(vx + pad, vy + pad + 1.5 * k),
    size,
  };
}

/**
 * Stamps `stamps` on `page`, inside its visible box. With `fit`, content that would sit under a stamp is
 * first scaled down about the visible box's centre, just enough to clear every stamp (a `cm` around the
 * page's content streams; annotation rectangles follow). Returns the stamp boxes (user space) and the scale.
 */
export function stampPage(
  page: PDFPage,
  font: PDFFont,
  stamps: Stamp[],
  opts: { fit: boolean; marks?: Rect[] | undefined },
): { rects: Rect[]; scale: number; marks: Rect[] } {
  const frame = pageFrame(page);
  const placed = stamps.map((s) => layout(frame, font, s));
  let scale = 1;
  let marks: Rect[] = [];
  if (opts.fit && placed.length) {
    // Only what shows counts: marks outside the visible box are clipped by every reader. `opts.marks` are those
    // of the same page read before (the packet's marks cache).
    marks =
      opts.marks ??
      contentMarks(page, frame.box)
        .map((m) => intersect(m, frame.box))
        .filter((m): m is Rect => m !== undefined);
    scale = scaleToClear(
      marks,
      frame.box,
      placed.map((p) => inflate(p.rect, GAP / frame.unit)),
    );
    if (scale < 1) scaleContent(page, frame.box, scale);
  }
  const rotate = degrees(frame.angle);
  for (const p of placed) {
    page.drawRectangle({
      x: p.boxOrigin.x,
      y: p.boxOrigin.y,
      width: p.boxSize.w,
      height: p.boxSize.h,
      rotate,
      color: rgb(1, 1, 1),
    });
    page.drawText(p.stamp.label, {
      x: p.origin.x,
      y: p.origin.y,
      size: p.size,
      font,
      rotate,
      color: rgb(0.1, 0.1, 0.1),
    });
  }
  return { rects: placed.map((p) => p.rect), scale, marks };
}

const inflate = (r: Rect, d: number): Rect => [r[0] - d, r[1] - d, r[2] + d, r[3] + d];

function intersect(a: Rect, b: Rect): Rect | undefined {
  const r: Rect = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[2] > r[0] && r[3] > r[1] ? r : undefined;
}

/**
 * The largest s ≤ 1 such that no mark scaled by s about the centre of `page` overlaps any of `keepOut`.
 * Each mark may clear each keep-out box on any side; the side that costs least is taken. Shrinking about the
 * centre only moves a mark away from a box near the edge, so the smallest of these factors clears them all.
 */
export function scaleToClear(marks: Rect[], page: Rect, keepOut: Rect[]): number {
  const cx = (page[0] + page[2]) / 2;
  const cy = (page[1] + page[3]) / 2;
  let s = 1;
  for (const content of marks)
    for (const r of keepOut) {
      const scaled = (f: number): Rect => [
        cx + f * (content[0] - cx),
        cy + f * (content[1] - cy),
        cx + f * (content[2] - cx),
        cy + f * (content[3] - cy),
      ];
      if (!intersect(scaled(s), r)) continue;
      // Each side: the factor at which the content's edge reaches the box's facing edge (only if the box lies
      // beyond the centre on that side, so shrinking moves the edge away from it).
      const options = [
        r[0] > cx && content[2] > cx ? (r[0] - cx) / (content[2] - cx) : 0,
        r[2] < cx && content[0] < cx ? (cx - r[2]) / (cx - content[0]) : 0,
        r[1] > cy && content[3] > cy ? (r[1] - cy) / (content[3] - cy) : 0,
        r[3] < cy && content[1] < cy ? (cy - r[3]) / (cy - content[1]) : 0,
      ];
      s = Math.min(s, Math.max(...options));
    }
  // A hair smaller, so rounding in the content stream cannot leave a touching edge.
  return s < 1 ? Math.max(0.05, Math.floor(s * 1000) / 1000) : 1;
}

/** Wraps the page's content streams in `q s 0 0 s tx ty cm … Q` (centred on `box`) and moves annotations. */
function scaleContent(page: PDFPage, box: Rect, s: number): void {
  const ctx = page.doc.context;
  const tx = ((box[0] + box[2]) / 2) * (1 - s);
  const ty = ((box[1] + box[3]) / 2) * (1 - s);
  const f = (v: number) => Number(v.toFixed(4));
  const start = ctx.register(ctx.stream(`q ${f(s)} 0 0 ${f(s)} ${f(tx)} ${f(ty)} cm\n`));
  const end = ctx.register(ctx.stream('\nQ\n'));
  const raw = page.node.get(PDFName.of('Contents'));
  const refs: PDFRef[] = [];
  // /Contents is a stream, an array of streams, or a reference to either (an indirect array, as some writers
  // produce, must be spliced: an array inside the array is not a content stream).
  const target = raw instanceof PDFRef ? ctx.lookup(raw) : raw;
  if (target instanceof PDFArray) {
    for (const r of target.asArray()) if (r instanceof PDFRef) refs.push(r);
  } else if (raw instanceof PDFRef) refs.push(raw);
  else if (raw instanceof PDFStream) refs.push(ctx.register(raw));
  page.node.set(PDFName.of('Contents'), ctx.obj([start, ...refs, end]));

  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  for (const a of annots?.asArray() ?? []) {
    const dict = ctx.lookup(a);
    if (!(dict instanceof PDFDict)) continue;
    const r = readRect(ctx, dict.get(PDFName.of('Rect')));
    if (r)
      dict.set(PDFName.of('Rect'), ctx.obj([r[0] * s + tx, r[1] * s + ty, r[2] * s + tx, r[3] * s + ty]));
  }
}

/** One stamp without fitting the content (the normaliser's geometry test uses it). */
export function stampText(page: PDFPage, font: PDFFont, label: string, corner: Corner): Rect {
  return stampPage(page, font, [{ label, corner }], { fit: false }).rects[0]!;
}
