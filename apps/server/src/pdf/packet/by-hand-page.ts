import { translate } from '@dossier/i18n';
import { doc, heading, para, text } from './doc-builders.ts';
import type { ByHandSheet, LetterDoc } from './packet.types.ts';

/**
 * The "fill by hand" page (issue 30 item 4): where a payment form goes while no edition of it is published, a
 * generated English page naming the form and the payment, where to get the blank, and every value to copy by its
 * label on the form; the card or bank details are never printed, only "(write by hand)".
 */
export function byHandDoc(sheet: ByHandSheet): LetterDoc {
  const en = (k: string, v?: Record<string, string>) => translate('en', `packet:by_hand.${k}`, v);
  const row = (label: string, value: string | null) =>
    para(
      text(`${label}: `, [{ type: 'bold' }]),
      text(value === null ? en('write_by_hand') : value === '' ? en('empty') : value),
    );
  return doc([
    heading(1, en('title', { form: sheet.form })),
    ...(sheet.payment ? [para(text(en('payment', sheet.payment), [{ type: 'bold' }]))] : []),
    para(text(en('intro', { form: sheet.form, date: sheet.date, url: sheet.url }))),
    para(text(en('hand_only'), [{ type: 'italic' }])),
    ...sheet.parts.flatMap((p) => [heading(2, p.title), ...p.rows.map((r) => row(r.label, r.value))]),
  ]);
}
