import { existsSync, readFileSync } from 'node:fs';
import { FEE_SCHEDULE, FEE_TABLE_CHECKED } from '@dossier/contract';
import { EB1A_SAMPLE, editionId, getForm, toPdfFields } from '@dossier/forms';
import { describe, expect, it } from 'vitest';
import { requiredInCI } from '../../../../../scripts/ci.mjs';
import { pdfjsFieldObjects } from '../../../test/pdf-assertions.ts';
import { fillOfficialPdf } from '../../pdf/forms/fill.ts';
import { caseContext, evaluate, formsFingerprint, withAmount } from './form-state.ts';

const cc = (over: Partial<Parameters<typeof caseContext>[0]> = {}) =>
  caseContext({
    category: 'EB1A',
    profile: {},
    premium: true,
    paymentMethod: 'G-1450',
    today: '2026-11-21',
    refusedEmailDomains: ['qq.com'],
    feeSchedule: FEE_SCHEDULE,
    feesChecked: FEE_TABLE_CHECKED,
    ...over,
  });
const g1450 = getForm('G-1450')!;
const g1145 = getForm('G-1145')!;

describe('form state', () => {
  it('empty → draft → complete; a later profile change can make a saved form incomplete', () => {
    expect(evaluate(g1145, { data: null, draft: null, overrides: [] }, cc()).status).toBe('empty');
    const draft = evaluate(g1145, { data: null, draft: { values: { 'p1.last': 'X' } }, overrides: [] }, cc());
    expect(draft.status).toBe('draft');
    expect(draft.draftIssues.map((i) => i.itemId)).toContain('p1.first');
    const profile = { 'name.family': 'CHEN', 'name.given': 'Siyuan', 'contact.email': 'c@example.com' };
    const saved = { data: {}, draft: null, overrides: [] };
    expect(evaluate(g1145, saved, cc({ profile })).status).toBe('complete');
    const broken = evaluate(g1145, saved, cc({ profile: { ...profile, 'contact.email': 'c@qq.com' } }));
    expect(broken.status).toBe('incomplete');
    expect(broken.issues.map((i) => i.code)).toEqual(['email_domain_refused']);
  });

  it('a payment form is complete without a typed amount, and its digest follows the fees due', () => {
    const values = { ...EB1A_SAMPLE.forms['G-1450']!, 'p3.amount': null };
    const row = { data: values, draft: null, overrides: [] };
    const profile = { 'name.family': 'CHEN', 'name.given': 'Siyuan' };
    const state = evaluate(g1450, row, cc({ profile }));
    expect(state.status).toBe('complete');
    expect(state.values['p3.amount']).toBeUndefined();
    const a = formsFingerprint(cc({ profile }), [{ def: g1450, state }]);
    const later = cc({ profile, today: '2027-01-01' });
    expect(formsFingerprint(later, [{ def: g1450, state: evaluate(g1450, row, later) }])).toBe(a);
    const before = cc({ profile, today: '2026-02-01' }); // before the I-907 fee rose: other payments, other digest
    expect(formsFingerprint(before, [{ def: g1450, state: evaluate(g1450, row, before) }])).not.toBe(a);
  });

  const blank = new URL('../../../../../../shared/forms/g-1450-2019-09-27.pdf', import.meta.url);
  const haveBlank = requiredInCI(existsSync(blank), 'G-1450 print test', `${blank.pathname} not found`);
  it.skipIf(!haveBlank)(
    'prints one copy per payment, each with exactly its fee',
    {
      timeout: 60_000,
    },
    async () => {
      const c = cc();
      const values = evaluate(
        g1450,
        { data: EB1A_SAMPLE.forms['G-1450']!, draft: null, overrides: [] },
        c,
      ).values;
      const printed: unknown[] = [];
      for (const payment of c.payments) {
        const { bytes } = await fillOfficialPdf({
          blank: new Uint8Array(readFileSync(blank)),
          expect: editionId(g1450),
          fields: toPdfFields(g1450, withAmount(g1450, values, c, payment)),
        });
        const objs = await pdfjsFieldObjects(bytes);
        printed.push(objs['form1[0].#subform[0].AuthorizedPaymentAmt[0]']?.[0]?.value);
      }
      expect(printed).toEqual(['715', '300', '2965']);
    },
  );
});
