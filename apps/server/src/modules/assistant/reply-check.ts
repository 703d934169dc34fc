import { ASSISTANT_LIMITS, type AssistantTask, PIN_PAGE_MAX } from '@dossier/contract';
import {
  cleanText,
  decodeEntities,
  mostlyCjk,
  namesIn,
  normaliseForMatch,
  numbersIn,
  quoteIn,
  quoteLongEnough,
  type TypedLabel,
  withoutTypedLabels,
} from './assistant-text.ts';
import type { GroundingSource } from './exhibit-sources.ts';
import { joinSentences, type TAssistantParagraph, type TAssistantSentence } from './paragraph-content.ts';
import { parseReply, type RawCitation, type RawSentence } from './reply-parse.ts';

export { paragraphContent, type TAssistantParagraph, type TAssistantSentence } from './paragraph-content.ts';

/**
 * The server's check of the model's reply (issue 33 items 4 and 6, decision 0084). Whatever the model was told or
 * read in an exhibit, only this reaches a draft: sentences cleaned to plain text, each citation judged against
 * `sources` (this case's exhibits as the request showed them):
 * - the ref is a source (else `unknown_ref`); the pages lie within its stamped pages (else `no_such_page`); the
 *   quote, normalised, is in the text of those pages (else `quote_not_found`; no text on them: `no_text`, which does
 *   not count as verified);
 * - a sentence keeps the citations that hold; with none it is `removed` (counted, shown struck out, never written);
 *   a gap sentence keeps no citation and is never written;
 * - a label typed in the text ("as Exhibit 99 shows") must name one of the sentence's citations that held, else
 *   the sentence is removed; a label in brackets is dropped (the atom after the sentence prints it).
 * Tighten / translate rewrite the customer's own paragraph, which is their source: a sentence may cite nothing,
 * but its numbers (and, where the language stays Latin, its capitalised names) must be in the original; a citation
 * must be one of the paragraph's references and keeps the paragraph's pin; and every reference the paragraph held
 * must survive, else the whole rewrite is removed (accepting it would drop a citation the customer made).
 */
export type CheckedReply =
  | { ok: true; paragraphs: TAssistantParagraph[]; removedSentences: number; failedCitations: number }
  | { ok: false; failure: 'unreadable' | 'nothing_supported' };

type Checked = TAssistantSentence['citations'][number];
type Problem = NonNullable<Checked['problem']>;
type Sources = ReadonlyMap<string, GroundingSource>;

const PARAGRAPH_TEXT_MAX = 50_000;

export function checkReply(
  text: string,
  sources: ReadonlyMap<string, GroundingSource>,
  opts: { task: AssistantTask; replaces?: string | null },
): CheckedReply {
  const raw = parseReply(text);
  if (raw === null) return { ok: false, failure: 'unreadable' };
  const rewrite = opts.task === 'tighten' || opts.task === 'translate';
  const original = rewrite ? (opts.replaces ?? '') : '';
  // A rewrite is one paragraph: what it replaces is one block.
  const given = rewrite ? [{ sentences: raw.flatMap((p) => p.sentences) }] : raw;
  const paragraphs: TAssistantParagraph[] = [];
  let removed = 0;
  let failed = 0;
  let sentencesLeft = ASSISTANT_LIMITS.sentencesMax;
  for (const p of given) {
    if (paragraphs.length >= ASSISTANT_LIMITS.paragraphsMax || sentencesLeft <= 0) break;
    const sentences: TAssistantSentence[] = [];
    let chars = 0;
    for (const s of p.sentences) {
      if (sentencesLeft <= 0) break;
      const checked = rewrite
        ? checkRewritten(s, sources, original, opts.task === 'translate')
        : checkDrafted(s, sources);
      if (checked === null) continue;
      chars += checked.text.length + 1;
      if (chars > PARAGRAPH_TEXT_MAX) break;
      failed += checked.citations.filter((c) => !c.ok).length;
      sentences.push(checked);
      sentencesLeft--;
    }
    if (sentences.length > 0)
      paragraphs.push({
        index: paragraphs.length,
        sentences,
        text: '',
        replaces: rewrite ? original.slice(0, PARAGRAPH_TEXT_MAX) : null,
        decision: 'pending',
      });
  }
  if (rewrite) refuseLostReferences(paragraphs, sources);
  for (const p of paragraphs) {
    removed += p.sentences.filter((s) => s.status === 'removed').length;
    p.text = joinSentences(p.sentences.filter((s) => s.status !== 'removed').map((s) => s.text));
  }
  const kept = paragraphs.some((p) => p.sentences.some((s) => s.status === 'kept'));
  const gaps = paragraphs.some((p) => p.sentences.some((s) => s.status === 'gap'));
  // Gaps alone are an answer (the criterion has no evidence yet); claims none of which held are not.
  if (!kept && (removed > 0 || !gaps)) return { ok: false, failure: 'nothing_supported' };
  return { ok: true, paragraphs, removedSentences: removed, failedCitations: failed };
}

/** The sentence's text as the document would take it; null when nothing is left of it. */
function sentenceText(s: RawSentence): { text: string; labels: TypedLabel[] } | null {
  const { text, labels } = withoutTypedLabels(cleanText(s.text, ASSISTANT_LIMITS.sentenceMax));
  return text.length === 0 ? null : { text, labels };
}

/**
 * A label typed in the running text ("as Exhibit 4 shows") must name an exhibit or letter the sentence cites with
 * a citation that held ("Exhibit 99" from an injected page names nothing that did).
 */
