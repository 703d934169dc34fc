/**
 * Issue 28 item 8: the official forms in mailing order, one payment form per payment. With premium processing
 * the I-907 travels on top with its own payment; the I-140's two payments (filing fee, Asylum Program Fee) go on
 * top of G-1145 and the I-140. Read back from the assembled packet's pages, so no copy can be left out.
 */
import { describe, expect, it } from 'vitest';
import { pdfToolsAvailable, pdftotext, writeTempPdf } from '../../../test/pdf-assertions.ts';
import { assemblePacket } from './assemble-packet.ts';
import { coverSheetDoc } from './cover-sheet.ts';
import { copyFor, formOrder } from './form-order.ts';
import type { FormKey, PacketInput } from './packet.types.ts';
import { textPdf } from './sample-inputs.ts';

const base = {
  category: 'EB1A' as const,
  filingDate: '2026-11-28',
  payment: 'G-1450' as const,
};
const order = (premium: boolean) =>
  formOrder({ ...base, premium }).map((s) => (s.payment ? `${s.key}:${s.payment.key}` : s.key));

describe('form order (mailing order, one payment form per payment)', () => {
  it('premium: the I-907 with its payment on top, then the I-140 payments, G-1145, I-140', () => {
    expect(order(true)).toEqual([
      'G-1450:i907',
      'I-907',
      'G-1450:i140',
      'G-1450:asylumProgramSelf',
      'G-1145',
      'I-140',
    ]);
  });

  it('without premium processing: both I-140 payments on top (none dropped), G-1145, I-140', () => {
    expect(order(false)).toEqual(['G-1450:i140', 'G-1450:asylumProgramSelf', 'G-1145', 'I-140']);
  });

  it('NIW: the signed ETA-9089 right after the I-140 (decision 0060); never for EB-1A', () => {
    const keys = (category: 'EB1A' | 'NIW', premium: boolean) =>
      formOrder({ ...base, category, premium }).map((s) => s.key);
    for (const premium of [true, false]) {
      expect(keys('NIW', premium).slice(-2)).toEqual(['I-140', 'ETA-9089']);
      expect(keys('EB1A', premium)).not.toContain('ETA-9089');
    }
  });

  it('a copy per payment takes its own copy; a single copy serves every payment', () => {
    const [i907Pay] = formOrder({ ...base, premium: true });
    expect(copyFor(i907Pay!, ['i140', 'asylum', 'i907'])).toBe('i907');
    expect(copyFor(i907Pay!, ['only'])).toBe('only');
    expect(copyFor({ key: 'G-1145' }, ['g1145'])).toBe('g1145');
    expect(copyFor({ key: 'G-1145' }, undefined)).toBeUndefined();
  });

  it('the cover says how many payment forms go where when they are missing (en, zh)', () => {
    const text = (locale: 'en' | 'zh', premium: boolean) => {
      const sequence = formOrder({ ...base, premium }).map((s) => s.key);
      // The options also carry the older `dangling` count while the packet's reference checks change (issue 28
      // item 3): cast through unknown so this test holds on either side of that change.
      const options = {
        checklist: [],
        missingForms: [...new Set(sequence)],
        formSequence: sequence,
        dangling: 0,
      };
      const doc = coverSheetDoc(
        { ...baseInput(premium), locale },
        options as unknown as Parameters<typeof coverSheetDoc>[1],
      );
      return JSON.stringify(doc);
    };
    expect(text('en', true)).toContain(
      "fill in and sign one per payment (3): place the premium processing fee's on top of the package, directly on top of Form I-907, and the others, in the order of the fees above, directly on top of G-1145 e-Notification.",
    );
    expect(text('en', true)).toContain('I-907 Request for Premium Processing is not included');
    expect(text('en', false)).toContain(
      'fill in and sign one per payment (2, in the order of the fees above)',
    );
    expect(text('zh', true)).toContain('共 3 份');
    expect(text('zh', true)).toContain('直接放在 G-1145 e-Notification 之上');
  });
});

function baseInput(premium: boolean): PacketInput {
  const empty = { type: 'doc', content: [] } as unknown as PacketInput['petitionLetter'];
  return {
    locale: 'en',
    ...base,
    petitionerName: 'Sample Petitioner',
    premium,
    forms: [],
    petitionLetter: empty,
    exhibits: [],
    letters: [],
    plan: { doc: empty, attachments: [] },
  };
}

describe.runIf(pdfToolsAvailable())('the assembled packet', () => {
  it('places every payment copy where it belongs', async () => {
    const page = (title: string, seed: number) => textPdf(title, 1, seed);
    const forms: Array<{ key: FormKey; pdf: Uint8Array }> = [
      { key: 'I-140', pdf: await page('FORM I140', 1) },
      { key: 'I-907', pdf: await page('FORM I907', 2) },
      { key: 'G-1145', pdf: await page('FORM G1145', 3) },
      // One copy per payment, in payment order (packet.inputs.ts): the filing fee, the Asylum Program Fee, the I-907.
      { key: 'G-1450', pdf: await page('PAYMENT I140 FEE', 4) },
      { key: 'G-1450', pdf: await page('PAYMENT ASYLUM FEE', 5) },
      { key: 'G-1450', pdf: await page('PAYMENT I907 FEE', 6) },
    ];
    const exhibits = [{ id: 'folder:1', number: 1, title: 'Evidence', original: await page('EVIDENCE', 7) }];
    const packet = await assemblePacket({ ...baseInput(true), forms, exhibits });
    const text = pdftotext(writeTempPdf(packet.bytes, 'form-order.pdf'));
    const seen = [
      'PAYMENT I907 FEE',
      'FORM I907',
      'PAYMENT I140 FEE',
      'PAYMENT ASYLUM FEE',
      'FORM G1145',
      'FORM I140',
    ].map((s) => text.indexOf(s));
    expect(
      seen.every((at) => at >= 0),
      JSON.stringify(seen),
    ).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  }, 60_000);
});
