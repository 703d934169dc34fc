/** Payment-number checks for G-1450 (card) and G-1650 (ACH). Pure functions. */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';

/** Luhn (mod 10) check over a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const BRAND_LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
};

/** The brand a card number's prefix (IIN) belongs to, among the four the G-1450 accepts. */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  const p2 = Number(digits.slice(0, 2));
  const p4 = Number(digits.slice(0, 4));
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return 'mastercard';
  const p3 = Number(digits.slice(0, 3));
  const p6 = Number(digits.slice(0, 6));
  if (
    /^6011/.test(digits) ||
    /^65/.test(digits) ||
    (p3 >= 644 && p3 <= 649) ||
    (p6 >= 622126 && p6 <= 622925)
  ) {
    return 'discover';
  }
  return null;
}

export function cardLengthValid(digits: string, brand: CardBrand): boolean {
  return BRAND_LENGTHS[brand].includes(digits.length);
}

/** ABA routing number: 9 digits with the 3-7-1 weighted checksum ≡ 0 (mod 10). */
export function abaRoutingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** U.S. bank account numbers (ACH DFI account): digits only, 4 to 17 of them. */
export function bankAccountValid(account: string): boolean {
  return /^\d{4,17}$/.test(account);
}

/** A card expiring `YYYY-MM` is good through the end of that month. */
export function cardNotExpired(expiry: string, today: string): boolean {
  return expiry >= today.slice(0, 7);
}
