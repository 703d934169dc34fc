/**
 * Flattening a form written by the filler (decision 0044): each widget's current appearance is drawn into its
 * page as a form XObject placed on the widget's rectangle (PDF 32000-1 §12.5.5: the appearance's /BBox, through
 * its /Matrix, fitted to /Rect), the widgets leave the pages and the AcroForm leaves the catalog.
 */
import { num } from '../raw/document.ts';
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, type PdfValue } from '../raw/values.ts';
import type { PdfWriter } from '../raw/writer.ts';

type Get = (v: PdfValue | undefined) => PdfObject | undefined;

export function flattenWidgets(w: PdfWriter, catalog: PdfDict): void {
  const get: Get = (v) => (v instanceof PdfRef ? w.get(v) : v);
  const numbers = (v: PdfValue | undefined) => {
    const a = get(v);
    return Array.isArray(a) && a.every((x) => typeof get(x) === 'number')
      ? (a.map((x) => get(x)) as number[])
      : undefined;
  };
  const seen = new Set<number>();
  const pages: PdfDict[] = [];
  const walk = (v: PdfValue | undefined, depth: number) => {
    if (!(v instanceof PdfRef) || seen.has(v.num) || depth > 64) return;
    seen.add(v.num);
    const node = get(v);
    if (!(node instanceof PdfDict)) return;
    const kids = get(node.get('Kids'));
    if (Array.isArray(kids)) for (const k of kids) walk(k, depth + 1);
    else pages.push(node);
  };
  walk(catalog.get('Pages'), 0);

  const open = w.add(new PdfStream(new PdfDict(), Buffer.from('q', 'latin1')));
  for (const page of pages) {
    const annots = get(page.get('Annots'));
    if (!Array.isArray(annots)) continue;
    const kept: PdfValue[] = [];
    const draws: string[] = [];
    const xobjects: Array<[string, PdfRef]> = [];
    for (const a of annots) {
      const d = get(a);
      if (!(d instanceof PdfDict) || d.name('Subtype') !== 'Widget') {
        kept.push(a);
        continue;
      }
      const flags = get(d.get('F'));
      const hidden = typeof flags === 'number' && (flags & 2) !== 0;
      const ap = appearance(get, d);
      const rect = numbers(d.get('Rect'));
      if (hidden || !ap || !rect || rect.length !== 4) continue;
      const stream = get(ap) as PdfStream;
      const bbox = numbers(stream.dict.get('BBox')) ?? [0, 0, 1, 1];
      const m = numbers(stream.dict.get('Matrix')) ?? [1, 0, 0, 1, 0, 0];
      // The BBox through the Matrix, then that box fitted onto the Rect.
      const xs: number[] = [];
      const ys: number[] = [];
      for (const [x, y] of [
        [bbox[0]!, bbox[1]!],
        [bbox[2]!, bbox[1]!],
        [bbox[0]!, bbox[3]!],
        [bbox[2]!, bbox[3]!],
      ] as const) {
        xs.push(m[0]! * x + m[2]! * y + m[4]!);
        ys.push(m[1]! * x + m[3]! * y + m[5]!);
      }
      const [bx0, bx1, by0, by1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      const [rx0, ry0, rx1, ry1] = [
        Math.min(rect[0]!, rect[2]!),
        Math.min(rect[1]!, rect[3]!),
        Math.max(rect[0]!, rect[2]!),
        Math.max(rect[1]!, rect[3]!),
      ];
      const sx = bx1 > bx0 ? (rx1 - rx0) / (bx1 - bx0) : 1;
      const sy = by1 > by0 ? (ry1 - ry0) / (by1 - by0) : 1;
      const key = `FlatWidget${xobjects.length}`;
      xobjects.push([key, ap]);
      draws.push(`q ${num(sx)} 0 0 ${num(sy)} ${num(rx0 - bx0 * sx)} ${num(ry0 - by0 * sy)} cm /${key} Do Q`);
    }
    if (kept.length) page.set('Annots', kept);
    else page.delete('Annots');
    if (!draws.length) continue;
    const res = get(page.get('Resources'));
    const resources = new PdfDict(res instanceof PdfDict ? res.map : []);
    const xo = get(resources.get('XObject'));
    const xdict = new PdfDict(xo instanceof PdfDict ? xo.map : []);
    for (const [k, ref] of xobjects) xdict.set(k, ref);
    resources.set('XObject', xdict);
    page.set('Resources', resources);
    const contents = get(page.get('Contents'));
    const refs = Array.isArray(contents)
      ? contents
      : page.get('Contents') instanceof PdfRef
        ? [page.get('Contents')!]
        : [];
    page.set('Contents', [open, ...refs, w.add(w.flate(`Q\n${draws.join('\n')}`))]);
  }
  catalog.delete('AcroForm');
}

/** The widget's normal appearance stream: /AP /N, or for a button the state /AS names. */
function appearance(get: Get, widget: PdfDict): PdfRef | undefined {
  const ap = get(widget.get('AP'));
  if (!(ap instanceof PdfDict)) return undefined;
  const n = ap.get('N');
  if (n instanceof PdfRef && get(n) instanceof PdfStream) return n;
  const states = get(n);
  if (!(states instanceof PdfDict)) return undefined;
  const as = widget.get('AS');
  const state = as instanceof PdfName ? states.get(as.name) : undefined;
  return state instanceof PdfRef && get(state) instanceof PdfStream ? state : undefined;
}
