import type { Locale, TReviewFinding, TReviewPlace } from '@dossier/contract';
import { allItems, bindingsOf, type Item } from '@dossier/forms';
import { translate } from '@dossier/i18n';
import {
  type NameMention,
  nameKey,
  nameMentions,
  type PersonName,
  pinyinMatches,
  pinyinOf,
} from '../consistency-names.ts';
import { documentBlocks, paragraphPlace, uploadSources } from '../leftovers-sources.ts';
import type { ReviewInput } from '../review-input.ts';

/**
 * Rule `consistency` (issue 31 item 3, decision 0072): the petitioner's name and date of birth as the profile, the
 * forms' answers, the petition letter and US plan, the recommendation letters' English text and the evidence's English
 * names give them. Every way a value is written is listed with each place it appears; the customer can mark a finding
 * as intended (its key names the variants, so a new variant is a new finding).
 *
 * - Name spelled two ways ("Zhang Wei" on the forms, "Zhang Wai" in a letter): warn, `consistency:name:<variants>`.
 * - Name written given name first in the English text ("Wei Zhang"): the same person; info, `consistency:name_order:…`.
 * - The Chinese characters do not read as the forms' pinyin (no reading of any character gives it): warn.
 * - The Chinese characters or the date of birth differ between the profile and a form, or a text's "born on …": warn.
 *
 * The payment forms (G-1450, G-1650) are left out: the card holder or account holder may be someone else. Job titles,
 * employers and salaries have one source each on the forms (I-140 Parts 5 and 6): nothing to compare them with yet.
 */

const PAYMENT_FORMS = new Set(['G-1450', 'G-1650']);
const PLACES_MAX = 200;

