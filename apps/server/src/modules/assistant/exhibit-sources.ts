import type { TPagePin } from '@dossier/contract';
import { type StampedPart, stampedPages, stampedParts } from '../numbering/stamped-pages.ts';
import type { ReviewInput } from '../review/review-input.ts';

/**
 * The exhibits and letters the assistant may cite (issue 33 item 4, decision 0084), read from one case's review
 * input only: a source is keyed by the reference id documents store (`folder:<id>`, `file:<id>`, `letter:<id>`)
 * and carries its text per page AS THE PACKET STAMPS IT, so a citation's pages are the pin the document will hold.
 * The page layout is numbering/stamped-pages.ts `stampedParts`, the one `stampedPages` counts (the pins rule).
 */
export interface GroundingSource {
  ref: string;
  label: string;
  title: string;
  pageCount: number | null;
  /** text per stamped page: index 0 = p. 1 */
  pageTexts: readonly string[];
  /**
   * Tighten / translate: the pins the paragraph being rewritten holds on this reference (null: none). The rewrite
   * keeps them whatever pages the model names: the customer set them, the model only places the reference.
   */
  pins?: readonly (TPagePin | null)[];
}

/**
 * Stamped page texts from the layout: a page the packet makes (tab, separator, certificate) has no text of the
 * customer's; an upload's pages take its page texts in order (a page the check read no text from: empty). The
 * list stops at the first upload whose page count is unknown: after it no page can be placed.
 */
export function stampedPageTexts(
  parts: readonly StampedPart[],
  pagesOf: (uploadId: number) => number | null | undefined,
  textsOf: (uploadId: number) => readonly string[] | undefined,
): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part.uploadId === null) {
      out.push('');
      continue;
    }
    const count = pagesOf(part.uploadId);
    if (count === null || count === undefined) break;
    const texts = textsOf(part.uploadId) ?? [];
    // A text kept as one sample for an upload read before page texts existed is not a page: not placed (a
    // one-page upload's sample is its page).
    const perPage = texts.length === count || texts.length > 1;
    for (let i = 0; i < count; i++) out.push(perPage ? (texts[i] ?? '') : '');
  }
  return out;
}

/** How a reference is named to the model: the case numbering's label, or the RFE's for the response letter. */
export type LabelOf = (ref: string) => string | null;

/**
 * The sources for the given reference ids, in their order: ids the case does not have are left out, and so are
 * those that have no number (a folder without a file, a letter not uploaded) unless `pending`. Nothing but `input`
 * is read.
 */
export function sourcesFor(
  input: ReviewInput,
  refs: readonly string[],
  labelOf?: LabelOf,
  opts?: { pending?: boolean },
): Map<string, GroundingSource> {
  const layout = stampedParts(input.numbering);
  const pagesOf = (id: number) => input.uploads.get(id)?.pages;
  const counts = stampedPages(input.numbering, pagesOf);
  const out = new Map<string, GroundingSource>();
  for (const ref of refs) {
    if (out.has(ref)) continue;
    const target = input.numbering.targets.get(ref);
    const parts = layout.get(ref);
    if (!target) continue;
    if (target.pending || !parts) {
      // A rewrite keeps the paragraph's references, a pending one too (it has no number and no pages yet).
      if (opts?.pending)
        out.set(ref, { ref, label: 'no number yet', title: target.name, pageCount: null, pageTexts: [] });
      continue;
    }
    out.set(ref, {
      ref,
      label: labelOf?.(ref) ?? target.label,
      title: titleOf(input, ref) ?? target.name,
      pageCount: counts.get(ref) ?? null,
      pageTexts: stampedPageTexts(parts, pagesOf, (id) => input.texts.get(id)),
    });
  }
  return out;
}

/** An exhibit's title: its folder's English name (a file's too: it is stamped with its exhibit); a letter's writer. */
function titleOf(input: ReviewInput, ref: string): string | null {
  const [kind, raw] = ref.split(':');
  const id = Number(raw);
  if (kind === 'letter') {
    const l = input.rows.letters.find((x) => x.id === id);
    return l ? `Letter from ${l.nameEn || l.name}` : null;
  }
  const folderId = kind === 'file' ? input.rows.files.find((f) => f.id === id)?.folderId : id;
  const folder = input.rows.folders.find((f) => f.id === folderId);
  if (!folder) return null;
  const file = kind === 'file' ? input.rows.files.find((f) => f.id === id) : null;
  const name = folder.nameEn || folder.name;
  return file ? `${name} — ${file.nameEn || file.name}` : name;
}

/** The reference ids of a folder's numbered exhibit, and of the letters that cite it. */
export const folderRef = (id: number) => `folder:${id}`;
export const letterRef = (id: number) => `letter:${id}`;
