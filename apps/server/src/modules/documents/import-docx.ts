import {
  DocumentErrorCode,
  isSafeHref,
  DOCUMENT_LIMITS as L,
  type TBlock,
  type TDocumentImport,
  type TFlowBlock,
  type TInline,
  type TLetterDocument,
  type TListItem,
  type TMark,
  type TTableCell,
  ZLetterDocument,
} from '@dossier/contract';
import mammoth from 'mammoth';
import type { DocxRefusal } from './docx-zip.ts';
import { type HtmlElement, type HtmlNode, parseHtml } from './html-tree.ts';

/**
 * Import of an existing .docx (issue 13 item 2, decision 0022): mammoth turns it into simple HTML, and this
 * sanitising converter keeps only what the contract's document has — headings, paragraphs, bold / italic /
 * underline, links, lists, tables, block quotes, footnotes. Everything else is dropped and counted in the report
 * (images: the renderer has no image node), and so is a link that is not http, https or mailto (its text stays).
 * The result is checked with `ZLetterDocument`; it is not saved. It runs in the import's thread (docx-job.ts),
 * after the zip's checks (docx-zip.ts; issue 27 item 2, decision 0049).
 */

type Dropped = TDocumentImport['dropped'][number]['what'];
const MAX_LIST_DEPTH = 6;
/** Stop adding content a little below the contract's limits so the result always passes them. */
const BUDGET = { nodes: L.maxNodes - 500, text: L.maxTotalText - 20_000, blocks: L.maxChildren - 10 };

class Converter {
  readonly dropped = new Map<Dropped, number>();
  private nodes = 0;
  private text = 0;
  full = false;
  constructor(private readonly notes: Map<string, HtmlElement>) {}

  drop(what: Dropped, n = 1) {
    this.dropped.set(what, (this.dropped.get(what) ?? 0) + n);
  }
  private spend(nodes: number, text = 0): boolean {
    if (this.full || this.nodes + nodes > BUDGET.nodes || this.text + text > BUDGET.text) {
      if (!this.full) this.drop('text_truncated');
      this.full = true;
      return false;
    }
    this.nodes += nodes;
    this.text += text;
    return true;
  }

  inline(children: HtmlNode[], marks: TMark[], inNote: boolean, out: TInline[] = []): TInline[] {
    for (const c of children) {
      if (typeof c === 'string') {
        for (let i = 0; i < c.length; i += L.maxTextLength) {
          const text = c.slice(i, i + L.maxTextLength);
          if (text.length === 0 || !this.spend(1, text.length)) continue;
          out.push(marks.length ? { type: 'text', text, marks: [...marks] } : { type: 'text', text });
        }
        continue;
      }
      const mark = markOf(c);
      if (c.tag === 'br') {
        if (this.spend(1)) out.push({ type: 'hardBreak' });
      } else if (c.tag === 'img') {
        this.drop('image');
      } else if (c.tag === 'a' && /^#(footnote|endnote)-ref-/.test(c.attrs.href ?? '')) {
        // The note's own "back to text" link.
      } else if (c.tag === 'sup' && this.noteOf(c)) {
        const note = this.noteOf(c)!;
        if (inNote) this.drop('unsupported_element');
        else if (this.spend(2)) out.push(this.footnote(note));
      } else if (mark && !marks.some((m) => m.type === mark.type)) {
        this.inline(c.children, [...marks, mark].slice(0, 8), inNote, out);
      } else if (BLOCK_TAGS.has(c.tag)) {
        this.drop('unsupported_element');
        this.inline(c.children, marks, inNote, out);
      } else {
        this.inline(c.children, marks, inNote, out);
      }
    }
    return out;
  }

  private noteOf(sup: HtmlElement): HtmlElement | undefined {
    const a = sup.children.find((c): c is HtmlElement => typeof c !== 'string' && c.tag === 'a');
    const href = a?.attrs.href ?? '';
    return /^#(footnote|endnote)-/.test(href) ? this.notes.get(href.slice(1)) : undefined;
  }

