import { describe, expect, it } from 'vitest';
import { abaRoutingValid, bankAccountValid, cardBrand, luhnValid } from '../src/index.ts';

describe('Luhn', () => {
  it('accepts valid numbers and rejects a one-digit change', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true); // Amex test number
    expect(luhnValid('378282246310006')).toBe(false);
    expect(luhnValid('6011111111111117')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111-1111')).toBe(false);
  });
});

describe('card brand by prefix', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['6445644564456445', 'discover'],
    ['6500000000000002', 'discover'],
    ['6221260000000000', 'discover'],
  ])('%s is %s', (n, brand) => expect(cardBrand(n)).toBe(brand));

  it('knows no other brand', () => {
    expect(cardBrand('3530111333300000')).toBeNull(); // JCB
    expect(cardBrand('2720990000000007'.replace(/^2720/, '2721'))).toBeNull();
    expect(cardBrand('5610591081018250')).toBeNull();
  });
});

describe('ABA routing number (3-7-1 checksum)', () => {
  it('accepts valid and rejects invalid numbers', () => {
    expect(abaRoutingValid('011000015')).toBe(true);
    expect(abaRoutingValid('021000021')).toBe(true);
    expect(abaRoutingValid('121000358')).toBe(true);
    expect(abaRoutingValid('011000016')).toBe(false);
    expect(abaRoutingValid('021000012')).toBe(false);
    expect(abaRoutingValid('01100001')).toBe(false);
    expect(abaRoutingValid('0110000150')).toBe(false);
    expect(abaRoutingValid('01100001a')).toBe(false);
  });

  it('account numbers are 4 to 17 digits', () => {
    expect(bankAccountValid('1234')).toBe(true);
    expect(bankAccountValid('12345678901234567')).toBe(true);
    expect(bankAccountValid('123')).toBe(false);
    expect(bankAccountValid('123456789012345678')).toBe(false);
    expect(bankAccountValid('1234-5678')).toBe(false);
  });
});
