/** Pure money arithmetic of the shop. Every amount is an integer of minor units (cents, fen). */

/** Round half up of a non-negative integer division. */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0 || denominator <= 0) {
    throw new RangeError(`divRoundHalfUp(${numerator}, ${denominator})`);
  }
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** USD cents → CNY fen at a rate of CNY per USD × 10 000 (7.1000 → 71000), rounded half up. */
export function usdCentsToCnyFen(usdCents: number, rateE4: number): number {
  if (!Number.isSafeInteger(rateE4) || rateE4 <= 0) throw new RangeError(`bad rate ${rateE4}`);
  return divRoundHalfUp(usdCents * rateE4, 10_000);
}

/** 71000 → "7.1000" */
export function formatRateE4(rateE4: number): string {
  return `${Math.floor(rateE4 / 10_000)}.${String(rateE4 % 10_000).padStart(4, '0')}`;
}

export interface PromoRule {
  kind: string;
  value: number;
}

/** The discount a promo code gives on `amount` (never more than the amount). */
export function promoDiscount(amount: number, promo: PromoRule | null): number {
  if (!promo) return 0;
  if (promo.kind === 'amount') return Math.min(Math.max(promo.value, 0), amount);
  if (promo.kind === 'percent') {
    const pct = Math.min(Math.max(promo.value, 0), 100);
    return Math.min(divRoundHalfUp(amount * pct, 100), amount);
  }
  throw new RangeError(`unknown promo kind ${promo.kind}`);
}

/** Adds calendar months in UTC; the day is clamped to the target month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(d: Date, months: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const target = new Date(Date.UTC(y, m, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target;
}
