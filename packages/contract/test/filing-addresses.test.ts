import { describe, expect, it } from 'vitest';
import {
  filingAddressFor,
  US_STATE_CODES,
  WHERE_TO_FILE,
  type WhereToFileTable,
  whereToFileOn,
  ZWhereToFileTable,
} from '../src/index.ts';

const base = WHERE_TO_FILE[0]!;
/** A later version as staff would publish it: from 2027-01-04 every premium filing goes to a third lockbox. */
const later: WhereToFileTable = {
  ...base,
  effectiveFrom: '2027-01-04',
  lockboxes: [
    ...base.lockboxes,
    {
      id: 'dallas',
      name: 'USCIS Dallas Lockbox',
      usps: ['USCIS', 'P.O. Box 660128', 'Dallas, TX 75266-0128'],
      courier: ['USCIS', '2501 S. State Hwy. 121', 'Lewisville, TX 75067-8003'],
    },
  ],
  rules: [
    { states: [...US_STATE_CODES, 'outside'], premium: false, lockbox: 'elgin' },
    { states: [...US_STATE_CODES, 'outside'], premium: true, lockbox: 'dallas' },
  ],
};

describe('where to file a stand-alone I-140', () => {
  it('the shipped table is valid: one address for every place, with and without premium processing', () => {
    expect(ZWhereToFileTable.safeParse(base).success).toBe(true);
    expect(ZWhereToFileTable.safeParse(later).success).toBe(true);
  });

  it('a table giving a state two addresses, or none, is refused', () => {
    const twice = { ...base, rules: [...base.rules, { states: ['CA' as const], lockbox: 'elgin' }] };
    const none = { ...base, rules: base.rules.slice(0, 1) };
    expect(ZWhereToFileTable.safeParse(twice).success).toBe(false);
    expect(ZWhereToFileTable.safeParse(none).success).toBe(false);
  });

  it('by the state of employment (EB-1A researcher in San Diego, NIW engineer in Houston), else home, else outside', () => {
    const at = (workState: string | null, homeState: string | null, premium = false) =>
      filingAddressFor({ date: '2026-11-21', premium, workState, homeState });
    expect(at('CA', 'NY')).toMatchObject({ place: 'CA', lockbox: { id: 'phoenix' } });
    expect(at('TX', null, true)).toMatchObject({ place: 'TX', lockbox: { id: 'elgin' } });
    expect(at(null, 'ny')).toMatchObject({ place: 'NY', lockbox: { id: 'elgin' } });
    expect(at(null, null)).toMatchObject({ place: 'outside', lockbox: { id: 'phoenix' } });
    expect(at('CA', null)!.lockbox.courier.at(-1)).toBe('Tempe, AZ 85284-1806');
    expect(at('CA', null)!.table).toMatchObject({ effectiveFrom: '2024-04-01' });
  });

  it('uses the version in force on the filing date; premium processing can route differently', () => {
    const tables = [base, later];
    expect(whereToFileOn('2027-01-03', tables)!.effectiveFrom).toBe('2024-04-01');
    expect(whereToFileOn('2027-01-04', tables)!.effectiveFrom).toBe('2027-01-04');
    expect(whereToFileOn('2024-03-31', tables)).toBeNull();
    const on = (date: string, premium: boolean) =>
      filingAddressFor({ date, premium, workState: 'CA', tables })!.lockbox.id;
    expect([on('2027-01-03', true), on('2027-01-04', true), on('2027-01-04', false)]).toEqual([
      'phoenix',
      'dallas',
      'elgin',
    ]);
  });
});
