import { describe, expect, it } from 'vitest';
import { caseFilingAddress, certificateSignLines, formSignLines, paymentPlan } from './filing-plan.ts';
import { formOrder } from './form-order.ts';
import type { PacketInput } from './packet.types.ts';
import { tabAndCertificatePagesDoc } from './packet-documents.ts';

const empty = { type: 'doc', content: [] } as unknown as PacketInput['petitionLetter'];
/** An EB-1A self-petition mailed 2026-11-21 with premium processing, paid by card (the fee table of that date). */
const eb1a: PacketInput = {
  locale: 'en',
  category: 'EB1A',
  petitionerName: 'Wei Zhang',
  filingDate: '2026-11-21',
  premium: true,
  payment: 'G-1450',
  forms: [],
  petitionLetter: empty,
  exhibits: [],
  letters: [],
  plan: { doc: empty, attachments: [] },
};

describe('payments: one derivation for the fee box, the signature list and the cover letter', () => {
  it('EB-1A with premium processing: three G-1450s — I-907 fee on the I-907, I-140 fee, Asylum Program Fee', () => {
    expect(paymentPlan(eb1a)).toEqual([
      { n: 1, form: 'G-1450', keys: ['i907'], cents: 296_500, forForm: 'I-907' },
      { n: 2, form: 'G-1450', keys: ['i140'], cents: 71_500, forForm: 'I-140' },
      { n: 3, form: 'G-1450', keys: ['asylumProgramSelf'], cents: 30_000, forForm: 'I-140' },
    ]);
    // As many payment forms in the mailing order as payments.
    expect(formOrder(eb1a).filter((s) => s.key === 'G-1450')).toHaveLength(3);
  });

  it('NIW by ACH without premium processing (2024-05-01): two G-1650s, both with the I-140', () => {
    const niw = { ...eb1a, category: 'NIW' as const, premium: false, payment: 'G-1650' as const };
    expect(paymentPlan({ ...niw, filingDate: '2024-05-01' })).toEqual([
      { n: 1, form: 'G-1650', keys: ['i140'], cents: 71_500, forForm: 'I-140' },
      { n: 2, form: 'G-1650', keys: ['asylumProgramSelf'], cents: 30_000, forForm: 'I-140' },
    ]);
  });
});

describe('signature places from the form definitions', () => {
  it('one signature per payment form, the I-907 Part 3, the I-140 Part 8 item 6.a on page 6; helpers marked', () => {
    const lines = formSignLines(eb1a, 'en').filter((l) => l.always);
    expect(lines.map((l) => [l.what, l.payment?.n ?? null, l.part, l.item, l.page])).toEqual([
      ['G-1450', 1, 2, '', 1],
      ['I-907', null, 3, '7.', 4],
      ['G-1450', 2, 2, '', 1],
      ['G-1450', 3, 2, '', 1],
      ['I-140', null, 8, '6.a', 6],
    ]);
    const helpers = formSignLines(eb1a, 'zh').filter((l) => !l.always);
    expect(helpers.map((l) => `${l.what} ${l.part}`)).toEqual(['I-907 4', 'I-907 5', 'I-140 9', 'I-140 10']);
    expect(helpers[2]!.partTitle).toContain('翻译人');
  });

  it("each translator's certificate, with its translator and page", () => {
    const pdf = new Uint8Array();
    const tr = (name: string) => ({
      pdf,
      translator: { name, address: 'Shanghai' },
      fromLanguage: 'Chinese',
    });
    const input = {
      ...eb1a,
      exhibits: [
        { id: 'a', number: 1, title: 'Award', original: pdf, translation: tr('Lin Wang') },
        { id: 'b', number: 2, title: 'Paper', original: pdf },
      ],
      letters: [
        { id: 'l', number: 1, recommender: 'Prof. Li', pdf, translation: tr('Mei Lin') },
        // A CV translated by someone else than the letter (the letter needs none).
        { id: 'm', number: 2, recommender: 'Dr. Wu', pdf, cv: { pdf, translation: tr('Jun Zhao') } },
      ],
    };
    const tabs = tabAndCertificatePagesDoc(input).pages;
    const lines = certificateSignLines(input, tabs, (k) => 100 + k);
    const at = (part: string) => 100 + tabs.findIndex((t) => t.part === part && t.kind === 'certificate');
    expect(lines.map((l) => [l.subject, l.translator, l.page])).toEqual([
      ['Exhibit 1', 'Lin Wang', at('exhibit')],
      ['Recommendation Letter 1', 'Mei Lin', at('letter')],
      [
        'Curriculum vitae of Dr. Wu (Recommendation Letter 2)',
        'Jun Zhao',
        100 + tabs.findIndex((t) => t.part === 'letter' && t.cv),
      ],
    ]);
  });
});

describe('the one filing address of a case', () => {
  it('from the I-140 answers: work state first, then home state; the table in force on the filing date', () => {
    const at = (workState: string | null, homeState: string | null) =>
      caseFilingAddress({ ...eb1a, whereToFile: { workState, homeState } });
    expect(at('WA', 'TX')?.lockbox.name).toBe('USCIS Phoenix Lockbox');
    expect(at(null, 'MA')?.lockbox.name).toBe('USCIS Elgin Lockbox');
    expect(at(null, null)?.place).toBe('outside');
    expect(caseFilingAddress({ ...eb1a, filingDate: '2024-01-02' })).toBeNull();
  });
});
