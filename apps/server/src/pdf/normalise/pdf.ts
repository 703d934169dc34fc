/**
 * PDFs pass through without rasterising (decision 0003), rebuilt so every reader opens them the same
 * way (decision 0015): checked against the work budget on the raw bytes, opened (pdf-lib, qpdf-wasm
 * as second opinion), page tree rebuilt from the pages found, annotations a printed packet cannot
 * use dropped, page geometry made plain, everything the pages do not reach left out, objects
 * renumbered 1…n, image and stream sizes measured through every filter, content streams read as
 * operators (decision 0053), and written with a classic xref table.
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { filterAnnotations } from './annotations.ts';
import { MAX_IMAGE_PIXELS, MAX_INFLATED_BYTES, MAX_OBJECT_STREAM_BYTES, preflight } from './budget.ts';
import { compact, pruneDocument } from './compact.ts';
import { flattenAnnotations } from './flatten-annotations.ts';
import { type ImageSize, imageOverBudget } from './image-budget.ts';
import type { TooLargeReason } from './messages.ts';
import { settleGeometry } from './page-geometry.ts';
import { collectPages, rebuildPageTree } from './page-tree.ts';
import { openPdf } from './pdf-open.ts';
import { checkStreams } from './stream-budget.ts';
// pdf-lib's writer: node:zlib and block copies (decision 0043).
import '../pdf-lib-writer.ts';

export interface PdfLimits {
  maxPages: number;
  maxObjects: number;
  maxAnnotations: number;
  maxImageBytes: number;
}

export type PdfRefusal =
  | { code: 'password_protected' | 'damaged' }
  | { code: 'too_many_pages'; actual: number }
  | { code: 'page_size'; page: number; width: number; height: number }
  | {
      code: 'too_large';
      reason: TooLargeReason;
      actual: number;
      limit: number;
      width?: number;
      height?: number;
    };

export type PdfOutcome = { ok: true; pdf: Uint8Array; pageCount: number } | ({ ok: false } & PdfRefusal);

export async function normalisePdf(bytes: Uint8Array, lim: PdfLimits, notes: string[]): Promise<PdfOutcome> {
  const pre = await preflight(bytes, lim.maxObjects);
  if (pre.objects > lim.maxObjects) {
    return { ok: false, code: 'too_large', reason: 'objects', actual: pre.objects, limit: lim.maxObjects };
  }
  if (pre.objectStreamBytes > MAX_OBJECT_STREAM_BYTES) {
    return {
      ok: false,
      code: 'too_large',
      reason: 'inflated',
      actual: pre.objectStreamBytes,
      limit: MAX_OBJECT_STREAM_BYTES,
    };
  }
  const opened = await openPdf(bytes, notes);
  if (!opened.ok) return opened;
  const { doc } = opened;
  const ctx = doc.context;

  const found = collectPages(doc, Number.POSITIVE_INFINITY);
  const pages = found.pages;
  if (pages.length === 0) return { ok: false, code: 'damaged' };
  if (pages.length > lim.maxPages) return { ok: false, code: 'too_many_pages', actual: pages.length };
  if (found.loops) notes.push(`page tree rebuilt: ${found.loops} looping or repeated node(s) skipped`);
  rebuildPageTree(doc, pages);

  const annots = filterAnnotations(ctx, pages);
  const limit = lim.maxAnnotations;
  if (annots.total > limit) {
    return { ok: false, code: 'too_large', reason: 'annotations', actual: annots.total, limit };
  }
  if (annots.dropped) {
    notes.push(`${annots.dropped} annotation(s) that print nothing dropped (links, empty fields, pop-ups…)`);
  }
  const drawn = flattenAnnotations(ctx, pages, annots.kept);
  if (drawn)
    notes.push(`${drawn} printable annotation(s) drawn into the page (stamps, marks, filled fields)`);

  const geometry = settleGeometry(ctx, pages);
  if (geometry.absurd) return { ok: false, code: 'page_size', ...geometry.absurd };
  notes.push(...geometry.notes);

  notes.push(...droppedFeatures(doc));
  pruneDocument(
    doc,
    pages.map((p) => p.leaf),
  );
  const kept = compact(doc);
  if (kept.nulled) notes.push(`${kept.nulled} reference(s) to missing or unreadable objects written as null`);

  const tooLargeImage = ({ width, height, bytes: actual }: ImageSize): PdfOutcome => {
    return { ok: false, code: 'too_large', reason: 'image', actual, limit: lim.maxImageBytes, width, height };
  };
  const image = await imageOverBudget(ctx, lim.maxImageBytes, MAX_IMAGE_PIXELS);
  if (image) return 'over' in image ? tooLargeImage(image.over) : { ok: false, code: 'damaged' };
  const streams = await checkStreams(
    ctx,
    pages.map((p) => p.leaf),
    { inflated: MAX_INFLATED_BYTES, imageBytes: lim.maxImageBytes, imagePixels: MAX_IMAGE_PIXELS },
  );
  const refusal = streams.refusal;
  if (refusal?.code === 'damaged') return { ok: false, code: 'damaged' };
  if (refusal?.reason === 'image') return tooLargeImage(refusal.size);
  if (refusal) {
    const limit = MAX_INFLATED_BYTES;
    return { ok: false, code: 'too_large', reason: 'inflated', actual: streams.inflated, limit };
  }
  if (streams.repaired) notes.push(`${streams.repaired} corrupt stream(s) cut to the part that decodes`);

  try {
    // Classic xref, no object streams: pdf-lib's object-stream writer is quadratic in the object
    // count (15 s for 65,000 objects), and every reader reads a classic table.
    const pdf = await doc.save({
      useObjectStreams: false,
      addDefaultPage: false,
      updateFieldAppearances: false,
      objectsPerTick: 2000,
    });
    return { ok: true, pdf, pageCount: pages.length };
  } catch {
    return { ok: false, code: 'damaged' };
  }
}

/** Notes for what the pruned catalog loses that a user could notice. */
function droppedFeatures(doc: PDFDocument): string[] {
  const cat = doc.catalog;
  const notes: string[] = [];
  const open = cat.lookup(PDFName.of('OpenAction'));
  const names = cat.lookup(PDFName.of('Names'));
  const hasJs = names instanceof PDFDict && names.has(PDFName.of('JavaScript'));
  const activeOpen = open instanceof PDFDict && open.get(PDFName.of('S')) !== PDFName.of('GoTo');
  if (activeOpen || cat.has(PDFName.of('AA')) || hasJs)
    notes.push('document-level actions / JavaScript removed');
  const acro = cat.lookup(PDFName.of('AcroForm'));
  if (acro instanceof PDFDict) {
    if (acro.has(PDFName.of('XFA'))) notes.push('XFA form data dropped; the static page content is kept');
    const fields = acro.lookup(PDFName.of('Fields'));
    if (fields instanceof PDFArray && fields.size() > 0) {
      notes.push('form fields kept as printed (drawn into the page), no longer editable');
    }
  }
  return notes;
}
