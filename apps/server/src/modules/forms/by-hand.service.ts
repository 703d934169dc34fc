import { type FeeKey, formatUsd } from '@dossier/contract';
import {
  type FormDefinition,
  type FormValue,
  type Item,
  isEmpty,
  isVisible,
  printedText,
} from '@dossier/forms';
import { translate } from '@dossier/i18n';
import type { AppContext } from '../../context.ts';
import type { ByHandSheet } from '../../pdf/packet/packet.types.ts';
import { contextOf } from '../case/case.service.ts';
import { handOnlyItems } from './edition-mapping.ts';
import { evaluate, withAmount } from './form-state.ts';
import { defOf, ownedForm } from './immigration-data.service.ts';

/**
 * What the packet's "fill by hand" page of a payment form lists (issue 30 item 4): the customer's saved answers by
 * the label printed on the form, the amount of this payment from the fee table, and the card or bank details as
 * "(write by hand)" — never printed, whatever was typed.
 */
export async function byHandSheet(
  ctx: AppContext,
  opts: { customerId: number; id: number; payment: FeeKey | undefined },
): Promise<ByHandSheet> {
  const { row, caseRow, projectCode } = await ownedForm(ctx, opts.customerId, opts.id);
  const cc = await contextOf(ctx, caseRow, projectCode);
  const def = defOf(row);
  const payment = cc.payments.find((p) => p.key === opts.payment) ?? cc.payments[0];
  const values = withAmount(def, evaluate(def, row, cc).values, cc, payment);
  return {
    form: def.formNumber,
    url: officialUrl(def),
    date: cc.today,
    ...(payment
      ? {
          payment: {
            amount: formatUsd(payment.cents),
            fee: payment.keys.map((k) => translate('en', `forms:fees.${k}`)).join('; '),
          },
        }
      : {}),
    parts: sheetParts(def, values),
  };
}

const officialUrl = (def: FormDefinition) => `https://www.uscis.gov/${def.formNumber.toLowerCase()}`;

function shown(item: Item, v: FormValue): string {
  if (isEmpty(v)) return '';
  if (item.type === 'checkbox') return v === true ? 'Yes' : 'No';
  const option = item.options?.find((o) => o.value === v);
  return option ? option.label.en : printedText(item, v);
}

/** Every item a hand copies, by part; hidden and signature items left out, hand-only items as null. */
export function sheetParts(def: FormDefinition, values: Record<string, FormValue>): ByHandSheet['parts'] {
  const hand = handOnlyItems(def);
  return def.parts
    .map((p) => ({
      title: `Part ${p.number}. ${p.title.en}`,
      rows: p.items
        .filter((i) => i.type !== 'signature' && i.pdf !== null && isVisible(def, i, values))
        .map((i) => ({ label: i.label.en, value: hand.has(i.id) ? null : shown(i, values[i.id]) })),
    }))
    .filter((p) => p.rows.length > 0);
}
