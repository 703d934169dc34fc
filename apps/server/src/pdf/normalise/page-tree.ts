/**
 * Rebuilds the page tree from the pages actually found (decision 0015). The tree we were given may
 * loop back on itself, lie in /Count (9,999,999,999, or an indirect object), skip /Type or inherit
 * boxes and resources from any ancestor; readers disagree on all of these. We walk it once the way
 * a forgiving reader does (each node visited once, so a loop is cut where it closes), write the
 * inherited attributes on each page and hang the pages under one new root with an honest /Count.
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFPageLeaf,
  PDFPageTree,
  PDFRef,
} from '@cantoo/pdf-lib';

/** Entries a page inherits from its ancestors (ISO 32000-1 § 7.7.3.4). */
const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;

/** Deeper trees than this are cut: real writers use 2–5 levels, a chain of 10,000 is an attack. */
const MAX_DEPTH = 256;

export interface FoundPage {
  ref: PDFRef;
  leaf: PDFPageLeaf;
}

export interface PageTreeResult {
  pages: FoundPage[];
  /** Nodes skipped because they had already been visited (a loop, or a page listed twice). */
  loops: number;
  /** The walk stopped at this many pages (the caller's page limit + 1). */
  truncated: boolean;
}

type Inherited = Partial<Record<(typeof INHERITABLE)[number], PDFObject>>;

/**
 * Walks the tree from the catalog's /Pages in reading order. A page listed twice becomes a copy
 * (a page object can have only one /Parent), as readers show it twice.
 */
export function collectPages(doc: PDFDocument, stopAfter: number): PageTreeResult {
  const ctx = doc.context;
  const root = doc.catalog.get(PDFName.of('Pages'));
  const pages: FoundPage[] = [];
  const visitedNodes = new Set<PDFObject>();
  const seenLeaves = new Set<PDFObject>();
  let loops = 0;
  // Depth-first, in order: a stack of [node, inherited, depth], kids pushed in reverse.
  const stack: Array<[PDFObject | undefined, Inherited, number]> = [[root, {}, 0]];
  while (stack.length > 0) {
    if (pages.length >= stopAfter) return { pages, loops, truncated: true };
    const [item, inheritedFromParent, depth] = stack.pop()!;
    const ref = item instanceof PDFRef ? item : undefined;
    const node = ref ? ctx.lookup(ref) : item;
    if (!(node instanceof PDFDict)) continue;
    const kids = node.lookup(PDFName.of('Kids'));
    const type = node.lookup(PDFName.of('Type'));
    const isInner = kids instanceof PDFArray && !(type instanceof PDFName && type.asString() === '/Page');
    if (isInner) {
      if (visitedNodes.has(node) || depth >= MAX_DEPTH) {
        loops++;
        continue;
      }
      visitedNodes.add(node);
      const inherited = { ...inheritedFromParent, ...ownInheritable(node) };
      for (let i = kids.size() - 1; i >= 0; i--) stack.push([kids.get(i), inherited, depth + 1]);
      continue;
    }
    let leaf = toLeaf(doc, node);
    let leafRef = ref && ctx.lookup(ref) === node ? ref : undefined;
    if (seenLeaves.has(node) || !leafRef) {
      if (seenLeaves.has(node)) loops++;
      leaf = toLeaf(doc, node, true);
      leafRef = ctx.register(leaf);
    } else {
      seenLeaves.add(node);
      if (leaf !== node) ctx.assign(leafRef, leaf);
    }
    for (const key of INHERITABLE) {
      const value = inheritedFromParent[key];
      if (value !== undefined && !leaf.has(PDFName.of(key))) leaf.set(PDFName.of(key), value);
    }
    pages.push({ ref: leafRef, leaf });
  }
  return { pages, loops, truncated: false };
}

function ownInheritable(node: PDFDict): Inherited {
  const own: Inherited = {};
  for (const key of INHERITABLE) {
    const value = node.get(PDFName.of(key));
    if (value !== undefined) own[key] = value;
  }
  return own;
}

/** The page as a PDFPageLeaf (pdf-lib only builds one when /Type /Page is present). */
function toLeaf(doc: PDFDocument, node: PDFDict, copy = false): PDFPageLeaf {
  if (node instanceof PDFPageLeaf && !copy) return node;
  const leaf = PDFPageLeaf.fromMapWithContext(new Map(), doc.context);
  for (const [key, value] of node.entries()) leaf.set(key, value);
  leaf.set(PDFName.of('Type'), PDFName.of('Page'));
  return leaf;
}

/**
 * Hangs the pages under one new root with a direct /Count and makes the catalog point at it.
 * Old inner nodes are no longer referenced; compaction leaves them out of the output.
 */
export function rebuildPageTree(doc: PDFDocument, pages: readonly FoundPage[]): void {
  const ctx = doc.context;
  const rootRef = ctx.nextRef();
  const root = PDFPageTree.withContext(ctx);
  root.set(PDFName.of('Kids'), ctx.obj(pages.map((p) => p.ref)));
  root.set(PDFName.of('Count'), PDFNumber.of(pages.length));
  ctx.assign(rootRef, root);
  for (const { leaf } of pages) leaf.set(PDFName.of('Parent'), rootRef);
  doc.catalog.set(PDFName.of('Pages'), rootRef);
}
