import { type FeeKey, paymentsDue, selfPetitionFees } from '@dossier/contract';
import type { FormKey, PacketInput } from './packet.types.ts';

/** A place in the forms part of the package; a payment form's place names the payment it pays. */
export interface FormSlot {
  key: FormKey;
  /** Payment forms: which payment (fees.ts `paymentsDue`), and its index in payment order (the copies' order). */
  payment?: { key: FeeKey; index: number };
}

/**
 * The official forms in the order they are mailed (issue 28 item 8; decision 0056). Each request travels with its
 * own payment on top: the I-907 (premium processing, filed with its I-140) first, its fee's payment form directly
 * on top of it — the I-907 instructions have the premium fee paid separately and attached to the I-907 — then the
 * I-140's payments (the filing fee, then the Asylum Program Fee: separate payments of the same type, report §6),
 * G-1145 clipped to the I-140's first page, the I-140, and for NIW the signed ETA-9089 after it. One payment form
 * per payment: none is left out.
 */
export function formOrder(
  input: Pick<PacketInput, 'payment' | 'premium' | 'category' | 'filingDate' | 'fees'>,
): FormSlot[] {
  const payments = paymentsOf(input);
  const paying = (form: 'I-140' | 'I-907'): FormSlot[] =>
    payments.flatMap((p, index) =>
      p.forForm === form ? [{ key: input.payment, payment: { key: p.key, index } }] : [],
    );
  return [
    ...(input.premium ? [...paying('I-907'), { key: 'I-907' as const }] : []),
    ...paying('I-140'),
    { key: 'G-1145' },
    { key: 'I-140' },
    // NIW: the signed Form ETA-9089 with Appendix A (and a Final Determination) right after the I-140 (decision 0060).
    ...(input.category === 'NIW' ? [{ key: 'ETA-9089' as const }] : []),
  ];
}

/**
 * The copy a place takes: a payment form given once per payment (in payment order) gives each payment its own
 * copy; given once, that copy serves every payment.
 */
export function copyFor<T>(slot: FormSlot, copies: readonly T[] | undefined): T | undefined {
  if (!copies?.length) return undefined;
  return slot.payment && copies.length > 1 ? copies[slot.payment.index] : copies[0];
}

/** The payments a filing needs on its date (fees.ts `paymentsDue` of the fee table in force), in payment order. */
export function paymentsOf(input: Pick<PacketInput, 'premium' | 'category' | 'filingDate' | 'fees'>) {
  return paymentsDue(
    selfPetitionFees({
      category: input.category,
      date: input.filingDate,
      premium: input.premium,
      ...(input.fees ? { schedule: input.fees.schedule } : {}),
    }),
  );
}
