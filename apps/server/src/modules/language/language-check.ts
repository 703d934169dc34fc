/**
 * Is this text English? (issue 28 item 5, decision 0057) Pure. USCIS reads English only (8 CFR 103.2(b)(3)), so a
 * document or exhibit mailed with text in another language needs an English translation. The judge decides from
 * the text itself, never from a flag:
 * - script: when more than a quarter of the letters are of a non-Latin script (Han, Hangul, Kana, Cyrillic,
 *   Arabic, …) the text is not English, whatever Latin words it also holds (an English letter quoting a few
 *   Chinese names stays English);
 * - Latin script: the share of the words that are English function words against the share of each other
 *   language's function words (French, German, Spanish, Portuguese, Italian, Dutch, Romanian, Vietnamese, …), and
 *   letters only other languages write (ș ț ă are Romanian, ß German, ñ Spanish, ơ ư Vietnamese); Latin text with
 *   few function words of any language (a list of nouns, a table) is not judged.
 * Too little text (fewer than MIN_LETTERS letters of which fewer than MIN_SCRIPT_LETTERS of a non-Latin script, or
 * fewer than MIN_WORDS words of Latin script) is not judged.
 */

export type LanguageVerdict =
  | { verdict: 'english' }
  | { verdict: 'not_english'; language: LanguageCode }
  | { verdict: 'unknown' };

export const LANGUAGE_CODES = [
  'zh',
  'ja',
  'ko',
  'ru',
  'ar',
  'he',
  'el',
  'th',
  'hi',
  'fr',
  'de',
  'es',
  'pt',
  'it',
  'nl',
  'ro',
  'vi',
  'pl',
  'tr',
  'other',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const MIN_LETTERS = 40;
/** Han, Kana and Hangul say more per letter: this many of a non-Latin script is enough to judge. */
export const MIN_SCRIPT_LETTERS = 15;
export const MIN_WORDS = 10;
/** Above this share of a text's letters in a non-Latin script, the text is not English. */
const FOREIGN_SCRIPT_SHARE = 0.25;
/** English function words must be at least this share of the words (English prose: about 0.4). */
const ENGLISH_WORD_SHARE = 0.15;
/** Above this share of English function words, foreign letters (names) do not matter. */
const ENGLISH_PROSE_SHARE = 0.25;
/** Another language's function words must be at least this share of the words to name it. */
const RIVAL_WORD_SHARE = 0.1;
/** Letters foreign to English: above this share of the Latin letters, the text is not English (names aside). */
const FOREIGN_LETTER_SHARE = 0.02;

const SCRIPTS: readonly [RegExp, LanguageCode][] = [
  [/\p{Script=Hangul}/u, 'ko'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Devanagari}/u, 'hi'],
];

const words = (list: string) => new Set(list.split(' '));

const ENGLISH = words(
  'the of and to in is that for with as on by was are be this it from at has have an which his her he she their or not were been its who will would can also our we they these there than more had but such into about other all one may only under',
);

/** Function words of other Latin-script languages (none of them also a common English word). */
const OTHERS: readonly [LanguageCode, Set<string>][] = [
  [
    'fr',
    words(
      'le la les des et est une du que pour dans sur avec pas qui sont au aux ce cette il elle nous vous par été être ont leur',
    ),
  ],
  [
    'de',
    words(
      'der die das und ist nicht mit den von zu ein eine für auf dem sich des im auch wird werden sind wurde bei nach einer',
    ),
  ],
  [
    'es',
    words(
      'el la los las y que en es por con para una del se lo su como más pero sus fue ha este esta son entre',
    ),
  ],
  [
    'pt',
    words('os as e que em não uma para com do da dos das ao foi são seu sua mais pelo pela este esta também'),
  ],
  [
    'it',
    words('il di che e la per un una del della non sono con gli le nel nella è dei delle ha questo anche'),
  ],
  [
    'nl',
    words('de het een en van is dat niet op te zijn met voor ook door wordt worden bij naar deze heeft'),
  ],
  [
    'ro',
    words('și în de la cu pe este care un o din pentru nu sunt fost al ai ale mai sau ca acest această fi'),
  ],
  ['vi', words('của và là các những được trong cho không người một có này với đã để từ về')],
  ['pl', words('i w z na się nie do że jest to o jak od po za są przez dla oraz jego')],
  ['tr', words('ve bir bu için ile da de olan olarak daha çok gibi en ne var kadar sonra')],
];

/** Letters English never writes, and the language they point at. */
const FOREIGN_LETTERS: readonly [RegExp, LanguageCode][] = [
  [/[șşțţăȘŞȚŢĂ]/u, 'ro'],
  [/[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹƠƯĐ]/u, 'vi'],
  [/[ßäöüÄÖÜ]/u, 'de'],
  [/[ñÑ¿¡]/u, 'es'],
  [/[ãõÃÕ]/u, 'pt'],
  [/[çèêëîïôûùœÇÈÊËÎÏÔÛÙŒàâ]/u, 'fr'],
  [/[ąęłńśźżĄĘŁŃŚŹŻ]/u, 'pl'],
  [/[ğıİĞ]/u, 'tr'],
  [/[áéíóúÁÉÍÓÚ]/u, 'es'],
];

