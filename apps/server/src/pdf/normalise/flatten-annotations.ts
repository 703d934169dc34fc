/**
 * Draws the printable annotations into their page (decision 0015), as a printer does (ISO 32000-1
 * § 12.5.5): the appearance's BBox, transformed by its Matrix, is fitted to /Rect. The output then
 * has no annotation at all: a widget left without its form (the AcroForm is not kept, and the
 * packet's copyPages drops it anyway) makes poppler warn, and every reader draws page content alike.
 */
import { PDFArray, type PDFContext, PDFDict, PDFName, PDFNumber, type PDFObject } from '@cantoo/pdf-lib';
import type { KeptAnnotation } from './annotations.ts';
import { readRect } from './page-geometry.ts';
import type { FoundPage } from './page-tree.ts';

type Matrix = [number, number, number, number, number, number];

function readMatrix(ctx: PDFContext, value: PDFObject | undefined): Matrix {
  const arr = value ? ctx.lookup(value) : undefined;
  if (arr instanceof PDFArray && arr.size() === 6) {
    const n = arr.asArray().map((v) => ctx.lookup(v));
    if (n.every((v) => v instanceof PDFNumber && Number.isFinite(v.asNumber()))) {
      return n.map((v) => (v as PDFNumber).asNumber()) as Matrix;
    }
  }
  return [1, 0, 0, 1, 0, 0];
}

const fmt = (v: number) => String(Math.round(v * 10000) / 10000);

/** The `cm` operands that fit the appearance's transformed BBox onto the annotation's /Rect. */
function placement(ctx: PDFContext, { annot, appearance }: KeptAnnotation): string | undefined {
  const rect = readRect(ctx, annot.get(PDFName.of('Rect')));
  const bbox = readRect(ctx, appearance.dict.get(PDFName.of('BBox')));
  if (!rect || !bbox) return undefined;
  const [a, b, c, d, e, f] = readMatrix(ctx, appearance.dict.get(PDFName.of('Matrix')));
  const corners = [
    [bbox[0], bbox[1]],
    [bbox[2], bbox[1]],
    [bbox[0], bbox[3]],
    [bbox[2], bbox[3]],
  ].map(([x, y]) => [a * x! + c * y! + e, b * x! + d * y! + f] as const);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (x1 - x0 <= 0 || y1 - y0 <= 0 || rect[2] - rect[0] <= 0 || rect[3] - rect[1] <= 0) return undefined;
  const sx = (rect[2] - rect[0]) / (x1 - x0);
  const sy = (rect[3] - rect[1]) / (y1 - y0);
  return [sx, 0, 0, sy, rect[0] - x0 * sx, rect[1] - y0 * sy].map(fmt).join(' ');
}

/** A page-own copy of a resource sub-dictionary (/XObject, /ExtGState), to add entries to. */
function ownSubDict(ctx: PDFContext, resources: PDFDict, key: string): PDFDict {
  const existing = ctx.lookup(resources.get(PDFName.of(key)));
  const copy = ctx.obj({});
  if (existing instanceof PDFDict) for (const [k, v] of existing.entries()) copy.set(k, v);
  resources.set(PDFName.of(key), copy);
  return copy;
}

/** Draws each page's kept annotations over its content. Returns how many were drawn. */
export function flattenAnnotations(
  ctx: PDFContext,
  pages: readonly FoundPage[],
  kept: readonly KeptAnnotation[][],
): number {
  let drawn = 0;
  for (const [index, { leaf }] of pages.entries()) {
    const list = kept[index] ?? [];
    if (list.length === 0) continue;
    // Resources may be shared with other pages (or inherited): this page gets its own copies.
    const oldResources = ctx.lookup(leaf.get(PDFName.of('Resources')));
    const resources = ctx.obj({});
    if (oldResources instanceof PDFDict) for (const [k, v] of oldResources.entries()) resources.set(k, v);
    leaf.set(PDFName.of('Resources'), resources);
    const xobjects = ownSubDict(ctx, resources, 'XObject');
    const states = ownSubDict(ctx, resources, 'ExtGState');
    let ops = '';
    for (const [i, item] of list.entries()) {
      const cm = placement(ctx, item);
      if (!cm) continue;
      const { annot, appearance, appearanceRef } = item;
      appearance.dict.set(PDFName.of('Type'), PDFName.of('XObject'));
      appearance.dict.set(PDFName.of('Subtype'), PDFName.of('Form'));
      const name = `DossierAnnot${i}`;
      xobjects.set(PDFName.of(name), appearanceRef);
      const ca = ctx.lookup(annot.get(PDFName.of('CA')));
      let gs = '';
      if (ca instanceof PDFNumber && ca.asNumber() < 1) {
        states.set(PDFName.of(`${name}GS`), ctx.obj({ CA: ca.asNumber(), ca: ca.asNumber() }));
        gs = `/${name}GS gs `;
      }
      ops += `q ${gs}${cm} cm /${name} Do Q\n`;
      drawn++;
    }
    if (!ops) continue;
    const contents = leaf.get(PDFName.of('Contents'));
    const resolved = contents ? ctx.lookup(contents) : undefined;
    const parts = resolved instanceof PDFArray ? resolved.asArray() : contents ? [contents] : [];
    // The page's own content may leave the graphics state changed: draw ours from a clean one.
    const open = ctx.register(ctx.stream('q\n'));
    const close = ctx.register(ctx.stream(`\nQ\n${ops}`));
    leaf.set(PDFName.of('Contents'), ctx.obj([open, ...parts, close]));
  }
  return drawn;
}
