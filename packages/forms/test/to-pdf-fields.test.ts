import { describe, expect, it } from 'vitest';
import type { PdfFieldValue } from '../src/index.ts';
import {
  EB1A_SAMPLE,
  editionId,
  getForm,
  NIW_SAMPLE,
  PdfValueTooLongError,
  toPdfFields,
} from '../src/index.ts';

const i140 = getForm('I-140')!;
const F = (sf: number, name: string) => `form1[0].#subform[${sf}].${name}`;
const byName = (entries: PdfFieldValue[]) => new Map(entries.map((e) => [e.name, e]));
const SIGNATURE_FIELDS = [
  F(5, 'Line1a_SignatureofPetitioner[0]'),
  F(5, 'Part6_Line6a_InterpretersSignature[0]'),
  F(6, 'Part10_Item6_SignatureofPetitioner[0]'),
];

describe('editionId', () => {
  it('names the edition as printed in the footer', () => {
    expect(editionId(i140)).toEqual({ formNumber: 'I-140', edition: '06/07/24' });
  });
});

describe('toPdfFields — EB-1A self-petitioner (I-140)', () => {
  const entries = toPdfFields(i140, EB1A_SAMPLE.forms['I-140']!);
  const m = byName(entries);

  it('selects Part 2 1.a by on-state in the prt2PetitionType group', () => {
    expect(entries.filter((e) => e.kind === 'radio' && e.name === 'prt2PetitionType')).toEqual([
      { name: 'prt2PetitionType', kind: 'radio', exportValue: 'a' },
    ]);
  });

  it('checks Part 5 1.b Self and unchecks Employer and Other', () => {
    expect(m.get(F(2, 'Line1b_Self[0]'))).toEqual({
      name: F(2, 'Line1b_Self[0]'),
      kind: 'checkbox',
      checked: true,
      onValue: 'Y',
    });
    expect(m.get(F(2, 'Line1a_Employer[0]'))).toMatchObject({ kind: 'checkbox', checked: false });
    expect(m.get(F(2, 'Line1c_Other[0]'))).toMatchObject({ kind: 'checkbox', checked: false });
  });

  it('writes yes/no answers as two checkboxes (Part 1 item 5 = No, item 6 = Yes)', () => {
    expect(m.get(F(0, 'P1_Line5_Checkbox[0]'))).toEqual({
      name: F(0, 'P1_Line5_Checkbox[0]'),
      kind: 'checkbox',
      checked: true,
      onValue: 'N',
    });
    expect(m.get(F(0, 'P1_Line5_Checkbox[1]'))).toMatchObject({ checked: false, onValue: 'Y' });
    expect(m.get(F(0, 'P1_Line6_Checkbox[1]'))).toMatchObject({ checked: true, onValue: 'Y' });
    expect(m.get(F(0, 'P1_Line6_Checkbox[0]'))).toMatchObject({ checked: false, onValue: 'N' });
  });

  it('formats as the form prints: dates, comb digits, state choice, SOC split, money', () => {
    expect(m.get(F(1, 'Line5_DateOfBirth[0]'))).toEqual({
      name: F(1, 'Line5_DateOfBirth[0]'),
      kind: 'text',
      value: '03/14/1988',
    });
    expect(m.get(F(0, 'Line7_SSN[0]'))).toMatchObject({ value: '123456789' });
    expect(m.get(F(5, 'Part7_Item5_DayPhone[0]'))).toMatchObject({ value: '6175550142' });
    expect(m.get(F(0, 'Line6e_State[0]'))).toEqual({
      name: F(0, 'Line6e_State[0]'),
      kind: 'choice',
      value: 'MA',
    });
    expect(m.get(F(3, 'Line2_SOCCode1[0]'))).toMatchObject({ value: '19' });
    expect(m.get(F(3, 'Line2_SOCCode2[0]'))).toMatchObject({ value: '1029' });
    expect(m.get(F(3, 'Line3b_AnnualIncome[0]'))).toMatchObject({ value: '168000' });
    expect(m.get(F(3, 'Line8_Per[0]'))).toMatchObject({ value: 'year' });
  });

  it('uses the unit group with the exact on-state, and the Province/Postal swap', () => {
    expect(entries).toContainEqual({ name: 'Line6c_Unit', kind: 'radio', exportValue: ' APT ' });
    expect(m.get(F(2, 'Line2e_Province[0]'))).toMatchObject({ value: 'Beijing' });
    expect(m.get(F(2, 'Line2d_PostalCode[0]'))).toMatchObject({ value: '100190' });
  });

  it('fills native-alphabet items in Chinese', () => {
    expect(m.get(F(2, 'Line3a_FamilyName2[0]'))).toMatchObject({ value: '陈' });
    expect(m.get(F(2, 'Line3b_GivenName2[0]'))).toMatchObject({ value: '思远' });
  });

  it('copies the Part 1 name into Part 11', () => {
    expect(m.get(F(7, 'Pt1Line1a_FamilyName[1]'))).toMatchObject({ value: 'CHEN' });
  });

  it('never emits a signature field and never emits a field twice', () => {
    for (const s of SIGNATURE_FIELDS) expect(m.has(s)).toBe(false);
    expect(entries.some((e) => /signature/i.test(e.name) && !/date/i.test(e.name))).toBe(false);
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
  });

  it('leaves hidden items out even if a stale value remains', () => {
    const stale = toPdfFields(i140, { ...EB1A_SAMPLE.forms['I-140']!, 'p4.1b': 'Guangzhou' });
    expect(stale.some((e) => e.name === F(1, 'Line1a_CityorTown[0]'))).toBe(false);
  });
});