function scriptOf(ch: string): LanguageCode | 'latin' | null {
  // ASCII (most of any letter) without a regular expression: its letters are Latin, the rest are not letters.
  const code = ch.charCodeAt(0);
  if (code < 0x80) return (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a ? 'latin' : null;
  // The CJK Unified Ideographs block is all Han (a Chinese letter is most of a Chinese one's text).
  if (code >= 0x4e00 && code <= 0x9fff) return 'zh';
  // Any other letter: its script found once (the regular expressions below cost ~0.3 µs a character).
  let known = scriptOfLetter.get(ch);
  if (known === undefined) {
    known = scriptByExpressions(ch);
    if (scriptOfLetter.size < MAX_KNOWN_CHARACTERS) scriptOfLetter.set(ch, known);
  }
  return known;
}

/** Characters seen beyond ASCII and the CJK block, with their script; bounded (a text of every code point). */
const MAX_KNOWN_CHARACTERS = 20_000;
const scriptOfLetter = new Map<string, LanguageCode | 'latin' | null>();

function scriptByExpressions(ch: string): LanguageCode | 'latin' | null {
  if (/\p{Script=Latin}/u.test(ch)) return 'latin';
  for (const [re, code] of SCRIPTS) if (re.test(ch)) return code;
  return /\p{L}/u.test(ch) ? 'other' : null;
}

function largest<K>(counts: Map<K, number>): [K, number] | null {
  let best: [K, number] | null = null;
  for (const e of counts) if (!best || e[1] > best[1]) best = e;
  return best;
}

/** What the text's letters say about its language (see the file's comment). */
export function judgeLanguage(text: string): LanguageVerdict {
  const scripts = new Map<LanguageCode | 'latin', number>();
  let letters = 0;
  for (const ch of text) {
    const s = scriptOf(ch);
    if (s === null) continue;
    letters++;
    scripts.set(s, (scripts.get(s) ?? 0) + 1);
  }
  const latin = scripts.get('latin') ?? 0;
  if (letters < MIN_LETTERS && letters - latin < MIN_SCRIPT_LETTERS) return { verdict: 'unknown' };
  scripts.delete('latin');
  const foreign = largest(scripts);
  if (foreign && (letters - latin) / letters > FOREIGN_SCRIPT_SHARE) {
    // Japanese writes Han and Kana: some Kana among the Han makes it Japanese.
    const kana = scripts.get('ja') ?? 0;
    const language = kana > 0.05 * (letters - latin) ? 'ja' : (foreign[0] as LanguageCode);
    return { verdict: 'not_english', language };
  }
  return judgeLatin(text);
}

function judgeLatin(text: string): LanguageVerdict {
  const list = (text.toLowerCase().match(/[\p{Script=Latin}]+/gu) ?? []) as string[];
  if (list.length < MIN_WORDS) return { verdict: 'unknown' };
  // Each word counted once; a language's share sums the counts of its function words (a long letter has many
  // words and few distinct ones).
  const counts = new Map<string, number>();
  for (const w of list) counts.set(w, (counts.get(w) ?? 0) + 1);
  const share = (set: Set<string>) => {
    let n = 0;
    for (const w of set) n += counts.get(w) ?? 0;
    return n / list.length;
  };
  const english = share(ENGLISH);
  const others = new Map(OTHERS.map(([code, set]) => [code, share(set)] as const));
  const [rival, rivalShare] = largest(others)!;
  const latinLetters = list.join('').length;
  const marks = new Map<LanguageCode, number>();
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) continue;
    const hit = FOREIGN_LETTERS.find(([re]) => re.test(ch));
    if (hit) marks.set(hit[1], (marks.get(hit[1]) ?? 0) + 1);
  }
  const marked = [...marks.values()].reduce((a, b) => a + b, 0);
  // English prose full of function words stays English whatever names it quotes (an author list of Vietnamese names).
  if (english >= ENGLISH_PROSE_SHARE && english >= rivalShare) return { verdict: 'english' };
  if (marked / latinLetters > FOREIGN_LETTER_SHARE) {
    // Diacritics shared by several languages (é) say "not English"; the function words say which.
    const byMark = largest(marks)![0];
    return { verdict: 'not_english', language: rivalShare > 0 && rivalShare >= english ? rival : byMark };
  }
  if (english >= ENGLISH_WORD_SHARE && english >= rivalShare) return { verdict: 'english' };
  // Another language is named only on its own evidence: a list of English nouns (a publication list, a table) has
  // few function words of any language and is not judged rather than refused.
  if (rivalShare >= RIVAL_WORD_SHARE && rivalShare > english)
    return { verdict: 'not_english', language: rival };
  return { verdict: 'unknown' };
}
