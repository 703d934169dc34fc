import { existsSync, readFileSync } from 'node:fs';
import { EB1A_SAMPLE, G1450_2019_09_27 } from '@dossier/forms';
import { describe, expect, it } from 'vitest';
import { requiredInCI, SHARED_DIR } from '../../../../../scripts/ci.mjs';
import { type BlankField, blankFields } from '../../pdf/forms/blank-fields.ts';
import { sheetParts } from './by-hand.service.ts';
import {
  handOnlyItems,
  mappableItems,
  mappingProblems,
  proposeMapping,
  proposeSlot,
  remapDefinition,
  words,
} from './edition-mapping.ts';

const G1450 = `${SHARED_DIR}/forms/g-1450-2019-09-27.pdf`;
const have = requiredInCI(existsSync(G1450), 'G-1450 09/27/19 blank', `${G1450} not found`);

/** The G-1450 blank as a later edition might rename it: every field's last segment changed, tooltips kept. */
const renamed = (fields: BlankField[]): BlankField[] =>
  fields.map((f) => ({
    ...f,
    name: f.name
      .replace('FamilyName[0]', 'Pt1Line1a_FamilyName[0]')
      .replace('AuthorizedPaymentAmt[0]', 'Pt3Line6_AuthorizedPaymentAmount[0]')
      .replace('#subform[0]', '#subform[1]'),
  }));

describe('edition mapping (issue 30 item 4)', () => {
  it('splits field names and labels into words', () => {
    expect(words('form1[0].#subform[0].CCHolderFamilyName[0]')).toEqual([
      'form',
      '1',
      'subform',
      'ccholder',
      'family',
      'name',
    ]);
    expect(words('Pt1Line2b_StreetNumberName')).toEqual([
      'pt',
      '1',
      'line',
      '2b',
      'street',
      'number',
      'name',
    ]);
  });

  it('never maps the card number, type or expiry; signatures are not mapped either', () => {
    expect([...handOnlyItems(G1450_2019_09_27)].sort()).toEqual(['p3.expiry', 'p3.number', 'p3.type']);
    const ids = mappableItems(G1450_2019_09_27).map((i) => i.id);
    expect(ids).not.toContain('p3.number');
    expect(ids).not.toContain('p2.signature');
    expect(ids).toContain('p3.amount');
  });

  it.runIf(have)(
    'proposes the real field of every item on the 09/27/19 blank, each with score 1',
    async () => {
      const fields = await blankFields(new Uint8Array(readFileSync(G1450)));
      const tip = fields.find((f) => f.name.endsWith('.AuthorizedPaymentAmt[0]'))!.tooltip;
      expect(tip).toMatch(/authorized payment amount in dollars/);
      const mapping = proposeMapping(G1450_2019_09_27, fields);
      for (const item of mappableItems(G1450_2019_09_27)) {
        expect(
          mapping[item.id]!.fields.every((f) => f !== null),
          item.id,
        ).toBe(true);
      }
      expect(mapping['p2.family']!.fields).toEqual(['form1[0].#subform[0].CCHolderFamilyName[0]']);
      expect(mapping['p2.unit_type']!.fields).toEqual(['CCHolderAptSteFlr_Unit']);
      // The same mapping fills exactly the definition's fields (the remapped definition equals the original).
      const same = remapDefinition(G1450_2019_09_27, mapping, '09/27/19');
      const amount = same.parts[2]!.items.find((i) => i.id === 'p3.amount')!;
      expect(amount.pdf).toEqual({ kind: 'text', field: 'form1[0].#subform[0].AuthorizedPaymentAmt[0]' });
      expect(same.parts[2]!.items.find((i) => i.id === 'p3.number')!.pdf).toBeNull();
    },
  );

  it.runIf(have)('on renamed fields, proposes by name and tooltip; wrong kinds are refused', async () => {
    const fields = renamed(await blankFields(new Uint8Array(readFileSync(G1450))));
    const item = (id: string) => mappableItems(G1450_2019_09_27).find((i) => i.id === id)!;
    const amount = proposeSlot(
      item('p3.amount'),
      { field: 'form1[0].#subform[0].AuthorizedPaymentAmt[0]', kind: 'text' },
      fields,
    );
    expect(amount.field).toBe('form1[0].#subform[1].Pt3Line6_AuthorizedPaymentAmount[0]');
    expect(amount.score).toBeLessThan(1);
    const family = proposeSlot(
      item('p1.family'),
      { field: 'form1[0].#subform[0].FamilyName[0]', kind: 'text' },
      fields,
    );
    expect(family.field).toBe('form1[0].#subform[1].Pt1Line1a_FamilyName[0]');
    expect(
      mappingProblems(G1450_2019_09_27, fields, [
        { item: 'p1.family', fields: ['form1[0].#subform[1].CreditCardTypeChBx[0]'] },
        { item: 'p3.number', fields: [null, null, null, null] },
        { item: 'p1.given', fields: [] },
      ]),
    ).toHaveLength(3);
  });
});

describe('the "fill by hand" page (issue 30 item 4)', () => {
  it('lists every answer by its printed label; card details are left for the hand whatever was typed', () => {
    const parts = sheetParts(G1450_2019_09_27, { ...EB1A_SAMPLE.forms['G-1450'], 'p3.amount': '715' });
    const rows = new Map(parts.flatMap((p) => p.rows.map((r) => [r.label, r.value])));
    expect(parts.map((p) => p.title)).toEqual([
      "Part 1. Applicant's / Petitioner's / Requester's Information (Full Legal Name)",
      'Part 2. Credit Card Billing Information',
      'Part 3. Credit Card Information',
    ]);
    expect(rows.get('Credit Card Number')).toBeNull();
    expect(rows.get('Credit Card Expiration Date')).toBeNull();
    expect(rows.get('Credit Card Type')).toBeNull();
    expect(rows.get('Authorized Payment Amount')).toBe('715');
    expect(rows.get("Credit Card Holder's Signature")).toBeUndefined();
    expect(JSON.stringify(parts)).not.toContain('4111');
  });
});