describe('toPdfFields — NIW self-petitioner (I-140)', () => {
  const entries = toPdfFields(i140, NIW_SAMPLE.forms['I-140']!);
  const m = byName(entries);

  it('selects Part 2 1.h, Part 5 1.b Self, consular processing', () => {
    expect(entries).toContainEqual({ name: 'prt2PetitionType', kind: 'radio', exportValue: 'h' });
    expect(m.get(F(2, 'Line1b_Self[0]'))).toMatchObject({ checked: true });
    expect(m.get(F(1, 'Line1a_Visa[0]'))).toMatchObject({ checked: true, onValue: '1a' });
    expect(m.get(F(1, 'Line1b_Status[0]'))).toMatchObject({ checked: false, onValue: '1b' });
    expect(m.get(F(1, 'Line1a_CityorTown[0]'))).toMatchObject({ value: 'Guangzhou' });
  });

  it('puts a Chinese address in Province/Postal Code (h/g fields), with no State or ZIP', () => {
    expect(m.get(F(0, 'Line6h_Province[0]'))).toMatchObject({ value: 'Sichuan' });
    expect(m.get(F(0, 'Line6g_PostalCode[0]'))).toMatchObject({ value: '610041' });
    expect(m.get(F(1, 'Line2h_Province[0]'))).toMatchObject({ value: 'Sichuan' });
    expect(m.has(F(0, 'Line6e_State[0]'))).toBe(false);
    expect(m.has(F(0, 'Line6f_ZipCode[0]'))).toBe(false);
  });

  it('has no signature entries', () => {
    for (const s of SIGNATURE_FIELDS) expect(m.has(s)).toBe(false);
  });
});

describe('toPdfFields — other forms', () => {
  it('G-1450: card number in four boxes, expiry MM/YYYY, Visa box by on-state', () => {
    const m = byName(toPdfFields(getForm('G-1450')!, EB1A_SAMPLE.forms['G-1450']!));
    const F0 = (n: string) => `form1[0].#subform[0].${n}`;
    expect(
      [1, 2, 3, 4].map((n) => (m.get(F0(`CreditCardNumber_${n}[0]`)) as { value: string }).value),
    ).toEqual(['4111', '1111', '1111', '1111']);
    expect(m.get(F0('ExpirationDate[0]'))).toMatchObject({ value: '08/2029' });
    expect(m.get('CreditCardTypeChBx')).toEqual({
      name: 'CreditCardTypeChBx',
      kind: 'radio',
      exportValue: 'V',
    });
    expect(m.get(F0('AuthorizedPaymentAmt[0]'))).toMatchObject({ value: '715' });
    expect(m.has(F0('SignatureOfApplicant[0]'))).toBe(false);
  });

  it('G-1650 has no field map: nothing to fill', () => {
    expect(toPdfFields(getForm('G-1650')!, NIW_SAMPLE.forms['G-1650']!)).toEqual([]);
  });

  it('I-907: petitioner box A, yes/no pair named with one base name', () => {
    const entries = toPdfFields(getForm('I-907')!, EB1A_SAMPLE.forms['I-907']!);
    expect(entries).toContainEqual({ name: 'Part1_Line8_CheckBox', kind: 'radio', exportValue: 'A' });
    expect(entries).toContainEqual({
      name: 'form1[0].#subform[0].Part1Line6_Checkbox[0]',
      kind: 'checkbox',
      checked: true,
      onValue: 'Y',
    });
  });

  it('refuses to cut an over-long value (validation reports it first)', () => {
    expect(() => toPdfFields(i140, { 'p8.5': 'a.very.long.mailbox.name@example.com' })).toThrow(
      PdfValueTooLongError,
    );
  });
});
