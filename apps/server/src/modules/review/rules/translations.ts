import type { Locale, TReviewFinding } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { type UploadSource, uploadSources } from '../leftovers-sources.ts';
import type { ReviewInput } from '../review-input.ts';

/**
 * Rule `translations` (issue 31 item 6, decision 0072). 8 CFR 103.2(b)(3): a foreign-language document comes with a
 * full English translation that the translator certifies as complete and accurate.
 *
 * - A translation far shorter than its original: its text, in English-word equivalents, under `SHORT_RATIO` of the
 *   original's (Chinese characters counted `CJK_CHARS_PER_WORD` to a word), or one page for an original of
 *   `MANY_PAGES` or more (unless both texts are whole and the translation holds at least `ENOUGH_RATIO`): warn.
 * - Translations certified by the petitioner (mode `personal`: the packet's certificate names the petitioner as
 *   translator): info, once, listing them. Allowed; an officer weighs an independent translator's more.
 */
export const CJK_CHARS_PER_WORD = 1.7;
export const SHORT_RATIO = 0.25;
export const ENOUGH_RATIO = 0.5;
/** Below this many words the original is too short to judge by text (a certificate's two lines). */
export const MIN_ORIGINAL_WORDS = 60;
export const MANY_PAGES = 3;

export const TRANSLATION_SOURCE = '8 CFR 103.2(b)(3)';

const isCjk = (c: number) => (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff);
/** A letter or digit of a spaced script: ASCII ones, and anything from U+00C0 that is not punctuation or a space. */
const isWordChar = (c: number) =>
  (c >= 48 && c <= 57) ||
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  (c >= 0xc0 &&
    !(c >= 0x2000 && c <= 0x206f) &&
    !(c >= 0x3000 && c <= 0x303f) &&
    !(c >= 0xff00 && c <= 0xff20));

/**
 * A text's length in English-word equivalents: words of spaced scripts, plus Chinese characters / 1.7. One pass
 * over the char codes (a case's uploads hold ~1 MB of text; Unicode regexes over it cost tens of ms per review).
 */
export function wordEquivalents(text: string): number {
  let cjk = 0;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isCjk(c)) {
      cjk++;
      inWord = false;
    } else if (isWordChar(c)) {
      if (!inWord) words++;
      inWord = true;
    } else inWord = false;
  }
  return words + cjk / CJK_CHARS_PER_WORD;
}

interface Measure {
  pages: number | null;
  words: number;
  /** The text of every page is known (not the first 4 KB only). */
  whole: boolean;
}

function measure(input: ReviewInput, uploadId: number): Measure {
  const texts = input.texts.get(uploadId) ?? [];
  // An upload checked before page counts were kept: its page texts say how many pages (one text may be a sample).
  const pages = input.uploads.get(uploadId)?.pages ?? (texts.length > 1 ? texts.length : null);
  return {
    pages,
    words: Math.round(wordEquivalents(texts.join('\n'))),
    whole: pages !== null && texts.length === pages,
  };
}

/** Why a translation looks short, or null. */
export function shortness(original: Measure, translation: Measure): 'text' | 'pages' | null {
  const judged = original.words >= MIN_ORIGINAL_WORDS;
  if (judged && translation.words < SHORT_RATIO * original.words) return 'text';
  const enough =
    judged && original.whole && translation.whole && translation.words >= ENOUGH_RATIO * original.words;
  if ((original.pages ?? 0) >= MANY_PAGES && translation.pages === 1 && !enough) return 'pages';
  return null;
}

function shortFinding(s: UploadSource, input: ReviewInput, locale: Locale): TReviewFinding | null {
  if (!s.original) return null;
  const o = measure(input, s.original.uploadId);
  const t = measure(input, s.uploadId);
  const why = shortness(o, t);
  if (!why) return null;
  const pages = (n: number | null) =>
    n === null
      ? translate(locale, 'review:translations.short.pages_unknown')
      : translate(locale, `review:translations.short.${n === 1 ? 'page' : 'pages'}`, { count: n });
  const vars = {
    place: s.original.place.label,
    original_pages: pages(o.pages),
    original_words: o.words,
    translation_pages: pages(t.pages),
    translation_words: t.words,
  };
  return {
    key: `translations:short:${s.key}`,
    rule: 'translations',
    severity: 'warn',
    title: translate(locale, 'review:translations.short.title', vars),
    detail: translate(locale, `review:translations.short.detail_${why}`, vars),
    source: TRANSLATION_SOURCE,
    places: [s.place, s.original.place],
    passages: [],
    intended: false,
  };
}

export function translationsRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  const translations = uploadSources(input, locale).filter((s) => s.original !== null);
  const out: TReviewFinding[] = [];
  for (const s of translations) {
    const f = shortFinding(s, input, locale);
    if (f) out.push(f);
  }
  const self = translations.filter((s) => s.mode === 'personal');
  if (self.length > 0) {
    out.push({
      key: 'translations:self_certified',
      rule: 'translations',
      severity: 'info',
      title: translate(locale, 'review:translations.self.title', { count: self.length }),
      detail: translate(locale, 'review:translations.self.detail'),
      source: TRANSLATION_SOURCE,
      places: self.slice(0, 200).map((s) => s.place),
      passages: [],
      intended: false,
    });
  }
  return out;
}
