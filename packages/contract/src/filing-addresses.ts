import { z } from 'zod';

/**
 * "Where to file" a stand-alone Form I-140 (with or without Form I-907), as dated data (decision 0067): each
 * version of the table has the first postmark date it applies to, its source and the day it was checked. A case
 * uses the version in force on its planned filing date; staff publish a new version (with a later effective
 * date) in the console, the old ones are kept. The rule: the state where the beneficiary will work (I-140 Part 6
 * item 9.d), else the petitioner's U.S. state (Part 1 item 3.e), else "outside the United States"; premium
 * processing or not; each lockbox has one address for the U.S. Postal Service and one for couriers.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** U.S. states, DC and territories as the I-140's state list spells them. */
export const US_STATE_CODES: readonly string[] = (
  'AK AL AR AS AZ CA CO CT DC DE FL FM GA GU HI IA ID IL IN KS KY LA MA MD ME MH MI MN MO MP ' +
  'MS MT NC ND NE NH NJ NM NV NY OH OK OR PA PR PW RI SC SD TN TX UT VA VI VT WA WI WV WY'
).split(' ');
/** The rule's key for a beneficiary with neither a U.S. worksite nor a U.S. address. */
export const OUTSIDE_US = 'outside';

const line = z.string().trim().min(1).max(80);
export const ZLockbox = z.object({
  id: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/),
  name: z.string().trim().min(1).max(80),
  usps: z.array(line).min(2).max(6),
  courier: z.array(line).min(2).max(6),
});
export const ZWhereToFileRule = z.object({
  /** Two-letter codes, or `outside`. */
  states: z
    .array(z.string().refine((s) => s === OUTSIDE_US || US_STATE_CODES.includes(s), 'state'))
    .min(1)
    .max(70),
  /** Absent: with or without premium processing. */
  premium: z.boolean().optional(),
  lockbox: z.string().max(32),
});
export const ZWhereToFileTable = z
  .object({
    effectiveFrom: z.string().regex(ISO_DATE),
    source: z.string().url().max(300),
    checked: z.string().regex(ISO_DATE),
    note: z.string().max(500).optional(),
    lockboxes: z.array(ZLockbox).min(1).max(10),
    rules: z.array(ZWhereToFileRule).min(1).max(20),
  })
  .superRefine((t, ctx) => {
    const ids = new Set(t.lockboxes.map((l) => l.id));
    t.rules.forEach((r, i) => {
      if (!ids.has(r.lockbox))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'lockbox'], message: 'unknown' });
    });
    // Every place, with and without premium processing, has exactly one address.
    for (const premium of [false, true])
      for (const state of [...US_STATE_CODES, OUTSIDE_US]) {
        const n = t.rules.filter(
          (r) => r.states.includes(state) && (r.premium ?? premium) === premium,
        ).length;
        if (n !== 1)
          ctx.addIssue({
            code: 'custom',
            path: ['rules'],
            message: `${state}${premium ? ' premium' : ''}: ${n}`,
          });
      }
  });
export type WhereToFileTable = z.infer<typeof ZWhereToFileTable>;
export type Lockbox = z.infer<typeof ZLockbox>;

const EAST: readonly string[] =
  'AL AR CT DC DE FL GA KY LA MA MD ME MS NC NH NJ NM NY OK PA PR RI SC TN TX VA VI VT WV'.split(' ');
const WEST = US_STATE_CODES.filter((s) => !EAST.includes(s));

/**
 * The shipped table. Source: USCIS "Direct Filing Addresses for Form I-140" (uscis.gov/i-140-addresses) as
 * changed from 2024-04-01 (filings at the old sites rejected from 2024-05-02): Elgin or Phoenix lockbox by the
 * state of employment, the I-907 filed with its I-140 at the same lockbox. The state split and the P.O. boxes
 * were not re-read from uscis.gov in this build (shared/reference/uscis/report.md §8 item 5): staff confirm them
 * and publish a corrected version in the console (the cover sheet tells the petitioner to check the page).
 */
