import { isSafeHref, type TLetterDocument, withoutUnsafeLinks } from '@dossier/contract';

/** ProseMirror JSON as TipTap gives it (any node). */
export interface PmNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: PmNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

const mapTree = (node: PmNode, f: (n: PmNode) => PmNode): PmNode => {
  const mapped = f(node);
  return mapped.content ? { ...mapped, content: mapped.content.map((c) => mapTree(c, f)) } : mapped;
};

/** The contract's document → the editor's: a footnote's paragraphs move into its `note` attribute. */
export function toEditorDoc(doc: TLetterDocument): PmNode {
  return mapTree(doc as PmNode, (n) =>
    n.type === 'footnote' ? { type: 'footnote', attrs: { note: n.content ?? [] } } : n,
  );
}

/**
 * The editor's JSON → the contract's: footnotes get their paragraphs back; a link keeps its href only (TipTap adds
 * target, rel, class and title, which the server drops) and a link that is not http, https or mailto is dropped,
 * so a save is never refused for one (issue 27 item 10).
 */
export function fromEditorDoc(json: PmNode): TLetterDocument {
  const doc = mapTree(json, (n) => {
    if (n.type === 'footnote') {
      const note = Array.isArray(n.attrs?.note) ? (n.attrs.note as PmNode[]) : [];
      return { type: 'footnote', content: note.length > 0 ? note : [{ type: 'paragraph' }] };
    }
    let node = n;
    if (node.type === 'reference' && node.attrs) {
      // An unpinned reference stores its kind and id only (the editor keeps `pages: null`).
      const { pages, pinned_pages, ...attrs } = node.attrs;
      node = {
        ...node,
        attrs: { ...attrs, ...(pages ? { pages, pinned_pages: pinned_pages ?? null } : {}) },
      };
    }
    if (node.marks?.some((m) => m.type === 'link')) {
      const marks = node.marks.map((m) =>
        m.type === 'link' ? { type: 'link', attrs: { href: m.attrs?.href } } : m,
      );
      return { ...node, marks };
    }
    return node;
  });
  return withoutUnsafeLinks(doc) as TLetterDocument;
}

/**
 * What the editor's autolink may turn into a link: text naming http(s) or mailto, or a bare host or address
 * (TipTap then adds http:// or mailto:); never `ftp://…`, `tel:…` or another scheme TipTap knows.
 */
export const autoLinkable = (text: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(text) ? isSafeHref(text) : !/\s/.test(text) && text.includes('.');

/** The text of a document (footnotes included), for the empty check and the side-by-side comparison. */
export function documentText(doc: TLetterDocument): string {
  const out: string[] = [];
  const walk = (n: PmNode, block: boolean) => {
    if (n.type === 'text') out.push(n.text ?? '');
    else if (n.type === 'reference') out.push(`[${String(n.attrs?.kind)}]`);
    for (const c of n.content ?? []) walk(c, !['paragraph', 'heading'].includes(n.type));
    if (block && ['paragraph', 'heading'].includes(n.type)) out.push('\n');
  };
  walk(doc as PmNode, true);
  return out.join('').trim();
}

/** Whether a document holds no text and no reference (the petition letter cannot be saved empty). */
export const isEmptyDocument = (doc: TLetterDocument) => documentText(doc).trim() === '';
