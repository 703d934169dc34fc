import { z } from 'zod';

/**
 * Rich-text documents (petition letter, recommendation letters, US plan) as the TipTap/ProseMirror editor stores
 * them: `{ type: 'doc', content: [...] }`. The server renders them to PDF (apps/server/src/pdf/letter).
 *
 * Hostile input is refused before the recursive schema runs: `ZLetterDocument` first walks the JSON iteratively
 * and rejects anything deeper than `DOCUMENT_LIMITS.maxDepth`, with more than `maxNodes` nodes or more than
 * `maxTotalText` characters, so a 100,000-level nesting cannot blow the stack.
 */
export const DOCUMENT_LIMITS = {
  /** JSON nesting depth (objects + arrays). A list nested 6 deep inside a table cell stays well below it. */
  maxDepth: 48,
  /** Nodes (objects) in one document. A 40-page letter has ~3,000. */
  maxNodes: 50_000,
  /** Characters in one text node. */
  maxTextLength: 20_000,
  /** Characters of text in the whole document (a 40-page letter has ~100,000). */
  maxTotalText: 1_000_000,
  /** Children of one node. */
  maxChildren: 5_000,
  /** Columns a table cell may span. */
  maxColspan: 20,
  maxIdLength: 100,
  maxUrlLength: 2_000,
} as const;

const L = DOCUMENT_LIMITS;

// ---- marks ----------------------------------------------------------------------------------------------

/**
 * A link goes to an http, https or mailto address, spelled as it is: the scheme first (no space, control or
 * invisible character before it), then at least one character and no white space or control character
 * anywhere. What a browser would read as another scheme (` javascript:`, `java\tscript:`, `&#106;avascript:`)
 * does not start with one of these three, so it is refused; relative links, `data:`, `file:`, `ftp:` too
 * (issue 27 item 10, decision 0049).
 */
const SAFE_HREF = /^(?:https?:\/\/|mailto:)[^\s\p{Cc}]+$/iu;
export const isSafeHref = (href: unknown): href is string =>
  typeof href === 'string' && href.length <= L.maxUrlLength && SAFE_HREF.test(href);

// Objects are zod's default (unknown keys dropped), not loose: an attribute the contract does not name
// (onclick, style, class, target…) is not stored, whatever sent it.
export const ZMark = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({ type: z.literal('underline') }),
  z.object({
    type: z.literal('link'),
    attrs: z.object({
      href: z
        .string()
        .max(L.maxUrlLength)
        .refine(isSafeHref, { message: 'a link must be http, https or mailto' }),
    }),
  }),
]);
export type TMark = z.infer<typeof ZMark>;

// ---- inline nodes ---------------------------------------------------------------------------------------

export const ZTextNode = z.object({
  type: z.literal('text'),
  text: z.string().min(1).max(L.maxTextLength),
  marks: z.array(ZMark).max(8).optional(),
});
export type TTextNode = z.infer<typeof ZTextNode>;

export const ZHardBreak = z.object({ type: z.literal('hardBreak') });

export const ZReferenceKind = z.enum(['exhibit', 'letter']);
export type TReferenceKind = z.infer<typeof ZReferenceKind>;

/** The highest page a pin may name (a claim bound to pages of an exhibit, issue 31 item 2). */
export const PIN_PAGE_MAX = 2000;

/**
 * Pages of the cited exhibit or letter a reference pins ("Exhibit 4, pp. 3–5"): 1-based pages as the packet stamps
 * them ("Exhibit 4 - p. i of n": the tab page is p. 1), so a pin follows reorders (the number comes from the
 * numbering, the pages are the exhibit's own).
 */
export const ZPagePin = z
  .object({
    from: z.number().int().min(1).max(PIN_PAGE_MAX),
    to: z.number().int().min(1).max(PIN_PAGE_MAX),
  })
  .refine((p) => p.from <= p.to, { message: 'a pin runs from a page to the same or a later one' });
export type TPagePin = z.infer<typeof ZPagePin>;

/**
 * Atom pointing at an exhibit or a recommendation letter; its number is computed at render time. `pages` pins
 * pages of it; `pinned_pages` is its stamped page count when the pin was set (a re-upload that changes it flags
 * the pin; null when it was not known).
 */
export const ZReferenceNode = z.object({
  type: z.literal('reference'),
  attrs: z.object({
    kind: ZReferenceKind,
    id: z.string().min(1).max(L.maxIdLength),
    pages: ZPagePin.nullish(),
    pinned_pages: z.number().int().min(1).max(100_000).nullish(),
  }),
  marks: z.array(ZMark).max(8).optional(),
});
export type TReferenceNode = z.infer<typeof ZReferenceNode>;