  private footnote(li: HtmlElement): TInline {
    const paras = li.children.filter((c): c is HtmlElement => typeof c !== 'string' && c.tag === 'p');
    const content = (paras.length ? paras : [li]).slice(0, 50).map((p) => {
      const inl = this.inline(p.children, [], true) as never[];
      return inl.length ? { type: 'paragraph' as const, content: inl } : { type: 'paragraph' as const };
    });
    return { type: 'footnote', content };
  }

  /** Blocks of `children`; `flow` = inside a list item or table cell (no tables there). */
  blocks(children: HtmlNode[], flow: boolean, listDepth: number, out: TBlock[] = []): TBlock[] {
    let loose: HtmlNode[] = [];
    const flush = () => {
      if (loose.some((n) => typeof n !== 'string' || n.trim() !== '')) {
        const inl = this.inline(loose, [], false);
        if (inl.length && this.spend(1)) out.push({ type: 'paragraph', content: inl });
      }
      loose = [];
    };
    for (const c of children) {
      if (this.full || out.length >= BUDGET.blocks) {
        if (!this.full) this.drop('text_truncated');
        this.full = true;
        break;
      }
      if (typeof c === 'string' || !BLOCK_TAGS.has(c.tag)) {
        loose.push(c);
        continue;
      }
      flush();
      const block = this.block(c, flow, listDepth);
      if (Array.isArray(block)) out.push(...block);
      else if (block) out.push(block);
    }
    flush();
    return out;
  }

  private block(el: HtmlElement, flow: boolean, listDepth: number): TBlock | TBlock[] | undefined {
    const h = /^h([1-6])$/.exec(el.tag);
    if (h) {
      if (!this.spend(1)) return undefined;
      const level = Math.min(Number(h[1]), 3) as 1 | 2 | 3;
      const content = this.inline(el.children, [], false);
      return content.length
        ? { type: 'heading', attrs: { level }, content }
        : { type: 'heading', attrs: { level } };
    }
    if (el.tag === 'p') {
      if (!this.spend(1)) return undefined;
      const content = this.inline(el.children, [], false);
      return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
    }
    if (el.tag === 'ul' || el.tag === 'ol') return this.list(el, listDepth);
    if (el.tag === 'blockquote') {
      if (!this.spend(1)) return undefined;
      const content = this.blocks(el.children, flow, listDepth);
      return { type: 'blockquote', content: content.length ? content : [{ type: 'paragraph' }] };
    }
    if (el.tag === 'hr') return this.spend(1) ? { type: 'horizontalRule' } : undefined;
    if (el.tag === 'table') {
      if (flow) {
        this.drop('nested_table');
        return this.flattenTable(el, listDepth);
      }
      return this.table(el);
    }
    // div and friends: their content.
    return this.blocks(el.children, flow, listDepth);
  }

  private list(el: HtmlElement, depth: number): TBlock | TBlock[] | undefined {
    const items = el.children.filter((c): c is HtmlElement => typeof c !== 'string' && c.tag === 'li');
    if (depth >= MAX_LIST_DEPTH) {
      this.drop('deep_nesting');
      return items.flatMap((li) => this.blocks(li.children, true, depth));
    }
    if (items.length === 0 || !this.spend(1)) return undefined;
    const content: TListItem[] = [];
    for (const li of items.slice(0, L.maxChildren)) {
      if (!this.spend(1)) break;
      const blocks = this.blocks(li.children, true, depth + 1) as TFlowBlock[];
      content.push({ type: 'listItem', content: blocks.length ? blocks : [{ type: 'paragraph' }] });
    }
    if (content.length === 0) return undefined;
    return el.tag === 'ol' ? { type: 'orderedList', content } : { type: 'bulletList', content };
  }

  private rows(el: HtmlElement): HtmlElement[] {
    return el.children.flatMap((c) => {
      if (typeof c === 'string') return [];
      if (c.tag === 'tr') return [c];
      return ['thead', 'tbody', 'tfoot'].includes(c.tag) ? this.rows(c) : [];
    });
  }

