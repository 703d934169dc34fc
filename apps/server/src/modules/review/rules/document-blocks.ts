import type { DocumentKind, TPagePin, TReferenceKind } from '@dossier/contract';
import type { CaseRows } from '../../numbering/numbering.load.ts';

/**
 * The case's documents as the margin rules read them (pins, unsupported): top-level blocks numbered as the
 * checklist numbers them (numbering/unresolved.ts) — 1-based, page breaks not counted — so a finding's target
 * `<kind>#<paragraph>` is what the editor's `?target=` link and its margin read ("Petition letter, paragraph 12").
 */
export interface DocBlock {
  kind: DocumentKind;
  /** 1-based, page breaks not counted. */
  paragraph: number;
  node: Record<string, unknown>;
}

export interface BlockReference {
  kind: TReferenceKind;
  id: string;
  pages: TPagePin | null;
  pinnedPages: number | null;
}

/** The workbench tab each document is edited in. */
export const DOCUMENT_TAB: Record<DocumentKind, string> = {
  petition_letter: 'petition',
  us_plan: 'endeavor',
  // The response letter is edited in the RFE workspace on the Schedule tab (decision 0077).
  rfe_response: 'schedule',
};

export const blockTarget = (kind: DocumentKind, paragraph: number) => `${kind}#${paragraph}`;

/** The top-level blocks of the case's document of `kind` (none when it has no document). */
export function blocksOf(rows: CaseRows, kind: DocumentKind): DocBlock[] {
  const content = (rows.documents.find((d) => d.kind === kind)?.content as { content?: unknown } | null)
    ?.content;
  if (!Array.isArray(content)) return [];
  const out: DocBlock[] = [];
  for (const node of content) {
    if (!node || typeof node !== 'object' || (node as { type?: unknown }).type === 'pageBreak') continue;
    out.push({ kind, paragraph: out.length + 1, node: node as Record<string, unknown> });
  }
  return out;
}

/** Every reference in a block (footnotes included), in document order; iterative. */
export function referencesOfBlock(node: unknown): BlockReference[] {
  const out: BlockReference[] = [];
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    const n = v as { type?: unknown; attrs?: Record<string, unknown>; content?: unknown };
    if (n.type === 'reference' && n.attrs) {
      const pages = n.attrs.pages as TPagePin | null | undefined;
      const pinned = n.attrs.pinned_pages;
      out.push({
        kind: n.attrs.kind === 'letter' ? 'letter' : 'exhibit',
        id: String(n.attrs.id),
        pages: pages && typeof pages.from === 'number' && typeof pages.to === 'number' ? pages : null,
        pinnedPages: typeof pinned === 'number' ? pinned : null,
      });
    }
    if (Array.isArray(n.content)) for (let i = n.content.length - 1; i >= 0; i--) stack.push(n.content[i]);
  }
  return out;
}

/** The plain text of a block (references and footnotes left out), words separated. */
export function textOfBlock(node: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    const n = v as { type?: unknown; text?: unknown; content?: unknown };
    if (n.type === 'footnote') continue;
    if (n.type === 'text' && typeof n.text === 'string') out.push(n.text);
    else if (n.type === 'hardBreak' || n.type === 'paragraph' || n.type === 'heading') out.push(' ');
    if (Array.isArray(n.content)) for (let i = n.content.length - 1; i >= 0; i--) stack.push(n.content[i]);
  }
  return out.join('').replace(/\s+/g, ' ').trim();
}
