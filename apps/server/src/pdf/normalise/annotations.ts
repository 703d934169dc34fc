/**
 * Keeps only the annotations a printed packet shows (decision 0015): those with the Print flag, not
 * hidden, with a normal appearance stream, and of a kind that marks the page (stamps, highlights,
 * ink, filled-in widgets…). Links, pop-ups, media, attachments and anything without an appearance
 * go: on paper they do nothing, and 65,000 of them cost seconds and hundreds of MB downstream. The customer's
 * text markup (highlight, underline, strike-out, squiggle) is kept without the Print flag too, and drawn from its
 * quadrilaterals when it has no appearance (markup-appearance.ts).
 * The ones kept are drawn into the page (flatten-annotations.ts), so the output has none at all.
 */
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib';
import { MARKUP_KINDS, markupAppearance } from './markup-appearance.ts';
import type { FoundPage } from './page-tree.ts';

/** Interactive or non-marking kinds: never printed as part of the page. */
const DROPPED_KINDS = new Set(
  ['Link', 'Popup', 'Screen', 'Movie', 'Sound', 'RichMedia', '3D', 'FileAttachment', 'Projection'].map((k) =>
    PDFName.of(k),
  ),
);

const FLAG_HIDDEN = 1 << 1;
const FLAG_PRINT = 1 << 2;
const FLAG_NOVIEW = 1 << 5;

export interface KeptAnnotation {
  annot: PDFDict;
  /** The appearance drawn: /AP /N, or the state of /AP /N named by /AS (streams are indirect). */
  appearance: PDFStream;
  appearanceRef: PDFRef;
}

export interface AnnotationReport {
  /** Per page (same order as the pages), the annotations to draw. */
  kept: KeptAnnotation[][];
  total: number;
  dropped: number;
}

/** The appearance a printer would draw, or undefined when the annotation prints nothing. */
function printedAppearance(ctx: PDFContext, annot: PDFDict): PDFRef | undefined {
  const asStream = (v: PDFObject | undefined) =>
    v instanceof PDFRef && ctx.lookup(v) instanceof PDFStream ? v : undefined;
  const subtype = ctx.lookup(annot.get(PDFName.of('Subtype')));
  if (!(subtype instanceof PDFName) || DROPPED_KINDS.has(subtype)) return undefined;
  const kind = subtype.decodeText();
  // The customer's own text markup prints whatever its Print flag says (markup-appearance.ts).
  const markup = MARKUP_KINDS.has(kind);
  const flags = ctx.lookup(annot.get(PDFName.of('F')));
  const f = flags instanceof PDFNumber ? flags.asNumber() : 0;
  if ((!(f & FLAG_PRINT) && !markup) || f & FLAG_HIDDEN || f & FLAG_NOVIEW) return undefined;
  const ap = ctx.lookup(annot.get(PDFName.of('AP')));
  if (!(ap instanceof PDFDict)) return markup ? markupAppearance(ctx, annot, kind) : undefined;
  const n = ap.get(PDFName.of('N'));
  if (asStream(n)) return asStream(n);
  // A state dictionary (checkboxes, radio buttons): the state in /AS names the stream.
  const normal = ctx.lookup(n);
  const state = ctx.lookup(annot.get(PDFName.of('AS')));
  if (!(normal instanceof PDFDict) || !(state instanceof PDFName)) return undefined;
  return asStream(normal.get(state));
}

/** Sorts every page's /Annots into what prints and what does not, and removes /Annots. */
export function filterAnnotations(ctx: PDFContext, pages: readonly FoundPage[]): AnnotationReport {
  const report: AnnotationReport = { kept: [], total: 0, dropped: 0 };
  for (const { leaf } of pages) {
    const annots = ctx.lookup(leaf.get(PDFName.of('Annots')));
    leaf.delete(PDFName.of('Annots'));
    const kept: KeptAnnotation[] = [];
    report.kept.push(kept);
    if (!(annots instanceof PDFArray)) continue;
    const seen = new Set<PDFDict>();
    for (const item of annots.asArray()) {
      const annot = ctx.lookup(item);
      const ref = annot instanceof PDFDict && !seen.has(annot) ? printedAppearance(ctx, annot) : undefined;
      if (!ref || !(annot instanceof PDFDict)) {
        report.dropped++;
        continue;
      }
      seen.add(annot);
      kept.push({ annot, appearance: ctx.lookup(ref) as PDFStream, appearanceRef: ref });
    }
    report.total += kept.length;
  }
  return report;
}
