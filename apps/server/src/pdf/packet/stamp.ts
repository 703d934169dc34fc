import { measureText } from '../fonts/font-set.ts';
import { ContentBuilder, num } from '../raw/document.ts';
import type { Rect } from './content-bbox.ts';
import type { PageFrame } from './page-frame.ts';

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
const WHITE = [1, 1, 1] as const;
const INK = [0.1, 0.1, 0.1] as const;

export type Corner = 'br' | 'tr';
export interface Stamp {
  label: string;
  corner: Corner;
}

/**
 * Maps a point given in the page's *visual* frame (origin at the bottom-left of the visible box as the viewer
 * shows it, after /Rotate) to the unrotated user space the content is drawn in.
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
  size: number;
}

function layout(frame: PageFrame, stamp: Stamp): Layout {
  const k = 1 / frame.unit;
  const size = SIZE * k;
  const pad = PAD * k;
  const edge = STAMP_EDGE_PT * k;
  const { vw, vh, map } = visual(frame);
  const w = measureText(stamp.label, size) + 2 * pad;
  const h = size + 2 * pad;
  const vx = vw - edge - w;
  const vy = stamp.corner === 'br' ? edge : vh - edge - h;
  const a = map(vx, vy);
  const b = map(vx + w, vy + h);
  return {
    stamp,
    rect: [Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y)],
    origin: map(vx + pad, vy + pad + 1.5 * k),
    size,
  };
}

/** The font the stamps are drawn in: its resource name on the page and its glyph encoding. */
export interface StampFont {
  resource: string;
  encode(text: string): string;
}

export interface StampPlan {
  /** Stamp boxes in user space. */
  rects: Rect[];
  /** ≤ 1: the page's content is scaled by this about the visible box's centre, clear of the stamps. */
  scale: number;
  /** The translation that goes with `scale` (`q s 0 0 s tx ty cm`). */
  tx: number;
  ty: number;
  /** What the page paints (visible part), as used for the fitting: the packet's marks cache keeps it. */
  marks: Rect[];
  /** Content to write before the page's own (opens a graphics state; scales with `fit`). */
  before: string;
  /** Content to write after it: closes that state, then draws the stamps. */
  after: string;
}

/**
 * Plans `stamps` on a page, inside its visible box. With `fit`, content that would sit under a stamp is scaled
 * down about the visible box's centre, just enough to clear every stamp; `marks` gives what the page paints
 * (read lazily: the packet's cache may already know it).
 */
export function planStamps(
  frame: PageFrame,
  stamps: Stamp[],
  font: StampFont,
  opts: { fit: boolean; marks: () => Rect[] },
): StampPlan {
  const placed = stamps.map((s) => layout(frame, s));
  let scale = 1;
  let marks: Rect[] = [];
  if (opts.fit && placed.length) {
    // Only what shows counts: marks outside the visible box are clipped by every reader.
    marks = opts
      .marks()
      .map((m) => intersect(m, frame.box))
      .filter((m): m is Rect => m !== undefined);
    scale = scaleToClear(
      marks,
      frame.box,
      placed.map((p) => inflate(p.rect, GAP / frame.unit)),
    );
  }
  const box = frame.box;
  const tx = ((box[0] + box[2]) / 2) * (1 - scale);
  const ty = ((box[1] + box[3]) / 2) * (1 - scale);
  const before = scale < 1 ? `q ${num(scale)} 0 0 ${num(scale)} ${num(tx)} ${num(ty)} cm` : 'q';
  const c = new ContentBuilder().raw('Q');
  for (const p of placed) {
    const [x0, y0, x1, y1] = p.rect;
    c.rect(x0, y0, x1 - x0, y1 - y0, WHITE);
    c.text(font.resource, p.size, font.encode(p.stamp.label), p.origin.x, p.origin.y, INK, 0, frame.angle);
  }
  return { rects: placed.map((p) => p.rect), scale, tx, ty, marks, before, after: c.toString() };
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
  // Written without closures or arrays: it runs for every mark × stamp of every page.
  for (const content of marks)
    for (const r of keepOut) {
      // The mark scaled by s about the centre; skipped when it already clears the box.
      const x0 = cx + s * (content[0] - cx);
      const y0 = cy + s * (content[1] - cy);
      const x1 = cx + s * (content[2] - cx);
      const y1 = cy + s * (content[3] - cy);
      if (!(Math.max(x0, r[0]) < Math.min(x1, r[2]) && Math.max(y0, r[1]) < Math.min(y1, r[3]))) continue;
      // Each side: the factor at which the content's edge reaches the box's facing edge (only if the box lies
      // beyond the centre on that side, so shrinking moves the edge away from it).
      const right = r[0] > cx && content[2] > cx ? (r[0] - cx) / (content[2] - cx) : 0;
      const left = r[2] < cx && content[0] < cx ? (cx - r[2]) / (cx - content[0]) : 0;
      const top = r[1] > cy && content[3] > cy ? (r[1] - cy) / (content[3] - cy) : 0;
      const bottom = r[3] < cy && content[1] < cy ? (cy - r[3]) / (cy - content[1]) : 0;
      s = Math.min(s, Math.max(right, left, top, bottom));
    }
  // A hair smaller, so rounding in the content stream cannot leave a touching edge.
  return s < 1 ? Math.max(0.05, Math.floor(s * 1000) / 1000) : 1;
}