  private table(el: HtmlElement): TBlock | undefined {
    if (!this.spend(1)) return undefined;
    const rows = [];
    for (const tr of this.rows(el).slice(0, L.maxChildren)) {
      const cells = tr.children.filter(
        (c): c is HtmlElement => typeof c !== 'string' && /^t[dh]$/.test(c.tag),
      );
      if (cells.length > 50) this.drop('unsupported_element', cells.length - 50);
      const content: TTableCell[] = [];
      for (const td of cells.slice(0, 50)) {
        if (!this.spend(1)) break;
        if (td.attrs.rowspan && td.attrs.rowspan !== '1') this.drop('unsupported_element');
        const span = Math.min(Math.max(Number.parseInt(td.attrs.colspan ?? '1', 10) || 1, 1), L.maxColspan);
        const blocks = this.blocks(td.children, true, 0) as TFlowBlock[];
        content.push({
          type: td.tag === 'th' ? 'tableHeader' : 'tableCell',
          ...(span > 1 ? { attrs: { colspan: span } } : {}),
          content: blocks.length ? blocks : [{ type: 'paragraph' }],
        });
      }
      if (content.length > 0 && this.spend(1)) rows.push({ type: 'tableRow' as const, content });
    }
    return rows.length ? { type: 'table', content: rows } : undefined;
  }

  /** A table inside a cell or list: its cells' content, one after another. */
  private flattenTable(el: HtmlElement, depth: number): TBlock[] {
    return this.rows(el).flatMap((tr) =>
      tr.children.flatMap((td) => (typeof td === 'string' ? [] : this.blocks(td.children, true, depth))),
    );
  }
}

const BLOCK_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'table',
  'blockquote',
  'hr',
  'div',
]);

function markOf(el: HtmlElement): TMark | undefined {
  if (el.tag === 'strong' || el.tag === 'b') return { type: 'bold' };
  if (el.tag === 'em' || el.tag === 'i') return { type: 'italic' };
  if (el.tag === 'u') return { type: 'underline' };
  const href = el.attrs.href ?? '';
  if (el.tag === 'a' && isSafeHref(href)) return { type: 'link', attrs: { href } };
  return undefined;
}

/** Takes the footnote / endnote list items out of the tree (mammoth appends them as `<ol><li id=…>`). */
function extractNotes(root: HtmlElement): Map<string, HtmlElement> {
  const notes = new Map<string, HtmlElement>();
  root.children = root.children.filter((c) => {
    if (typeof c === 'string' || c.tag !== 'ol') return true;
    const items = c.children.filter((li): li is HtmlElement => typeof li !== 'string' && li.tag === 'li');
    const isNotes =
      items.length > 0 && items.every((li) => /^(footnote|endnote)-\d+$/.test(li.attrs.id ?? ''));
    if (isNotes) for (const li of items) notes.set(li.attrs.id!, li);
    return !isNotes;
  });
  return notes;
}

/** Converts mammoth's HTML into the contract's document (exported for the unit test). */
export function htmlToDocument(html: string): Pick<TDocumentImport, 'content' | 'dropped'> {
  const root = parseHtml(html);
  const conv = new Converter(extractNotes(root));
  const content = conv.blocks(root.children, false, 0);
  const dropped = [...conv.dropped].map(([what, count]) => ({ what, count }));
  return { content: { type: 'doc', content } as TLetterDocument, dropped };
}

export type DocxConversion = { ok: true; result: TDocumentImport } | { ok: false; refusal: DocxRefusal };
const unreadable: DocxConversion = {
  ok: false,
  refusal: { status: 400, code: DocumentErrorCode.importUnreadable, vars: {} },
};

/** The .docx bytes → the contract's document and a report, or 400 docx_unreadable (whatever fails inside). */
export async function convertDocx(bytes: Buffer): Promise<DocxConversion> {
  try {
    const { value: html, messages } = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        externalFileAccess: false,
        // The image bytes are never read: the renderer has no image node, so they are dropped and counted.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    const { content, dropped } = htmlToDocument(html);
    const checked = ZLetterDocument.safeParse(content);
    if (!checked.success) return unreadable;
    return {
      ok: true,
      result: {
        content: checked.data,
        dropped,
        warnings: [...new Set(messages.map((m) => m.message.slice(0, 300)))].slice(0, 20),
      },
    };
  } catch {
    return unreadable;
  }
}