interface Sighting {
  /** Normalised value: what two sightings must share to agree. */
  value: string;
  written: string;
  place: TReviewPlace;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function written(place: TReviewPlace, as: string, locale: Locale): TReviewPlace {
  return {
    ...place,
    label: clip(translate(locale, 'review:consistency.place.written', { place: place.label, text: as }), 500),
  };
}

/** Profile and form answers: the name groups, the names in Chinese characters and the date of birth. */
function structured(input: ReviewInput, locale: Locale) {
  const names: Array<PersonName & { place: TReviewPlace }> = [];
  const natives: Sighting[] = [];
  const births: Sighting[] = [];
  const profilePlace: TReviewPlace = {
    tab: 'form',
    target: 'profile',
    label: translate(locale, 'review:consistency.place.profile'),
  };
  const p = input.profile;
  if (text(p['name.family']) && text(p['name.given'])) {
    names.push({ family: text(p['name.family']), given: text(p['name.given']), place: profilePlace });
  }
  const profileNative = text(p['native.family']) + text(p['native.given']);
  if (profileNative) natives.push({ value: profileNative, written: profileNative, place: profilePlace });
  if (text(p['birth.date'])) {
    births.push({ value: text(p['birth.date']), written: text(p['birth.date']), place: profilePlace });
  }

  for (const f of input.forms) {
    if (PAYMENT_FORMS.has(f.def.formNumber)) continue;
    const bindings = bindingsOf(f.def);
    const partOf = new Map(f.def.parts.flatMap((part) => part.items.map((it) => [it.id, part.number])));
    // "Form I-140, Part 3, item 1.a"; an item printed without a number (G-1145) by its label.
    const place = (it: Item): TReviewPlace => ({
      tab: 'form',
      target: f.def.formNumber,
      label: translate(locale, `review:consistency.place.${it.number ? 'form' : 'form_unnumbered'}`, {
        form: f.def.formNumber,
        part: partOf.get(it.id) ?? '',
        item: it.number.replace(/\.$/, ''),
        label: it.label[locale],
      }),
    });
    let name: { family: string; given: string; item: Item } | null = null;
    let native: { family: string; given: string; item: Item } | null = null;
    const flush = () => {
      if (name?.family && name.given)
        names.push({ family: name.family, given: name.given, place: place(name.item) });
      const han = native ? native.family + native.given : '';
      if (native && han) natives.push({ value: han, written: han, place: place(native.item) });
      name = null;
      native = null;
    };
    for (const it of allItems(f.def)) {
      const key = bindings[it.id];
      const v = text(f.state.values[it.id]);
      if (key === 'name.family') {
        flush();
        name = { family: v, given: '', item: it };
      } else if (key === 'name.given' && name) name.given = v;
      else if (key === 'native.family') {
        flush();
        native = { family: v, given: '', item: it };
      } else if (key === 'native.given' && native) native.given = v;
      else if (key === 'birth.date' && v) births.push({ value: v, written: v, place: place(it) });
    }
    flush();
  }
  return { names, natives, births };
}

/** The English texts that name the petitioner, each with its place: paragraphs, letter pages, evidence names. */
function englishTexts(input: ReviewInput, locale: Locale): Array<{ text: string; place: TReviewPlace }> {
  const out: Array<{ text: string; place: TReviewPlace }> = [];
  for (const b of documentBlocks(input)) {
    out.push({ text: b.text, place: paragraphPlace(b.document, b.paragraph, locale) });
  }
  for (const s of uploadSources(input, locale)) {
    if (!((s.role === 'letter' && s.english) || s.role === 'letter_translation')) continue;
    (input.texts.get(s.uploadId) ?? []).forEach((t, i) => {
      out.push({
        text: t,
        place: {
          ...s.place,
          label: translate(locale, 'review:leftovers.place.page', { place: s.place.label, page: i + 1 }),
        },
      });
    });
  }
  for (const n of input.numbering.folders) {
    const folderPlace = (name: string, number: string | number | null): TReviewPlace => ({
      tab: 'evidence',
      target: String(n.folder.id),
      label: translate(locale, 'review:consistency.place.english_name', {
        exhibit:
          number === null
            ? name
            : translate(locale, 'review:leftovers.place.exhibit', { number, name: n.folder.name }),
      }),
    });
    if (n.folder.nameEn) out.push({ text: n.folder.nameEn, place: folderPlace(n.folder.name, n.exhibit) });
    for (const f of n.files) {
      if (f.file.nameEn) out.push({ text: f.file.nameEn, place: folderPlace(f.file.name, f.exhibit) });
    }
  }
  return out;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const BORN =
  /\bborn\s+(?:on\s+)?(?:(\p{L}{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})|(\d{1,2})\s+(\p{L}{3,9})\.?,?\s+(\d{4})|(\d{4})-(\d{2})-(\d{2}))/giu;

/** "born on March 3, 1985", "born 3 March 1985", "born on 1985-03-03" → ISO dates. */
export function birthDatesIn(s: string): Array<{ iso: string; written: string }> {
  const out: Array<{ iso: string; written: string }> = [];
  const iso = (y: string, m: number, d: string) =>
    m >= 1 && m <= 12 ? `${y}-${String(m).padStart(2, '0')}-${d.padStart(2, '0')}` : null;
  const month = (w: string | undefined) =>
    MONTHS.indexOf(w?.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]) + 1;
  for (const m of s.matchAll(BORN)) {
    const date = m[3]
      ? iso(m[3], month(m[1]), m[2]!)
      : m[6]
        ? iso(m[6], month(m[5]), m[4]!)
        : iso(m[7]!, Number(m[8]), m[9]!);
    if (date) out.push({ iso: date, written: m[0].replace(/^born\s+(?:on\s+)?/i, '') });
  }
  return out;
}

/** One finding per field whose sightings disagree: each value with its places. */
function disagreement(
  field: 'birth_date' | 'native',
  sightings: Sighting[],
  locale: Locale,
): TReviewFinding | null {
  const values = [...new Set(sightings.map((s) => s.value))].sort();
  if (values.length < 2) return null;
  return {
    key: clip(`consistency:${field}:${values.join('|')}`, 300),
    rule: 'consistency',
    severity: 'warn',
    title: translate(locale, `review:consistency.${field}.title`, { count: values.length }),
    detail: clip(
      translate(locale, `review:consistency.${field}.detail`, {
        values: values.map((v) => `“${v}”`).join(locale === 'zh' ? '、' : ', '),
      }),
      4000,
    ),
    source: null,
    places: sightings.slice(0, PLACES_MAX).map((s) => written(s.place, s.written, locale)),
    passages: [],
    intended: false,
  };
}

export function consistencyRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  const out: TReviewFinding[] = [];
  const { names, natives, births } = structured(input, locale);
  const texts = englishTexts(input, locale);
  const canonical = names[0];

