import { type FeeKey, type FilingAddress, filingAddressFor, type Locale } from '@dossier/contract';
import { getForm, signaturePlaces } from '@dossier/forms';
import { translate } from '@dossier/i18n';
import { formOrder, paymentsOf } from './form-order.ts';
import type { FormKey, PacketInput } from './packet.types.ts';
import type { TabPage } from './packet-documents.ts';

/**
 * What the petitioner pays and signs, derived once (decision 0067): the payments come from the mailing order
 * (form-order.ts, itself from the fee table's `paymentsDue`), so the fee box, the signature list and the cover
 * letter name the same payment forms — one per payment, each with the fees it pays and the form it goes with.
 */

export interface PlannedPayment {
  /** 1-based, in mailing order. */
  n: number;
  form: 'G-1450' | 'G-1650';
  keys: FeeKey[];
  cents: number;
  /** The form it is placed on top of. */
  forForm: 'I-140' | 'I-907';
}

export function paymentPlan(
  input: Pick<PacketInput, 'payment' | 'premium' | 'category' | 'filingDate' | 'fees'>,
): PlannedPayment[] {
  const due = paymentsOf(input);
  return formOrder(input)
    .flatMap((slot) => {
      const p = slot.payment && due[slot.payment.index];
      return p ? [{ n: 0, form: input.payment, keys: p.keys, cents: p.cents, forForm: p.forForm }] : [];
    })
    .map((p, i) => ({ ...p, n: i + 1 }));
}

/** The one filing address of the case (the where-to-file table in force on its filing date), or null. */
export function caseFilingAddress(input: PacketInput): FilingAddress | null {
  return filingAddressFor({
    date: input.filingDate,
    premium: input.premium,
    workState: input.whereToFile?.workState ?? null,
    homeState: input.whereToFile?.homeState ?? null,
    ...(input.whereToFile?.tables ? { tables: input.whereToFile.tables } : {}),
  });
}

/** One place the petitioner (or a helper) signs, in the order the package is mailed. */
export interface SignLine {
  /** What is signed: a form (its key), or a generated document of the packet. */
  what: FormKey | 'cover_letter' | 'petition_letter' | 'plan' | 'certificate';
  /** The payment a payment form authorises. */
  payment?: PlannedPayment;
  part?: number;
  item?: string;
  label?: string;
  /** The form's own page (forms) or the packet page as stamped (generated documents). */
  page: number | null;
  /** False: only when an interpreter or a preparer helped (their part's title). */
  always: boolean;
  partTitle?: string;
  /** Certificates: who signs and what was translated. */
  translator?: string;
  subject?: string;
}

/**
 * Every place to sign on the official forms, from the form definitions' signature items, one set per copy: a
 * payment form once per payment. Forms without a definition (the customer's signed ETA-9089) sign nothing here.
 */
export function formSignLines(input: PacketInput, locale: Locale): SignLine[] {
  const payments = paymentPlan(input);
  let paid = 0;
  return formOrder(input).flatMap((slot) => {
    const def = getForm(slot.key);
    if (!def) return [];
    const payment = slot.payment ? payments[paid++] : undefined;
    return signaturePlaces(def).map((p) => ({
      what: slot.key,
      ...(payment ? { payment } : {}),
      part: p.part,
      item: p.item,
      label: p.label[locale],
      page: p.page,
      always: p.always,
      partTitle: p.partTitle[locale],
    }));
  });
}

/**
 * Each translator's certificate (one per translation: of an exhibit, a recommendation letter, a plan attachment),
 * signed by the translator, at its packet page (`pageOf` the certificate's index among the tab pages).
 */
export function certificateSignLines(
  input: Pick<PacketInput, 'exhibits' | 'letters' | 'plan'>,
  tabPages: TabPage[],
  pageOf: (tabIndex: number) => number,
): SignLine[] {
  const label = (k: string, n: number) => translate('en', `packet:uscis.${k}`, { n });
  return tabPages.flatMap((t, k) => {
    if (t.kind !== 'certificate') return [];
    const [subject, tr] =
      t.part === 'exhibit'
        ? [label('exhibit_label', input.exhibits[t.index]!.number), input.exhibits[t.index]!.translation]
        : t.part === 'letter' && t.cv
          ? [
              translate('en', 'packet:uscis.cv_title', {
                name: `${input.letters[t.index]!.recommender} (${label('letter_label', input.letters[t.index]!.number)})`,
              }),
              input.letters[t.index]!.cv?.translation,
            ]
          : t.part === 'letter'
            ? [label('letter_label', input.letters[t.index]!.number), input.letters[t.index]!.translation]
            : [
                label('attachment_label', input.plan.attachments[t.index]!.number),
                input.plan.attachments[t.index]!.translation,
              ];
    return [
      {
        what: 'certificate' as const,
        page: pageOf(k),
        always: true,
        subject,
        translator: tr?.translator.name ?? '',
      },
    ];
  });
}
