import {
  type DocumentKind,
  documentLimitProblem,
  DocumentErrorCode as E,
  REFERENCE_ID_PATTERN,
  type TLetterDocument,
  unsafeLinkIn,
  withoutUnsafeLinks,
  ZLetterDocument,
} from '@dossier/contract';
import { errorOf } from '../../plugins/errors.ts';
import { referencesIn } from './reference-walk.ts';

/** A document's content: what a save accepts, what a stored row answers, how much text it holds. */

/**
 * A stored document as it is answered: rows saved before links were restricted (issue 27 item 10) may hold a link
 * that is not http, https or mailto — it is dropped (its text stays). Unknown attributes are dropped by the
 * response's schema.
 */
export const stored = (content: unknown): TLetterDocument => withoutUnsafeLinks(content as TLetterDocument);

/** Characters of text (empty-letter check and the history's size hint). */
export function textLength(doc: unknown): number {
  let n = 0;
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const v = stack.pop() as { type?: string; text?: string; content?: unknown[] } | null;
    if (!v || typeof v !== 'object') continue;
    if (v.type === 'text' && typeof v.text === 'string') n += v.text.trim().length;
    if (Array.isArray(v.content)) stack.push(...v.content);
  }
  return n;
}

/** Some text or a reference: what the checklist and the schedule count as a written document. */
export const hasContent = (doc: unknown) => textLength(doc) > 0 || referencesIn(doc).length > 0;

/**
 * The contract's document, limits first (400 document_too_large), then links (400 document_link_unsafe, naming
 * the first that is not http, https or mailto), then structure and reference ids. Attributes the contract does not
 * name are dropped by the parse.
 */
export function checkContent(kind: DocumentKind, content: unknown): TLetterDocument {
  const problem = documentLimitProblem(content);
  if (problem) throw errorOf(400, E.tooLarge, { problem });
  const unsafe = unsafeLinkIn(content);
  if (unsafe !== undefined) throw errorOf(400, E.linkUnsafe, { href: JSON.stringify(unsafe.slice(0, 100)) });
  const parsed = ZLetterDocument.safeParse(content);
  if (!parsed.success) throw errorOf(400, E.invalid);
  if (referencesIn(parsed.data).some((r) => !REFERENCE_ID_PATTERN.test(r.id))) throw errorOf(400, E.invalid);
  // Spec §5: "The petition letter is empty and cannot be saved!!!" (a letter of only references is not empty).
  if (kind === 'petition_letter' && textLength(parsed.data) === 0 && referencesIn(parsed.data).length === 0) {
    throw errorOf(400, E.petitionLetterEmpty);
  }
  return parsed.data;
}