/**
 * THE label of a reference with its pin: "Exhibit 4" → "Exhibit 4, p. 3" / "Exhibit 4, pp. 3–5". Every output
 * prints a pinned reference through this one function: the previews, the comparison and the packet in English
 * (server: packet-documents.ts `referenceLabel`; the letter is English), the editor's chip in the UI language as
 * its number already is (decision 0064: "证据 4，第 3–5 页").
 */
export function pinnedLabel(
  label: string,
  pages: TPagePin | null | undefined,
  locale: 'zh' | 'en' = 'en',
): string {
  if (!pages) return label;
  const one = pages.from === pages.to;
  if (locale === 'zh') return `${label}，第 ${one ? pages.from : `${pages.from}\u2013${pages.to}`} 页`;
  return one ? `${label}, p. ${pages.from}` : `${label}, pp. ${pages.from}\u2013${pages.to}`;
}

/** Inline content allowed inside a footnote: no nested footnotes. */
export const ZNoteInline = z.discriminatedUnion('type', [ZTextNode, ZHardBreak, ZReferenceNode]);
export type TNoteInline = z.infer<typeof ZNoteInline>;

export const ZNoteParagraph = z.object({
  type: z.literal('paragraph'),
  content: z.array(ZNoteInline).max(L.maxChildren).optional(),
});

/** Footnote: inline node whose content is paragraphs; rendered as a superscript number + note at page bottom. */
export const ZFootnoteNode = z.object({
  type: z.literal('footnote'),
  content: z.array(ZNoteParagraph).min(1).max(50),
});
export type TFootnoteNode = z.infer<typeof ZFootnoteNode>;

export const ZInline = z.discriminatedUnion('type', [ZTextNode, ZHardBreak, ZReferenceNode, ZFootnoteNode]);
export type TInline = z.infer<typeof ZInline>;

// ---- blocks ---------------------------------------------------------------------------------------------

const inlineContent = z.array(ZInline).max(L.maxChildren).optional();

export const ZParagraph = z.object({
  type: z.literal('paragraph'),
  attrs: z.object({ textAlign: z.enum(['left', 'center', 'right', 'justify']).nullish() }).optional(),
  content: inlineContent,
});
export type TParagraph = z.infer<typeof ZParagraph>;

export const ZHeading = z.object({
  type: z.literal('heading'),
  attrs: z.object({ level: z.union([z.literal(1), z.literal(2), z.literal(3)]) }),
  content: inlineContent,
});
export type THeading = z.infer<typeof ZHeading>;

export const ZHorizontalRule = z.object({ type: z.literal('horizontalRule') });
export const ZPageBreak = z.object({ type: z.literal('pageBreak') });

export interface TListItem {
  type: 'listItem';
  content: TFlowBlock[];
}
export interface TBulletList {
  type: 'bulletList';
  content: TListItem[];
}
export interface TOrderedList {
  type: 'orderedList';
  attrs?: { start?: number | null | undefined } | undefined;
  content: TListItem[];
}
export interface TBlockquote {
  type: 'blockquote';
  content: TBlock[];
}
export interface TTableCell {
  type: 'tableCell' | 'tableHeader';
  attrs?: { colspan?: number | undefined; rowspan?: number | undefined } | undefined;
  content: TFlowBlock[];
}
export interface TTableRow {
  type: 'tableRow';
  content: TTableCell[];
}
export interface TTable {
  type: 'table';
  content: TTableRow[];
}
/** Blocks allowed inside list items and table cells (no tables, no page breaks there). */
export type TFlowBlock =
  | TParagraph
  | THeading
  | TBulletList
  | TOrderedList
  | TBlockquote
  | { type: 'horizontalRule' };
export type TBlock = TFlowBlock | TTable | { type: 'pageBreak' };