  if (canonical) {
    const display = (n: PersonName) => `${n.family} ${n.given}`;
    const others = input.rows.letters.flatMap((l): PersonName[] =>
      [l.nameEn, l.name].flatMap((full) => {
        const parts = (full ?? '').trim().split(/\s+/);
        return parts.length === 2 ? [{ family: parts[0]!, given: parts[1]! }] : [];
      }),
    );
    const spellings = new Map<string, Sighting[]>();
    const add = (family: string, given: string, s: Omit<Sighting, 'value'>) => {
      const value = `${nameKey(family)} ${nameKey(given)}`;
      spellings.set(value, [...(spellings.get(value) ?? []), { ...s, value }]);
    };
    for (const n of names) add(n.family, n.given, { written: display(n), place: n.place });
    const reversed: Array<{ mention: NameMention; place: TReviewPlace }> = [];
    for (const t of texts) {
      for (const m of nameMentions(t.text, canonical, others)) {
        add(m.family, m.given, { written: m.text, place: t.place });
        if (m.givenFirst) reversed.push({ mention: m, place: t.place });
      }
    }
    if (spellings.size > 1) {
      const variants = [...spellings.keys()].sort();
      const summary = [...spellings.values()]
        .map((ss) =>
          translate(locale, 'review:consistency.name.variant', { name: ss[0]!.written, count: ss.length }),
        )
        .join(locale === 'zh' ? '；' : '; ');
      out.push({
        key: clip(`consistency:name:${variants.join('|')}`, 300),
        rule: 'consistency',
        severity: 'warn',
        title: translate(locale, 'review:consistency.name.title', { count: variants.length }),
        detail: clip(translate(locale, 'review:consistency.name.detail', { variants: summary }), 4000),
        source: null,
        places: [...spellings.values()]
          .flat()
          .slice(0, PLACES_MAX)
          .map((s) => written(s.place, s.written, locale)),
        passages: [],
        intended: false,
      });
    }
    if (reversed.length > 0) {
      out.push({
        key: clip(`consistency:name_order:${nameKey(canonical.family)} ${nameKey(canonical.given)}`, 300),
        rule: 'consistency',
        severity: 'info',
        title: translate(locale, 'review:consistency.name_order.title', {
          example: reversed[0]!.mention.text,
        }),
        detail: translate(locale, 'review:consistency.name_order.detail', {
          count: reversed.length,
          family: canonical.family,
          given: canonical.given,
        }),
        source: null,
        places: reversed.slice(0, PLACES_MAX).map((r) => written(r.place, r.mention.text, locale)),
        passages: [],
        intended: false,
      });
    }
    // The Chinese characters against the pinyin (the profile's, else the first form's).
    const family = text(input.profile['native.family']);
    const given = text(input.profile['native.given']);
    if (
      family &&
      given &&
      !(pinyinMatches(family, canonical.family) && pinyinMatches(given, canonical.given))
    ) {
      out.push({
        key: clip(
          `consistency:pinyin:${family}${given}:${nameKey(canonical.family)} ${nameKey(canonical.given)}`,
          300,
        ),
        rule: 'consistency',
        severity: 'warn',
        title: translate(locale, 'review:consistency.pinyin.title', {
          han: family + given,
          name: display(canonical),
        }),
        detail: translate(locale, 'review:consistency.pinyin.detail', {
          han: family + given,
          pinyin: `${pinyinOf(family)} ${pinyinOf(given)}`,
          name: display(canonical),
        }),
        source: null,
        places: [canonical.place],
        passages: [],
        intended: false,
      });
    }
  }

  const nativeFinding = disagreement('native', natives, locale);
  if (nativeFinding) out.push(nativeFinding);
  const textBirths: Sighting[] = texts.flatMap((t) =>
    birthDatesIn(t.text).map((d) => ({ value: d.iso, written: d.written, place: t.place })),
  );
  const birthFinding = disagreement('birth_date', [...births, ...textBirths], locale);
  if (birthFinding) out.push(birthFinding);
  // Names and dates come from the customer's answers: bounded here whatever their length.
  return out.map((f) => ({ ...f, title: clip(f.title, 500), detail: clip(f.detail, 4000) }));
}
