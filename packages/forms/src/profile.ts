/**
 * One profile, many forms (issue 11 §6): which item of each form edition reads which profile value
 * (profile-definition.ts), how a form's values are read with the profile, and what a save writes back.
 */

import { type Issue, issueOf } from './issues.ts';
import type { FormDefinition, FormValues } from './types.ts';
import { allItems, isEmpty } from './values.ts';

export { PROFILE_DEFINITION, PROFILE_KEYS } from './profile-definition.ts';

/** `I-140@06/07/24` — bindings and case values are per edition, because item ids are. */
export const editionKey = (def: Pick<FormDefinition, 'formNumber' | 'edition'>) =>
  `${def.formNumber}@${def.edition}`;

const ADDRESS_SUFFIXES = [
  'in_care_of',
  'street',
  'unit_type',
  'unit',
  'city',
  'state',
  'zip',
  'province',
  'postal_code',
  'country',
] as const;
type AddressSuffix = (typeof ADDRESS_SUFFIXES)[number];

/** Binds a form's address items (given per suffix) to a profile address block. */
function bindAddress(
  items: Partial<Record<AddressSuffix, string>>,
  prefix = 'address',
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(items).map(([suffix, id]) => [id as string, `${prefix}.${suffix}`]),
  );
}

const i907Address = (p: string, prefix = 'address', inCareOf = false) =>
  bindAddress(
    {
      ...(inCareOf ? { in_care_of: `${p}_incareof` } : {}),
      street: `${p}_street`,
      unit_type: `${p}_unit_type`,
      unit: `${p}_unit`,
      city: `${p}_city`,
      state: `${p}_state`,
      zip: `${p}_zip`,
      province: `${p}_province`,
      postal_code: `${p}_postal`,
      country: `${p}_country`,
    },
    prefix,
  );

const names = (family: string, given: string, middle?: string, prefix = 'name') => ({
  [family]: `${prefix}.family`,
  [given]: `${prefix}.given`,
  ...(middle ? { [middle]: `${prefix}.middle` } : {}),
});

/**
 * Form item → profile key, per edition. A self-petitioner is both petitioner and beneficiary: I-140 Part 1
 * and Part 3 read the same name and address, so they agree unless the user overrides one of them.
 */
export const PROFILE_BINDINGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'I-140@06/07/24': {
    ...names('p1.1a', 'p1.1b', 'p1.1c'),
    ...bindAddress({
      in_care_of: 'p1.3a',
      street: 'p1.3b',
      unit_type: 'p1.3c_type',
      unit: 'p1.3c',
      city: 'p1.3d',
      state: 'p1.3e',
      zip: 'p1.3f',
      province: 'p1.3g',
      postal_code: 'p1.3h',
      country: 'p1.3i',
    }),
    'p1.7': 'ids.ssn',
    'p1.8': 'ids.uscis_account',
    ...names('p3.1a', 'p3.1b', 'p3.1c'),
    ...bindAddress({
      in_care_of: 'p3.2a',
      street: 'p3.2b',
      unit_type: 'p3.2c_type',
      unit: 'p3.2c',
      city: 'p3.2d',
      state: 'p3.2e',
      zip: 'p3.2f',
      province: 'p3.2g',
      postal_code: 'p3.2h',
      country: 'p3.2i',
    }),
    'p3.3': 'birth.date',
    'p3.4': 'birth.city',
    'p3.5': 'birth.province',
    'p3.6': 'birth.country',
    'p3.7': 'citizenship',
    'p3.8': 'ids.a_number',
    'p3.9': 'ids.ssn',
    'p3.12': 'passport.number',
    'p3.14': 'passport.country',
    'p3.15': 'passport.expiry',
    ...names('p4.4a', 'p4.4b', 'p4.4c', 'native'),
    ...bindAddress(
      {
        street: 'p4.5b',
        unit_type: 'p4.5c_type',
        unit: 'p4.5c',
        city: 'p4.5d',
        province: 'p4.5e',
        postal_code: 'p4.5f',
        country: 'p4.5g',
      },
      'native_address',
    ),
    ...names('p8.1a', 'p8.1b'),
    'p8.3': 'contact.day_phone',
    'p8.4': 'contact.mobile',
    'p8.5': 'contact.email',
    ...names('p10.1a', 'p10.1b', undefined, 'preparer'),
    'p10.2': 'preparer.org',
    'p10.3': 'preparer.day_phone',
    'p10.4': 'preparer.mobile',
    'p10.5': 'preparer.email',
  },
  'I-907@04/01/24': {
    'p1.1': 'ids.a_number',
    'p1.2': 'ids.uscis_account',
    ...names('p1.3a', 'p1.3b', 'p1.3c'),
    ...i907Address('p1.5', 'address', true),
    ...names('p2.4a', 'p2.4b', 'p2.4c'),
    ...names('p2.5a', 'p2.5b', 'p2.5c'),
    ...i907Address('p2.8'),
    'p3.3': 'contact.day_phone',
    'p3.4': 'contact.mobile',
    'p3.6': 'contact.email',
    ...names('p5.1a', 'p5.1b', undefined, 'preparer'),
    'p5.2': 'preparer.org',
    ...i907Address('p5.3', 'preparer'),
    'p5.4': 'preparer.day_phone',
    'p5.5': 'preparer.mobile',
    'p5.6': 'preparer.email',
    'p5.7': 'preparer.statement',
    'p5.7b': 'preparer.extends',
  },
  'G-1145@09/26/14': {
    ...names('p1.last', 'p1.first', 'p1.middle'),
    'p1.email': 'contact.email',
    'p1.mobile': 'contact.mobile',
  },
  'G-1450@09/27/19': names('p1.family', 'p1.given', 'p1.middle'),
  'G-1650@06/03/25': names('p1.family', 'p1.given', 'p1.middle'),
};