// Recursive schemas need explicit types (zod cannot infer through z.lazy); the interfaces above are the
// inferred shape written out once, and `satisfies`-style annotations keep the two in step.
export const ZListItem: z.ZodType<TListItem> = z.lazy(() =>
  z.object({ type: z.literal('listItem'), content: z.array(ZFlowBlock).min(1).max(L.maxChildren) }),
);
export const ZBulletList: z.ZodType<TBulletList> = z.lazy(() =>
  z.object({ type: z.literal('bulletList'), content: z.array(ZListItem).min(1).max(L.maxChildren) }),
);
export const ZOrderedList: z.ZodType<TOrderedList> = z.lazy(() =>
  z.object({
    type: z.literal('orderedList'),
    attrs: z.object({ start: z.number().int().min(0).max(100_000).nullish() }).optional(),
    content: z.array(ZListItem).min(1).max(L.maxChildren),
  }),
);
export const ZBlockquote: z.ZodType<TBlockquote> = z.lazy(() =>
  z.object({ type: z.literal('blockquote'), content: z.array(ZBlock).min(1).max(L.maxChildren) }),
);
export const ZTableCell: z.ZodType<TTableCell> = z.lazy(() =>
  z.object({
    type: z.enum(['tableCell', 'tableHeader']),
    attrs: z
      .object({
        colspan: z.number().int().min(1).max(L.maxColspan).optional(),
        rowspan: z.number().int().min(1).max(1).optional(),
      })
      .optional(),
    content: z.array(ZFlowBlock).min(1).max(L.maxChildren),
  }),
);
export const ZTableRow: z.ZodType<TTableRow> = z.object({
  type: z.literal('tableRow'),
  content: z.array(ZTableCell).min(1).max(50),
});
export const ZTable: z.ZodType<TTable> = z.object({
  type: z.literal('table'),
  content: z.array(ZTableRow).min(1).max(L.maxChildren),
});
export const ZFlowBlock: z.ZodType<TFlowBlock> = z.lazy(() =>
  z.union([ZParagraph, ZHeading, ZBulletList, ZOrderedList, ZBlockquote, ZHorizontalRule]),
);
export const ZBlock: z.ZodType<TBlock> = z.lazy(() => z.union([ZFlowBlock, ZTable, ZPageBreak]));

/** Walks JSON without recursion; returns the first limit it breaks, or undefined. */
export function documentLimitProblem(value: unknown): string | undefined {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  let text = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (depth > L.maxDepth) return `nesting deeper than ${L.maxDepth}`;
    if (typeof v === 'string') {
      text += v.length;
      if (text > L.maxTotalText) return `more than ${L.maxTotalText} characters of text`;
    } else if (Array.isArray(v)) {
      if (v.length > L.maxChildren) return `more than ${L.maxChildren} children`;
      for (const c of v) stack.push([c, depth + 1]);
    } else if (v !== null && typeof v === 'object') {
      if (++nodes > L.maxNodes) return `more than ${L.maxNodes} nodes`;
      for (const c of Object.values(v)) stack.push([c, depth + 1]);
    }
  }
  return undefined;
}

const ZDocShape = z.object({
  type: z.literal('doc'),
  content: z.array(ZBlock).max(L.maxChildren),
});
export type TLetterDocument = z.infer<typeof ZDocShape>;

/** The document as stored and sent by the editor; size limits are checked before the structure. */
export const ZLetterDocument: z.ZodType<TLetterDocument, unknown> = z
  .unknown()
  .superRefine((v, ctx) => {
    const problem = documentLimitProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: `document too large: ${problem}`, abort: true });
  })
  .pipe(ZDocShape);

// ---- links ----------------------------------------------------------------------------------------------

type MarkHolder = { marks?: unknown };
/** A link mark's href (null when it has none); undefined for any other value. */
const linkHref = (mark: unknown): unknown =>
  mark !== null && typeof mark === 'object' && (mark as { type?: unknown }).type === 'link'
    ? ((mark as { attrs?: { href?: unknown } }).attrs?.href ?? null)
    : undefined;

/** Every object of `value` that holds a `marks` array (iterative: the input may be hostile). */
function* markHolders(value: unknown): Generator<MarkHolder> {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const c of v) stack.push(c);
    } else if (v !== null && typeof v === 'object') {
      if (Array.isArray((v as MarkHolder).marks)) yield v as MarkHolder;
      for (const c of Object.values(v)) stack.push(c);
    }
  }
}

/** The first link of `doc` whose href is not http, https or mailto (undefined when there is none). */
export function unsafeLinkIn(doc: unknown): string | undefined {
  for (const holder of markHolders(doc)) {
    for (const m of holder.marks as unknown[]) {
      const href = linkHref(m);
      if (href !== undefined && !isSafeHref(href)) return String(href);
    }
  }
  return undefined;
}

/**
 * `doc` without the links whose href is not http, https or mailto (their text stays): rows stored before the rule
 * and the editor's own JSON. A copy when something is dropped; `doc` itself is not changed.
 */
export function withoutUnsafeLinks<T>(doc: T): T {
  if (unsafeLinkIn(doc) === undefined) return doc;
  const copy = structuredClone(doc);
  for (const holder of markHolders(copy)) {
    const kept = (holder.marks as unknown[]).filter((m) => {
      const href = linkHref(m);
      return href === undefined || isSafeHref(href);
    });
    if (kept.length > 0) holder.marks = kept;
    else delete holder.marks;
  }
  return copy;
}
