import type { DocumentKind, TReferenceKind } from '@dossier/contract';
import { referencesIn } from '../documents/reference-walk.ts';
import type { Target } from './case-numbering.ts';

/**
 * References of a document that cannot print a number (issue 28 item 3): the target was deleted (or the id is of
 * the wrong kind), or it has no file yet (an evidence folder without a file, a letter without its signed letter).
 * Each target once, at the paragraph that cites it first, with how many other places cite it. Pure.
 */
export interface UnresolvedReference {
  document: DocumentKind;
  referenceId: string;
  kind: TReferenceKind;
  /** 1-based index of the top-level block (paragraph, heading, list, table) that cites it first. */
  paragraph: number;
  /** The first words of that block, as the customer reads them. */
  excerpt: string;
  /** The target's name; null when it was deleted. */
  name: string | null;
  reason: 'deleted' | 'no_file';
  /** Further references to the same target in the document. */
  more: number;
}

const EXCERPT_WORDS = 8;
const EXCERPT_CHARS = 60;

/** The text of a block, in reading order (references and footnotes skipped). */
export function blockText(block: unknown): string {
  const parts: string[] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const n = v as { type?: string; text?: string; content?: unknown[] };
    if (n.type === 'footnote') return;
    if (n.type === 'text' && typeof n.text === 'string') parts.push(n.text);
    if (Array.isArray(n.content)) for (const c of n.content) walk(c);
    if (n.type === 'paragraph' || n.type === 'heading') parts.push(' ');
  };
  walk(block);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The first words of a block ("…" when cut): what lets the customer find the paragraph. */
export function excerptOf(block: unknown): string {
  const text = blockText(block);
  const words = text.split(' ');
  let out = words.slice(0, EXCERPT_WORDS).join(' ');
  if (out.length > EXCERPT_CHARS) out = out.slice(0, EXCERPT_CHARS).trimEnd();
  return out.length < text.length ? `${out}…` : out;
}

const kindOfId = (id: string): TReferenceKind | undefined =>
  id.startsWith('letter:')
    ? 'letter'
    : id.startsWith('folder:') || id.startsWith('file:')
      ? 'exhibit'
      : undefined;

export function unresolvedReferences(
  document: DocumentKind,
  doc: unknown,
  targets: ReadonlyMap<string, Target>,
): UnresolvedReference[] {
  const content = (doc as { content?: unknown[] } | null)?.content;
  if (!Array.isArray(content)) return [];
  const found = new Map<string, UnresolvedReference>();
  let paragraph = 0;
  for (const block of content) {
    if ((block as { type?: string } | null)?.type === 'pageBreak') continue;
    paragraph++;
    for (const r of referencesIn(block)) {
      const key = `${r.kind} ${r.id}`;
      const seen = found.get(key);
      if (seen) {
        seen.more++;
        continue;
      }
      const t = kindOfId(r.id) === r.kind ? targets.get(r.id) : undefined;
      if (t && !t.pending) continue;
      found.set(key, {
        document,
        referenceId: r.id,
        kind: r.kind,
        paragraph,
        excerpt: excerptOf(block),
        name: t ? t.own : null,
        reason: t ? 'no_file' : 'deleted',
        more: 0,
      });
    }
  }
  return [...found.values()];
}