/** The bindings of one edition (item id → profile key); empty for a form nothing binds. */
export function bindingsOf(
  def: Pick<FormDefinition, 'formNumber' | 'edition'>,
): Readonly<Record<string, string>> {
  return PROFILE_BINDINGS[editionKey(def)] ?? {};
}

export type ValueSource = 'profile' | 'override';

export interface EffectiveValues {
  values: Record<string, FormValues[string]>;
  /** For every bound item: read from the profile, or overridden for this form. */
  sources: Record<string, ValueSource>;
}

/**
 * A form's values as the user sees them: its own answers, with every bound item that is not overridden read
 * from the profile (an empty profile value reads as empty).
 */
export function withProfile(
  def: FormDefinition,
  own: FormValues,
  profile: FormValues,
  overrides: readonly string[],
): EffectiveValues {
  const values: Record<string, FormValues[string]> = { ...own };
  const sources: Record<string, ValueSource> = {};
  const overridden = new Set(overrides);
  for (const [itemId, key] of Object.entries(bindingsOf(def))) {
    if (overridden.has(itemId)) {
      sources[itemId] = 'override';
      continue;
    }
    sources[itemId] = 'profile';
    const v = profile[key];
    if (isEmpty(v)) delete values[itemId];
    else values[itemId] = v;
  }
  return { values, sources };
}

/**
 * What a complete form save writes back to the profile: the answers of bound, non-overridden items (entered
 * once, they fill every other form). Items bound to the same key agree for a self-petitioner (I-140 Part 1 and
 * Part 3); when they do not, the first answer in form order goes to the profile and each disagreeing item is
 * kept for this form only (`overridden`, a `profile_conflict` warning): USCIS accepts a petitioner's mailing
 * address that differs from the beneficiary's, so the save is not refused (issue 28 item 1).
 */
export function profileUpdatesFrom(
  def: FormDefinition,
  values: FormValues,
  overrides: readonly string[],
): { updates: Record<string, FormValues[string]>; issues: Issue[]; overridden: string[] } {
  const bindings = bindingsOf(def);
  const already = new Set(overrides);
  const updates: Record<string, FormValues[string]> = {};
  const from: Record<string, string> = {};
  const issues: Issue[] = [];
  const overridden: string[] = [];
  for (const it of allItems(def)) {
    const key = bindings[it.id];
    if (!key || already.has(it.id)) continue;
    const v = isEmpty(values[it.id]) ? null : (values[it.id] ?? null);
    if (!(key in updates)) {
      updates[key] = v;
      from[key] = it.id;
    } else if (String(updates[key] ?? '') !== String(v ?? '')) {
      const first = allItems(def).find((x) => x.id === from[key]);
      const part = def.parts.find((p) => p.items.some((x) => x.id === from[key]));
      issues.push(
        issueOf(it.id, 'profile_conflict', { part: part?.number ?? '', item: first?.number ?? '' }),
      );
      overridden.push(it.id);
    }
  }
  return { updates, issues, overridden };
}

/** Overridden items whose answer differs from the profile's (which the other forms print): a warning each. */
export function overrideWarnings(
  def: FormDefinition,
  values: FormValues,
  profile: FormValues,
  overrides: readonly string[],
): Issue[] {
  const bindings = bindingsOf(def);
  return overrides
    .filter((id) => {
      const key = bindings[id];
      return key && !isEmpty(profile[key]) && String(profile[key]) !== String(values[id] ?? '');
    })
    .map((id) => issueOf(id, 'profile_override'));
}
