/**
 * The last step before writing (decision 0015): keep only what the pages need and number it 1…n.
 * Readers store object numbers in 32-bit integers ("integer out of range" at 2^31), so the output is
 * renumbered whatever the input used; objects nothing reaches (old page-tree nodes, dropped
 * annotations, outlines, structure trees, object and xref streams of the input) are left out, and
 * references to missing or unparseable objects become null, as the spec says readers treat them.
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNull,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';

/** What the catalog keeps: the pages, optional-content visibility (hidden layers stay hidden), language. */
const CATALOG_KEYS = new Set(['Type', 'Pages', 'OCProperties', 'Lang'].map((k) => PDFName.of(k)));
/** What a page keeps: what it draws and how (Group: transparency blending), and its kept annotations. */
const PAGE_KEYS = new Set(
  ['Type', 'Parent', 'Resources', 'MediaBox', 'Contents', 'Rotate', 'Group', 'Annots'].map((k) =>
    PDFName.of(k),
  ),
);
const INFO_KEYS = [
  'Title',
  'Author',
  'Subject',
  'Keywords',
  'Creator',
  'Producer',
  'CreationDate',
  'ModDate',
];

export interface CompactReport {
  objects: number;
  /** References to objects that were missing or could not be parsed, written as null. */
  nulled: number;
}

/** Drops catalog and page entries a printed packet does not use, and keeps only text in /Info. */
export function pruneDocument(doc: PDFDocument, pageLeaves: readonly PDFDict[]): void {
  const ctx = doc.context;
  for (const key of doc.catalog.keys()) if (!CATALOG_KEYS.has(key)) doc.catalog.delete(key);
  for (const leaf of pageLeaves) for (const key of leaf.keys()) if (!PAGE_KEYS.has(key)) leaf.delete(key);
  const oldInfo = ctx.lookup(ctx.trailerInfo.Info);
  ctx.trailerInfo.Info = undefined;
  if (!(oldInfo instanceof PDFDict)) return;
  const info = ctx.obj({});
  for (const key of INFO_KEYS) {
    const value = ctx.lookup(oldInfo.get(PDFName.of(key)));
    if (value instanceof PDFString || value instanceof PDFHexString) info.set(PDFName.of(key), value);
  }
  if (info.keys().length) ctx.trailerInfo.Info = ctx.register(info);
}

/** Walks from the trailer, renumbers what it reaches 1…n in that order, and drops the rest. */
export function compact(doc: PDFDocument): CompactReport {
  const ctx = doc.context;
  const newRefs = new Map<PDFRef, PDFRef>();
  const order: PDFRef[] = [];
  let nulled = 0;
  const renumber = (ref: PDFRef): PDFObject => {
    const known = newRefs.get(ref);
    if (known) return known;
    const target = ctx.lookup(ref);
    if (target === undefined || target === PDFNull || target instanceof PDFInvalidObject) {
      nulled++;
      return PDFNull;
    }
    const fresh = PDFRef.of(order.length + 1, 0);
    newRefs.set(ref, fresh);
    order.push(ref);
    return fresh;
  };

  const { Root, Info } = ctx.trailerInfo;
  const root = Root instanceof PDFRef ? renumber(Root) : PDFNull;
  const info = Info instanceof PDFRef ? renumber(Info) : PDFNull;
  // A container is rewritten once: after that it holds new references, which must not be mapped again.
  const rewritten = new Set<PDFObject>();
  for (let i = 0; i < order.length; i++) {
    const stack: PDFObject[] = [ctx.lookup(order[i]!)!];
    while (stack.length > 0) {
      const obj = stack.pop()!;
      const container = obj instanceof PDFStream ? obj.dict : obj;
      if (!(container instanceof PDFDict || container instanceof PDFArray) || rewritten.has(container))
        continue;
      rewritten.add(container);
      if (container instanceof PDFDict) {
        for (const [key, value] of container.entries()) {
          if (value instanceof PDFRef) container.set(key, renumber(value));
          else stack.push(value);
        }
      } else {
        for (let k = 0; k < container.size(); k++) {
          const value = container.get(k);
          if (value instanceof PDFRef) container.set(k, renumber(value));
          else stack.push(value);
        }
      }
    }
  }

  const kept = order.map((old, i) => [PDFRef.of(i + 1, 0), ctx.lookup(old)!] as const);
  for (const [ref] of ctx.enumerateIndirectObjects()) ctx.delete(ref);
  for (const [ref, obj] of kept) ctx.assign(ref, obj);
  ctx.largestObjectNumber = kept.length;
  ctx.trailerInfo.Root = root instanceof PDFRef ? root : undefined;
  ctx.trailerInfo.Info = info instanceof PDFRef ? info : undefined;
  ctx.trailerInfo.Encrypt = undefined;
  const id = ctx.lookup(ctx.trailerInfo.ID);
  ctx.trailerInfo.ID =
    id instanceof PDFArray && id.asArray().every((v) => v instanceof PDFHexString || v instanceof PDFString)
      ? id
      : undefined;
  return { objects: kept.length, nulled };
}
