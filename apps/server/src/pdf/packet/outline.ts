import {
  type PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  type PDFRef,
} from '@cantoo/pdf-lib';

export interface OutlineNode {
  title: string;
  /** 0-based page index in the final document. */
  pageIndex: number;
  children?: OutlineNode[];
}

/**
 * Writes the document outline (bookmarks). pdf-lib has no API for it, so the dictionaries are built by
 * hand (PDF 32000-1 §12.3.3). Titles are UTF-16 text strings, so Chinese titles show in every viewer.
 */
export function writeOutline(pdf: PDFDocument, nodes: OutlineNode[]): void {
  if (nodes.length === 0) return;
  const ctx = pdf.context;
  const pageRefs = pdf.getPages().map((p) => p.ref);
  const rootRef = ctx.nextRef();

  const build = (items: OutlineNode[], parent: PDFRef): { first: PDFRef; last: PDFRef; count: number } => {
    const refs = items.map(() => ctx.nextRef());
    let count = 0;
    items.forEach((item, i) => {
      const target = pageRefs[Math.min(item.pageIndex, pageRefs.length - 1)]!;
      const d = ctx.obj({
        Title: PDFHexString.fromText(item.title),
        Parent: parent,
        Dest: [target, PDFName.of('XYZ'), PDFNull, PDFNull, PDFNull],
      }) as PDFDict;
      if (i > 0) d.set(PDFName.of('Prev'), refs[i - 1]!);
      if (i < refs.length - 1) d.set(PDFName.of('Next'), refs[i + 1]!);
      count++;
      if (item.children?.length) {
        const sub = build(item.children, refs[i]!);
        d.set(PDFName.of('First'), sub.first);
        d.set(PDFName.of('Last'), sub.last);
        // Negative: children start closed, so a 40-exhibit outline stays readable.
        d.set(PDFName.of('Count'), PDFNumber.of(-sub.count));
      }
      ctx.assign(refs[i]!, d);
    });
    return { first: refs[0]!, last: refs[refs.length - 1]!, count };
  };

  const top = build(nodes, rootRef);
  ctx.assign(
    rootRef,
    ctx.obj({
      Type: PDFName.of('Outlines'),
      First: top.first,
      Last: top.last,
      Count: PDFNumber.of(top.count),
    }),
  );
  pdf.catalog.set(PDFName.of('Outlines'), rootRef);
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}
