/**
 * Text handling of the writing assistant (issue 33 items 4 and 6, decision 0084): what goes into the prompt is
 * escaped so an uploaded text cannot close its block; what comes back is cleaned to plain text before anything can
 * reach a document; quotes are compared after a normalisation that forgives what PDF text layers and models change
 * (white space, case, typographic quotes and dashes, spaces between CJK characters) and nothing else.
 */

/** Escapes a text for a block of the prompt: `<`, `>` and `&` (and `"` for attribute values). */
export function escapeData(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// C0/C1 controls (tab and newlines are turned into spaces first), zero-width and bidirectional overrides: invisible
// in the editor, able to reorder what the officer reads.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const SCRIPT_LIKE = /<(script|style|iframe|object|embed|noscript|template)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi;
const TAG = /<\/?[a-z!?][^<>]*>/gi;
const MARKDOWN_LINK = /!?\[([^\]]{0,500})\]\([^)\s]{0,2000}\)/g;
// An address ends before the punctuation that closes its sentence.
const URL = /\b(?:https?:\/\/|www\.|mailto:|javascript:|data:)(?:[^\s<>"'）)]*[^\s<>"'）).,;:!?])?/gi;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Character references decoded once (the request showed texts escaped, and a model copies `R&amp;D` or writes
 * `&lt;script&gt;`): decoded before the markup is stripped, so an encoded tag is stripped like a plain one.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|nbsp|#[0-9]{1,7}|#x[0-9a-f]{1,6});/gi, (whole, name: string) => {
    const key = name.toLowerCase();
    if (key in NAMED) return NAMED[key]!;
    const code = key.startsWith('#x') ? Number.parseInt(key.slice(2), 16) : Number.parseInt(key.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : whole;
  });
}

/**
 * A model's sentence as plain text for the document schema: HTML tags stripped (their words stay; what a script,
 * style or frame holds is dropped), markdown links reduced to their words, addresses removed (the assistant writes
 * no links), controls and invisible characters removed, white space collapsed, cut at `max` characters.
 */
export function cleanText(text: string, max: number): string {
  // The patterns below scan each character a bounded number of times; a reply's text is first cut to what the
  // result could use, so a 400,000-character sentence costs no more than a long one.
  const plain = decodeEntities(text.slice(0, max * 4))
    .replace(/[\t\r\n\u2028\u2029]+/g, ' ')
    .replace(SCRIPT_LIKE, ' ')
    .replace(TAG, ' ')
    .replace(MARKDOWN_LINK, '$1')
    .replace(URL, ' ')
    .replace(CONTROL, '')
    // What is left of a tag cut in two (`<scr` at the end) is not kept as markup either.
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= max ? plain : plain.slice(0, max).trimEnd();
}

/**
 * Labels the model might type instead of citing ("(Exhibit 99)", "Ex. 4", "证据 4", "Recommendation Letter 2"): a
 * number printed as text is checked against nothing and does not follow a reorder, so the document carries
 * numbers through reference atoms. A label in brackets is dropped (the atom prints it); one in the running text is
 * returned, for the check to hold it against the sentence's verified citations.
 */
const EXHIBIT_WORDS = String.raw`exhibit|exh\.|ex\.|证据|附件`;
const LETTER_WORDS = String.raw`(?:rec(?:ommendation)?\.?\s+)?letter|推荐信`;
const LABEL_WORDS = `(?:${EXHIBIT_WORDS}|${LETTER_WORDS})`;
const PAREN_LABEL = new RegExp(
  String.raw`\s*[(（\[]\s*(?:see\s+)?${LABEL_WORDS}\s*[0-9]+[^)）\]]{0,60}[)）\]]`,
  'giu',
);
const BARE_LABEL = new RegExp(
  String.raw`(?<![\p{L}])(${EXHIBIT_WORDS}|${LETTER_WORDS})\s*([0-9]+(?:\.[0-9]+)?)`,
  'giu',
);

export interface TypedLabel {
  kind: 'exhibit' | 'letter';
  number: string;
}

/** The text without bracketed labels, and the labels still written in its running text. */
export function withoutTypedLabels(text: string): { text: string; labels: TypedLabel[] } {
  const stripped = text
    .replace(PAREN_LABEL, '')
    .replace(/\s+([.,;:!?。，；：！？])/g, '$1')
    .trim();
  const labels = [...stripped.matchAll(BARE_LABEL)].map(
    (m): TypedLabel => ({
      kind: new RegExp(`^(?:${LETTER_WORDS})$`, 'iu').test(m[1]!) ? 'letter' : 'exhibit',
      number: m[2]!,
    }),
  );
  return { text: stripped, labels };
}

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef`;
const SPACE_BEFORE_CJK = new RegExp(String.raw`\s+(?=[${CJK}])`, 'gu');
const SPACE_AFTER_CJK = new RegExp(String.raw`(?<=[${CJK}])\s+`, 'gu');

/**
 * The form a quote and a page are compared in: NFKC (full-width letters and digits), lower case, one kind of
 * quote mark and dash, no space next to a CJK character (text layers space CJK glyphs out), one space elsewhere.
 */
export function normaliseForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u300c\u300d\u300e\u300f]/g, '"')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(CONTROL, '')
    .replace(/\s+/g, ' ')
    .replace(SPACE_BEFORE_CJK, '')
    .replace(SPACE_AFTER_CJK, '')
    .trim();
}

const CJK_CHAR = new RegExp(`[${CJK}]`, 'gu');
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A quote long enough to tie a claim to a page: three words, or four CJK characters. "the" or "2019" alone is on
 * every page and proves nothing.
 */
export function quoteLongEnough(normalised: string): boolean {
  const cjk = normalised.match(CJK_CHAR)?.length ?? 0;
  if (cjk >= 4) return true;
  const words = normalised.replace(CJK_CHAR, ' ').match(WORD)?.length ?? 0;
  return words + cjk >= 3;
}

/**
 * Whether the quote's words are in the text (both normalised). An ellipsis ("…" or "...") marks an omission: each
 * part must be found, in order.
 */
export function quoteIn(quote: string, text: string): boolean {
  const parts = quote
    .split('...')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0) return false;
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    if (at === -1) return false;
    from = at + part.length;
  }
  return true;
}

/** The numbers written in a text ("1,200" and "1200" alike), for the rewrite's check. */
export function numbersIn(text: string): string[] {
  return (text.normalize('NFKC').match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,(?=\d{3}\b)/g, ''));
}

/** Capitalised Latin words after a sentence's first word: names a rewrite must not add. */
export function namesIn(text: string): string[] {
  const words = text.normalize('NFKC').match(/[\p{L}][\p{L}'-]*/gu) ?? [];
  return words.slice(1).filter((w) => /^\p{Lu}/u.test(w) && /^[A-Za-z\u00c0-\u024f'-]+$/.test(w));
}

/** Mostly CJK: more CJK characters than Latin letters. */
export function mostlyCjk(text: string): boolean {
  const cjk = text.match(CJK_CHAR)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return cjk > latin;
}