function labelsHold(labels: readonly TypedLabel[], citations: readonly Checked[], sources: Sources): boolean {
  const held = citations.flatMap((c) => {
    const label = c.ok ? sources.get(c.ref)?.label : undefined;
    const number = label ? /([0-9]+(?:\.[0-9]+)?)\s*$/.exec(label)?.[1] : undefined;
    return number ? [`${c.ref.startsWith('letter:') ? 'letter' : 'exhibit'} ${number}`] : [];
  });
  return labels.every((l) => held.includes(`${l.kind} ${l.number}`));
}

const cited = (s: RawSentence) => s.cites.slice(0, ASSISTANT_LIMITS.citationsPerSentenceMax);
const quoteOf = (c: RawCitation) =>
  c.quote === null ? null : cleanText(c.quote, ASSISTANT_LIMITS.quoteMax) || null;

function checkDrafted(
  s: RawSentence,
  sources: ReadonlyMap<string, GroundingSource>,
): TAssistantSentence | null {
  const t = sentenceText(s);
  if (t === null) return null;
  if (s.gap) return { text: t.text, citations: [], status: 'gap' };
  const citations = dedupe(cited(s).map((c) => checkCitation(c, sources)));
  const held = citations.some((c) => c.ok);
  return {
    text: t.text,
    citations,
    status: held && labelsHold(t.labels, citations, sources) ? 'kept' : 'removed',
  };
}

function checkCitation(c: RawCitation, sources: ReadonlyMap<string, GroundingSource>): Checked {
  const quote = quoteOf(c);
  const pages =
    c.pages && c.pages[0] >= 1 && c.pages[1] <= PIN_PAGE_MAX ? { from: c.pages[0], to: c.pages[1] } : null;
  const verdict = (problem: Problem | null): Checked => ({
    ref: c.ref,
    pages,
    quote,
    ok: problem === null,
    problem,
  });
  const source = sources.get(c.ref);
  if (!source) return verdict('unknown_ref');
  if (!pages || pages.from > pages.to) return verdict('no_such_page');
  if (source.pageCount !== null && pages.to > source.pageCount) return verdict('no_such_page');
  // A page count not known yet: pages past the text that can be placed cannot be checked.
  if (pages.to > source.pageTexts.length) return verdict('no_text');
  const text = source.pageTexts.slice(pages.from - 1, pages.to).join(' ');
  if (!text.trim()) return verdict('no_text');
  const q = quote === null ? '' : normaliseForMatch(decodeEntities(quote));
  if (!quoteLongEnough(q) || !quoteIn(q, normaliseForMatch(decodeEntities(text))))
    return verdict('quote_not_found');
  return verdict(null);
}

/** One citation per ref and pages (the first verdict kept: a repeat adds nothing). */
function dedupe(list: Checked[]): Checked[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = `${c.ref}|${c.pages?.from ?? ''}-${c.pages?.to ?? ''}|${c.ok}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function checkRewritten(
  s: RawSentence,
  sources: ReadonlyMap<string, GroundingSource>,
  original: string,
  translated: boolean,
): TAssistantSentence | null {
  const t = sentenceText(s);
  if (t === null) return null;
  if (s.gap) return { text: t.text, citations: [], status: 'gap' };
  const citations = dedupe(
    cited(s).map((c): Checked => {
      const source = sources.get(c.ref);
      if (!source) return { ref: c.ref, pages: null, quote: null, ok: false, problem: 'unknown_ref' };
      // The paragraph's own pin is kept: the one the model named if the paragraph holds it, else its first.
      const pins = source.pins ?? [null];
      const asked = c.pages ? { from: c.pages[0], to: c.pages[1] } : null;
      const pin = pins.find((p) => p?.from === asked?.from && p?.to === asked?.to) ?? pins[0] ?? null;
      return { ref: c.ref, pages: pin, quote: null, ok: true, problem: null };
    }),
  );
  return {
    text: t.text,
    citations,
    status:
      faithful(t.text, original, translated) && labelsHold(t.labels, citations, sources) ? 'kept' : 'removed',
  };
}

/**
 * A rewritten sentence adds no number (nor, when the original is written in Latin letters, no capitalised name)
 * the original does not have. A translation may turn small numbers into words and back ("three" ↔ "3", "May" ↔
 * "5月"): it is held to the numbers that carry a claim, of three digits or with a decimal part (years, counts,
 * sums). A translation from Chinese names people in another script: only numbers are checked.
 */
function faithful(sentence: string, original: string, translated: boolean): boolean {
  const numbers = new Set(numbersIn(original));
  const weighed = (n: string) => !translated || n.length >= 3 || /[.,]/.test(n);
  if (numbersIn(sentence).some((n) => weighed(n) && !numbers.has(n))) return false;
  if (mostlyCjk(original)) return true;
  const words = new Set(
    (original.normalize('NFKC').match(/[\p{L}][\p{L}'-]*/gu) ?? []).map((w) => w.toLowerCase()),
  );
  return namesIn(sentence).every((w) => words.has(w.toLowerCase()) || w === 'I');
}

/** Every reference the original paragraph held must be cited by a kept sentence; else nothing of it is kept. */
function refuseLostReferences(
  paragraphs: TAssistantParagraph[],
  sources: ReadonlyMap<string, GroundingSource>,
) {
  const kept = new Set(
    paragraphs.flatMap((p) =>
      p.sentences
        .filter((s) => s.status === 'kept')
        .flatMap((s) => s.citations.filter((c) => c.ok).map((c) => c.ref)),
    ),
  );
  if ([...sources.keys()].every((ref) => kept.has(ref))) return;
  for (const p of paragraphs) for (const s of p.sentences) if (s.status === 'kept') s.status = 'removed';
}