export const WHERE_TO_FILE: readonly WhereToFileTable[] = [
  {
    effectiveFrom: '2024-04-01',
    source:
      'https://www.uscis.gov/forms/all-forms/direct-filing-addresses-for-form-i-140-immigrant-petition-for-alien-worker',
    checked: '2026-11-29',
    note: 'State split and box numbers to be confirmed against uscis.gov by staff.',
    lockboxes: [
      {
        id: 'elgin',
        name: 'USCIS Elgin Lockbox',
        usps: ['USCIS', 'Attn: I-140', 'P.O. Box 4008', 'Carol Stream, IL 60197-4008'],
        courier: ['USCIS', 'Attn: I-140 (Box 4008)', '2500 Westfield Drive', 'Elgin, IL 60124-7836'],
      },
      {
        id: 'phoenix',
        name: 'USCIS Phoenix Lockbox',
        usps: ['USCIS', 'Attn: I-140', 'P.O. Box 21223', 'Phoenix, AZ 85036-1223'],
        courier: ['USCIS', 'Attn: I-140 (Box 21223)', '2108 E. Elliot Rd.', 'Tempe, AZ 85284-1806'],
      },
    ],
    rules: [
      { states: [...EAST], lockbox: 'elgin' },
      { states: [...WEST, OUTSIDE_US], lockbox: 'phoenix' },
    ],
  },
];

/** The version in force on `date` (the latest whose effective date is not after it), or null before the first. */
export function whereToFileOn(
  date: string,
  tables: readonly WhereToFileTable[] = WHERE_TO_FILE,
): WhereToFileTable | null {
  let best: WhereToFileTable | null = null;
  for (const t of tables)
    if (t.effectiveFrom <= date && (!best || t.effectiveFrom > best.effectiveFrom)) best = t;
  return best;
}

export interface FilingAddress {
  table: Pick<WhereToFileTable, 'effectiveFrom' | 'source' | 'checked'>;
  lockbox: Lockbox;
  /** The state that decided it, or `outside`. */
  place: string;
}

/**
 * The one filing address of a case: the state where the beneficiary will work, else the petitioner's U.S.
 * state, else `outside`; with or without premium processing; the table in force on the filing date.
 */
export function filingAddressFor(opts: {
  date: string;
  premium: boolean;
  workState?: string | null;
  homeState?: string | null;
  tables?: readonly WhereToFileTable[];
}): FilingAddress | null {
  const table = whereToFileOn(opts.date, opts.tables);
  if (!table) return null;
  const known = (s: string | null | undefined) =>
    s && US_STATE_CODES.includes(s.toUpperCase()) ? s.toUpperCase() : null;
  const place = known(opts.workState) ?? known(opts.homeState) ?? OUTSIDE_US;
  const rule = table.rules.find(
    (r) => r.states.includes(place) && (r.premium ?? opts.premium) === opts.premium,
  );
  const lockbox = rule && table.lockboxes.find((l) => l.id === rule.lockbox);
  if (!lockbox) return null;
  const { effectiveFrom, source, checked } = table;
  return { table: { effectiveFrom, source, checked }, lockbox, place };
}

/** A version as the staff console lists it: shipped with the release or published by staff. */
export const ZWhereToFileVersion = z.object({
  table: ZWhereToFileTable,
  source: z.enum(['shipped', 'staff']),
  published_by: z.string().nullable(),
  published_at: z.string().nullable(),
  /** The version cases filed today use. */
  in_force: z.boolean(),
});
export const ZStaffWhereToFile = z.object({
  /** The UTC day the list was read: a new version must start after it. */
  today: z.string(),
  versions: z.array(ZWhereToFileVersion),
});
export type TStaffWhereToFile = z.infer<typeof ZStaffWhereToFile>;

/** Errors of publishing a version (i18n `errors.<code>`). */
export const WhereToFileErrorCode = {
  /** A new version must start after today: addresses a filing already used never change. */
  past: 'where_to_file_past',
  /** A version already starts on that day. */
  exists: 'where_to_file_exists',
} as const;
