/**
 * Government fees as a dated table (spec §9; ../shared/reference/uscis/report.md §6 has the sources).
 * Amounts are integer US cents. `from` is the first postmark date (inclusive, YYYY-MM-DD) an amount
 * applies to. Shown as information and on the packet's cover sheet; re-check against uscis.gov before
 * every release — FEE_TABLE_CHECKED is the date the figures were last verified.
 */
export const FEE_TABLE_CHECKED = '2026-07-01';

export interface DatedAmount {
  from: string;
  cents: number;
}

export const FEE_KEYS = [
  'i140',
  'asylumProgramSelf',
  'asylumProgramStandard',
  'i907',
  'nvcPerPerson',
] as const;
export type FeeKey = (typeof FEE_KEYS)[number];

/** Every fee's amounts by date, oldest first. */
export type FeeSchedule = Record<FeeKey, readonly DatedAmount[]>;

export const FEE_SCHEDULE: FeeSchedule = {
  /** Form I-140 filing fee: $700 (2016 rule), $715 from 2024-04-01 (final rule of 2024-01-31). */
  i140: [
    { from: '2016-12-23', cents: 70_000 },
    { from: '2024-04-01', cents: 71_500 },
  ],
  /** Asylum Program Fee for self-petitioners (and employers with ≤ 25 FTE): $300, new from 2024-04-01. */
  asylumProgramSelf: [{ from: '2024-04-01', cents: 30_000 }],
  /** Asylum Program Fee, standard employer rate, for reference. */
  asylumProgramStandard: [{ from: '2024-04-01', cents: 60_000 }],
  /** I-907 premium processing for an I-140: $2,500; $2,805 from 2024-02-26; $2,965 from 2026-03-01. */
  i907: [
    { from: '2021-10-19', cents: 250_000 },
    { from: '2024-02-26', cents: 280_500 },
    { from: '2026-03-01', cents: 296_500 },
  ],
  /** NVC immigrant visa processing fee per family member (consular processing only). */
  nvcPerPerson: [{ from: '2023-06-17', cents: 34_500 }],
};

/** Premium processing timeframe: business days since 2024-04-01 (calendar days before). */
export const PREMIUM_PROCESSING = {
  EB1A: { days: 15 },
  NIW: { days: 45 },
  businessDaysFrom: '2024-04-01',
} as const;

/** Dates that change what a filing must look like. */
export const FILING_RULES = {
  /** Only the I-140 edition 06/07/24 is accepted from this date. */
  i140Edition: { edition: '06/07/24', mandatoryFrom: '2024-10-21' },
  /** From this postmark date cheques and money orders are refused: card (G-1450) or ACH (G-1650) only. */
  electronicPaymentOnlyFrom: '2025-10-28',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The shipped table with the amounts staff added in the console (each from a future date, decision 0035):
 * a staff row on a date the table already has is ignored, the rest are merged in date order.
 */
export function withFeeRows(
  base: FeeSchedule,
  rows: readonly { key: FeeKey; from: string; cents: number }[],
): FeeSchedule {
  const out = Object.fromEntries(FEE_KEYS.map((k) => [k, [...base[k]]])) as Record<FeeKey, DatedAmount[]>;
  for (const r of rows) {
    if (!out[r.key] || out[r.key].some((s) => s.from === r.from)) continue;
    out[r.key].push({ from: r.from, cents: r.cents });
  }
  for (const k of FEE_KEYS) out[k].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  return out;
}

/** The amount of `key` for a filing postmarked on `date` (YYYY-MM-DD), or null before the fee existed. */
export function feeOn(key: FeeKey, date: string, schedule: FeeSchedule = FEE_SCHEDULE): number | null {
  if (!ISO_DATE.test(date)) throw new RangeError(`feeOn: expected YYYY-MM-DD, got ${JSON.stringify(date)}`);
  let amount: number | null = null;
  // ISO dates compare correctly as strings.
  for (const step of schedule[key]) if (step.from <= date) amount = step.cents;
  return amount;
}

export type PetitionCategory = 'EB1A' | 'NIW';

export interface FeeLine {
  key: FeeKey;
  cents: number;
  /** USCIS asks for the I-140 fee and the Asylum Program Fee as separate payments of the same type. */
  separatePayment: boolean;
}

export interface FilingFees {
  date: string;
  lines: FeeLine[];
  totalCents: number;
  premium: { days: number; businessDays: boolean } | null;
}

/** What a self-petitioner pays for an I-140 (and optional I-907) postmarked on `date`. */
export function selfPetitionFees(opts: {
  category: PetitionCategory;
  date: string;
  premium: boolean;
  /** The shipped table unless told otherwise (the server passes the one with staff rows). */
  schedule?: FeeSchedule;
}): FilingFees {
  const lines: FeeLine[] = [];
  const add = (key: FeeKey, separatePayment: boolean) => {
    const cents = feeOn(key, opts.date, opts.schedule);
    if (cents !== null) lines.push({ key, cents, separatePayment });
  };
  add('i140', false);
  add('asylumProgramSelf', true);
  if (opts.premium) add('i907', true);
  return {
    date: opts.date,
    lines,
    totalCents: lines.reduce((s, l) => s + l.cents, 0),
    premium: opts.premium
      ? {
          days: PREMIUM_PROCESSING[opts.category].days,
          businessDays: opts.date >= PREMIUM_PROCESSING.businessDaysFrom,
        }
      : null,
  };
}

/** The form a payment belongs with in the package: the I-907 fee goes with the I-907, the others with the I-140. */
export type PaymentForm = 'I-140' | 'I-907';

export interface PaymentDue {
  /** The fee this payment pays (the first line of its group). */
  key: FeeKey;
  cents: number;
  /** Every fee line the payment covers (lines that need no separate payment join the I-140 payment). */
  keys: FeeKey[];
  forForm: PaymentForm;
}

/**
 * The payments a filing needs: one per fee that USCIS wants paid separately, the others joined to the I-140
 * filing fee. Every payment uses the one payment form the case chose (G-1450 card or G-1650 ACH, never
 * mixed), and the authorised amount of each is exactly its fee.
 */
export function paymentsDue(fees: FilingFees): PaymentDue[] {
  const payments: PaymentDue[] = [];
  for (const line of fees.lines) {
    const forForm: PaymentForm = line.key === 'i907' ? 'I-907' : 'I-140';
    const joined = !line.separatePayment && payments.find((p) => p.forForm === 'I-140');
    if (joined) {
      joined.cents += line.cents;
      joined.keys.push(line.key);
    } else payments.push({ key: line.key, cents: line.cents, keys: [line.key], forForm });
  }
  return payments;
}

/** "$2,965" — money for display (US cents → dollars, no decimals when whole). */
/** One formatter each (`toLocaleString` with options builds a new one per call: ~1 ms each). */
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0 });
const WITH_CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 });

export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${(Number.isInteger(dollars) ? WHOLE_DOLLARS : WITH_CENTS).format(dollars)}`;
}
