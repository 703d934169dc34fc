import { WorkbenchErrorCode as E, type FeeKey, type Locale } from '@dossier/contract';
import { editionId, refusals, toPdfFields } from '@dossier/forms';
import type { AppContext } from '../../context.ts';
import { fillOfficialPdf, PdfFormError } from '../../pdf/forms/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { contextOf } from '../case/case.service.ts';
import { publishedDefinition } from './edition-publish.service.ts';
import { editionRow, editionRowsOf, inForce, loadBlank, pdfAvailability } from './editions.service.ts';
import { amountItem, evaluate, inFiling, withAmount } from './form-state.ts';
import { defOf, ownedForm } from './immigration-data.service.ts';
import { notInFiling } from './save-form.service.ts';

const REFUSAL = {
  no_blank: E.formBlankMissing,
  outdated_edition: E.formEditionOutdated,
  not_mapped: E.formNotMapped,
} as const;

/**
 * `GET /api/customer/immigration_data/{id}/pdf/`: the official PDF filled from the customer's saved answers
 * (signatures left empty for the pen). A form whose current edition cannot be filled here is refused with
 * where to get it — never a blank page; a payment form prints the copy of one payment (`payment`).
 */
export async function filledPdf(
  ctx: AppContext,
  opts: { customerId: number; id: number; payment?: FeeKey | undefined; locale: Locale },
): Promise<{ bytes: Uint8Array; filename: string }> {
  const { row, caseRow, projectCode } = await ownedForm(ctx, opts.customerId, opts.id);
  const cc = await contextOf(ctx, caseRow, projectCode);
  if (!inFiling(row.formNumber, cc)) throw notInFiling();
  const def = defOf(row);
  const availability = await pdfAvailability(ctx.db.db, def, cc.today);
  if (!availability.available) {
    const code = REFUSAL[availability.reason!];
    throw new AppError(409, code, `errors:${code}`, {
      form: def.formNumber,
      edition: def.edition,
      current: availability.current_edition ?? '—',
      url: availability.official_url,
    });
  }
  const state = evaluate(def, row, cc);
  // Warnings never hold the PDF back, nor does a filing block (the fee against Part 1 items 5/6: the checklist
  // refuses the packet); a refusal standing now (a profile or fee change since the save) does.
  if (!state.saved || refusals(state.issues).length > 0)
    throw new AppError(409, E.formNotSaved, `errors:${E.formNotSaved}`);
  let values = state.values;
  let suffix = '';
  if (amountItem(def)) {
    const payment = opts.payment ? cc.payments.find((p) => p.key === opts.payment) : cc.payments[0];
    if (!payment) throw new AppError(400, E.paymentNotDue, `errors:${E.paymentNotDue}`);
    values = withAmount(def, values, cc, payment);
    suffix = `-${payment.key}`;
  } else if (opts.payment) {
    throw new AppError(400, E.paymentNotDue, `errors:${E.paymentNotDue}`);
  }
  // The edition staff published and in force on the filing date, on their field map; else the definition's own.
  const published = inForce(await editionRowsOf(ctx.db.db, [def.formNumber]), def.formNumber, cc.today);
  const edition = published ?? (await editionRow(ctx.db.db, def.formNumber, def.edition))!;
  const fills = published ? publishedDefinition(def, published) : def;
  try {
    const { bytes } = await fillOfficialPdf({
      blank: await loadBlank(ctx, edition),
      expect: editionId(fills),
      fields: toPdfFields(fills, values),
    });
    return { bytes, filename: `${def.formNumber}${suffix}-filled.pdf` };
  } catch (err) {
    if (!(err instanceof PdfFormError)) throw err;
    // A value the blank refuses (a character the font lacks, a length the definition did not know).
    ctx.logger.warn({ err, form: def.formNumber, id: row.id }, 'filled PDF refused');
    throw new AppError(422, E.formPdfRefused, `errors:${E.formPdfRefused}`, {
      detail: err.messages[opts.locale],
    });
  }
}
