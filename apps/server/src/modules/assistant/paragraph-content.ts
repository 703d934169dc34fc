import {
  REFERENCE_ID_PATTERN,
  type TInline,
  type TParagraph,
  type ZAssistantParagraph,
  type ZAssistantSentence,
} from '@dossier/contract';
import type { z } from 'zod';

// The contract exports the schemas only; the types as the assistant's modules use them.
export type TAssistantParagraph = z.infer<typeof ZAssistantParagraph>;
export type TAssistantSentence = z.infer<typeof ZAssistantSentence>;

/**
 * An accepted paragraph as document content (issue 33 item 5, decision 0084): each kept sentence's text, then its
 * checked citations as reference atoms in brackets before its closing punctuation — "… in 2021 (Exhibit 4, p. 2)."
 * — with the pins the check verified. Gap and removed sentences are not written; a citation that failed, or one
 * that names no exhibit or letter (the case record of an outline), writes no atom. Only the sentence texts (already
 * plain text: reply-check.ts) and the reference ids and pages reach the document; the result parses as ZParagraph.
 */
const CJK_END = /[\p{Script=Han}\u3000-\u303f\uff01-\uff5e]$/u;
const CJK_START = /^[\p{Script=Han}\u3000-\u303f\uff01-\uff5e]/u;
const CLOSING = /([.!?。！？]+["'”’」』)）]*)$/u;

/** Sentences joined as they read: a space between Latin sentences, none after or before a CJK one. */
export function joinSentences(texts: readonly string[]): string {
  let out = '';
  for (const t of texts) {
    if (out && !CJK_END.test(out) && !CJK_START.test(t)) out += ' ';
    out += t;
  }
  return out;
}

const kindOf = (ref: string): 'exhibit' | 'letter' | null =>
  REFERENCE_ID_PATTERN.test(ref) ? (ref.startsWith('letter:') ? 'letter' : 'exhibit') : null;

/**
 * `counts`: each reference's stamped page count now (numbering/stamped-pages.ts `stampedPages`), stored as the
 * atom's `pinned_pages` so the review flags the pin when the exhibit's pages change later; without it none is set.
 */
export function paragraphContent(
  p: TAssistantParagraph,
  counts?: ReadonlyMap<string, number | null>,
): TParagraph {
  const content: TInline[] = [];
  const text = (t: string) => {
    if (t.length === 0) return;
    const last = content[content.length - 1];
    if (last?.type === 'text') last.text += t;
    else content.push({ type: 'text', text: t });
  };
  let previous = '';
  for (const s of p.sentences) {
    if (s.status !== 'kept') continue;
    if (previous && !CJK_END.test(previous) && !CJK_START.test(s.text)) text(' ');
    previous = s.text;
    const seen = new Set<string>();
    const atoms = s.citations.flatMap((c): TInline[] => {
      const kind = kindOf(c.ref);
      const key = `${c.ref}|${c.pages?.from ?? ''}-${c.pages?.to ?? ''}`;
      if (!c.ok || kind === null || seen.has(key)) return [];
      seen.add(key);
      const count = counts?.get(c.ref) ?? null;
      const pages = c.pages && c.pages.from <= c.pages.to ? { from: c.pages.from, to: c.pages.to } : null;
      return [
        {
          type: 'reference',
          attrs: { kind, id: c.ref, ...(pages ? { pages, ...(count ? { pinned_pages: count } : {}) } : {}) },
        },
      ];
    });
    if (atoms.length === 0) {
      text(s.text);
      continue;
    }
    const closing = CLOSING.exec(s.text)?.[1] ?? '';
    const body = s.text.slice(0, s.text.length - closing.length).trimEnd();
    const cjk = CJK_END.test(body) || /[。！？]/.test(closing);
    text(`${body}${cjk ? '（' : ' ('}`);
    atoms.forEach((a, i) => {
      if (i > 0) text(cjk ? '；' : '; ');
      content.push(a);
    });
    text(`${cjk ? '）' : ')'}${closing}`);
  }
  return content.length === 0 ? { type: 'paragraph' } : { type: 'paragraph', content };
}
