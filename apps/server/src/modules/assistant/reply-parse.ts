import { cleanText } from './assistant-text.ts';

/**
 * Reading the model's reply (issue 33 item 4, decision 0084): one JSON object in the documented shape, tolerated
 * inside a ```json fence or with prose before and after it — nothing else. What does not read is `null`
 * (`unreadable`); inside a readable reply, an element of the wrong shape is dropped or read as a citation that
 * fails, never guessed at. Only strings and small integers come out: the checks decide what they are worth.
 */

export interface RawCitation {
  ref: string;
  /** [from, to] as the model gave them; null when missing or not two integers. */
  pages: [number, number] | null;
  quote: string | null;
}
export interface RawSentence {
  text: string;
  gap: boolean;
  cites: RawCitation[];
}
export interface RawParagraph {
  sentences: RawSentence[];
}

/** A reply longer than this is not read (the provider's token cap keeps real replies far below it). */
const REPLY_MAX_CHARS = 400_000;
/** Elements read at most per list (the contract's bounds are applied after the checks). */
const LIST_MAX = 1_000;

/**
 * The JSON text: a fenced block's content, else the text; from its first `{` to the brace that closes it (strings
 * skipped), so prose after the object, even with braces, is left out. null when the object never closes.
 */
function jsonText(text: string): string | null {
  const fenced = /```(?:json|JSON)?[ \t]*\n?([\s\S]*?)```/.exec(text);
  const body = fenced ? fenced[1]! : text;
  const start = body.indexOf('{');
  if (start === -1) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return body.slice(start, i + 1);
    }
  }
  return null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const pageNumber = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v)
    ? v
    : typeof v === 'string' && /^\d{1,6}$/.test(v)
      ? Number(v)
      : null;

function pagesOf(v: unknown): [number, number] | null {
  // [3, 5], [3], 3 or {from, to}: what models write for a range or a single page.
  const pair = Array.isArray(v) ? v : isObject(v) ? [v.from, v.to] : [v];
  const from = pageNumber(pair[0]);
  const to = pair.length > 1 && pair[1] !== undefined ? pageNumber(pair[1]) : from;
  return from === null || to === null ? null : [from, to];
}

function citationOf(v: unknown): RawCitation | null {
  if (!isObject(v) || typeof v.ref !== 'string') return null;
  return {
    // Shown on the screen when it fails: plain text like the rest.
    ref: cleanText(v.ref, 64),
    pages: pagesOf(v.pages ?? v.page ?? null),
    quote: typeof v.quote === 'string' ? v.quote : null,
  };
}

function sentenceOf(v: unknown): RawSentence | null {
  if (!isObject(v) || typeof v.text !== 'string') return null;
  const cites = Array.isArray(v.cites) ? v.cites : Array.isArray(v.citations) ? v.citations : [];
  return {
    text: v.text,
    gap: v.gap === true,
    cites: cites
      .slice(0, LIST_MAX)
      .map(citationOf)
      .filter((c): c is RawCitation => c !== null),
  };
}

/** The reply's paragraphs, or null when it is not one JSON object with a `paragraphs` list. */
export function parseReply(text: string): RawParagraph[] | null {
  if (text.length > REPLY_MAX_CHARS) return null;
  const json = jsonText(text);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isObject(value) || !Array.isArray(value.paragraphs)) return null;
  const out: RawParagraph[] = [];
  for (const p of value.paragraphs.slice(0, LIST_MAX)) {
    if (!isObject(p) || !Array.isArray(p.sentences)) continue;
    out.push({
      sentences: p.sentences
        .slice(0, LIST_MAX)
        .map(sentenceOf)
        .filter((s): s is RawSentence => s !== null),
    });
  }
  return out;
}
