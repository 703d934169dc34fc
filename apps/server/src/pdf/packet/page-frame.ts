/**
 * What a reader shows of a page (its visible box, user unit and rotation): read by the stamps and by the upload
 * check's page marks (page-marks.ts), which must not load the fonts the stamps are measured with.
 */
import type { RawPage, RawPdf } from '../raw/reader.ts';
import type { PdfValue } from '../raw/values.ts';
import type { Rect } from './content-bbox.ts';

/** What the reader shows of a page: CropBox ∩ MediaBox in user units, the user unit, /Rotate. */
export interface PageFrame {
  box: Rect;
  unit: number;
  angle: 0 | 90 | 180 | 270;
}

/** A rectangle from an array of four numbers (indirect numbers resolved), normalised so x0 < x1. */
export function rawRect(src: RawPdf, value: PdfValue | undefined): Rect | undefined {
  const arr = src.resolve(value);
  if (!Array.isArray(arr) || arr.length !== 4) return undefined;
  const n = arr.map((v) => src.resolve(v));
  if (!n.every((v) => typeof v === 'number' && Number.isFinite(v))) return undefined;
  const [a, b, c, d] = n as Rect;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

export function pageFrame(src: RawPdf, page: RawPage): PageFrame {
  // Boxes and /Rotate are inheritable (RawPage carries what the tree gives); CropBox defaults to MediaBox.
  const media = rawRect(src, page.dict.get('MediaBox') ?? page.inherited.MediaBox) ?? [0, 0, 612, 792];
  const crop = rawRect(src, page.dict.get('CropBox') ?? page.inherited.CropBox);
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
  const u = src.resolve(page.dict.get('UserUnit'));
  const unit = typeof u === 'number' && Number.isFinite(u) && u > 0 ? u : 1;
  const r = src.resolve(page.dict.get('Rotate') ?? page.inherited.Rotate);
  const raw = typeof r === 'number' && Number.isFinite(r) ? r : 0;
  const angle = ((((Math.round(raw / 90) * 90) % 360) + 360) % 360) as PageFrame['angle'];
  return { box, unit, angle };
}
