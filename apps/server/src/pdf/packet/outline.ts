import { dict, name, type PdfRef, PdfString } from '../raw/values.ts';
import type { PdfWriter } from '../raw/writer.ts';
import type { PacketSection } from './packet.types.ts';

export interface OutlineNode {
  title: string;
  /** 0-based page index in the final document. */
  pageIndex: number;
  children?: OutlineNode[];
}

/**
 * Writes the document outline (bookmarks, PDF 32000-1 §12.3.3) and returns its root, for the catalog's
 * /Outlines. Titles are UTF-16 text strings, so Chinese titles show in every viewer.
 */
export function writeOutline(w: PdfWriter, pageRefs: PdfRef[], nodes: OutlineNode[]): PdfRef | undefined {
  if (nodes.length === 0 || pageRefs.length === 0) return undefined;
  const rootRef = w.alloc();

  const build = (items: OutlineNode[], parent: PdfRef): { first: PdfRef; last: PdfRef; count: number } => {
    const refs = items.map(() => w.alloc());
    items.forEach((item, i) => {
      const target = pageRefs[Math.min(item.pageIndex, pageRefs.length - 1)]!;
      const d = dict({
        Title: PdfString.text(item.title),
        Parent: parent,
        Dest: [target, name('XYZ'), null, null, null],
        Prev: i > 0 ? refs[i - 1] : undefined,
        Next: i < refs.length - 1 ? refs[i + 1] : undefined,
      });
      if (item.children?.length) {
        const sub = build(item.children, refs[i]!);
        d.set('First', sub.first);
        d.set('Last', sub.last);
        // Negative: children start closed, so a 40-exhibit outline stays readable.
        d.set('Count', -sub.count);
      }
      w.set(refs[i]!, d);
    });
    return { first: refs[0]!, last: refs[refs.length - 1]!, count: items.length };
  };

  const top = build(nodes, rootRef);
  w.set(rootRef, dict({ Type: '/Outlines', First: top.first, Last: top.last, Count: top.count }));
  return rootRef;
}

/**
 * The bookmarks of a packet from its sections, listed flat in packet order (assemble-packet.ts): the cover, the
 * forms under one heading, the petition letter, the exhibit list, the exhibits and the letters each under a
 * heading, the plan with its attachments. The API's outline is the same tree (packet.build.ts).
 */
export function packetOutline(
  sections: PacketSection[],
  counts: { forms: number; exhibits: number; letters: number },
  headings: { forms: string; exhibits: string; letters: string },
): OutlineNode[] {
  const node = (s: PacketSection): OutlineNode => ({
    title: s.title,
    pageIndex: s.firstPage - 1,
    ...(s.children?.length ? { children: s.children.map(node) } : {}),
  });
  const [cover, ...rest] = sections.map(node);
  const forms = rest.splice(0, counts.forms);
  const [petition, list, ...tail] = rest;
  const exhibits = tail.splice(0, counts.exhibits);
  const letters = tail.splice(0, counts.letters);
  const group = (title: string, children: OutlineNode[]): OutlineNode[] =>
    children.length ? [{ title, pageIndex: children[0]!.pageIndex, children }] : [];
  return [
    cover!,
    ...group(headings.forms, forms),
    petition!,
    list!,
    ...group(headings.exhibits, exhibits),
    ...group(headings.letters, letters),
    ...tail,
  ];
}
