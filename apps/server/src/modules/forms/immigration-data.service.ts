import type {
  CaseForm,
  Locale,
  ProjectCode,
  TFormPdf,
  TImmigrationData,
  TPaymentDue,
} from '@dossier/contract';
import { caseValuesOf, type FormDefinition, getForm } from '@dossier/forms';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { scopedRead } from '../../db/read-scope.ts';
import { immigrationData, project, workbenchCase } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { type CaseRow, contextOf } from '../case/case.service.ts';
import { availabilityIn, type EditionRow, pdfAvailability } from './editions.service.ts';
import {
  amountItem,
  asylumFeeOf,
  type CaseContext,
  evaluate,
  type FormState,
  filingForms,
  inFiling,
  issuesIn,
  wireValues,
} from './form-state.ts';

export type FormRow = typeof immigrationData.$inferSelect;

/** The definition a row was started with (rows keep their edition; a new edition gets new rows). */
export function defOf(row: Pick<FormRow, 'formNumber' | 'edition'>): FormDefinition {
  const def = getForm(row.formNumber, row.edition);
  if (!def) throw new Error(`no definition for ${row.formNumber} ${row.edition}`);
  return def;
}

/**
 * The rows of a case, creating those of the forms now in its filing (in the newest edition we define). Rows
 * of forms that left the filing (premium switched off, the other payment method) are kept, not deleted.
 */
export async function caseFormRows(ctx: AppContext, caseRow: CaseRow, cc: CaseContext): Promise<FormRow[]> {
  const db = ctx.db.db;
  const read = () =>
    db
      .select()
      .from(immigrationData)
      .where(eq(immigrationData.caseId, caseRow.id))
      .orderBy(asc(immigrationData.id));
  const rows = await read();
  // Reads far outnumber the first visit: insert only when a form of the filing has no row yet (the conflict
  // target still makes two first reads at once create each row once).
  const missing = filingForms(cc)
    .map((n) => getForm(n)!)
    .filter((def) => !rows.some((r) => r.formNumber === def.formNumber && r.edition === def.edition));
  if (missing.length === 0) return rows;
  const now = ctx.clock.now();
  await db
    .insert(immigrationData)
    .values(
      missing.map((def) => ({
        caseId: caseRow.id,
        formNumber: def.formNumber,
        edition: def.edition,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({
      target: [immigrationData.caseId, immigrationData.formNumber, immigrationData.edition],
    });
  return read();
}

/** The filing's rows in filing order, each evaluated. */
export async function filingStates(ctx: AppContext, caseRow: CaseRow, cc: CaseContext) {
  // One read per operation (db/read-scope.ts); the case context is the case row's, read in the same operation.
  const rows = await scopedRead(`form-rows:${caseRow.id}:${cc.today}`, () => caseFormRows(ctx, caseRow, cc));
  return filingForms(cc).map((formNumber) => {
    const row = rows.find((r) => r.formNumber === formNumber && r.edition === getForm(formNumber)!.edition)!;
    const def = defOf(row);
    return { row, def, state: evaluate(def, row, cc) };
  });
}

/** One of the caller's form rows with its case; another customer's id is a 404. */
export async function ownedForm(
  ctx: AppContext,
  customerId: number,
  id: number,
): Promise<{ row: FormRow; caseRow: CaseRow; projectCode: ProjectCode }> {
  const [r] = await ctx.db.db
    .select({ row: immigrationData, caseRow: workbenchCase, code: project.code })
    .from(immigrationData)
    .innerJoin(workbenchCase, eq(immigrationData.caseId, workbenchCase.id))
    .innerJoin(project, eq(workbenchCase.projectId, project.id))
    .where(and(eq(immigrationData.id, id), eq(workbenchCase.customerId, customerId)));
  if (!r) throw notFound();
  return { row: r.row, caseRow: r.caseRow, projectCode: r.code as ProjectCode };
}

export async function formProjectCode(ctx: AppContext, customerId: number, id: number) {
  return (await ownedForm(ctx, customerId, id)).projectCode;
}

export const pdfUrl = (id: number, payment?: string) =>
  `/api/customer/immigration_data/${id}/pdf/${payment ? `?payment=${payment}` : ''}`;

/** The payments a payment form authorises, each with its own download. */
export function paymentsOf(def: FormDefinition, row: FormRow, cc: CaseContext, pdf: TFormPdf): TPaymentDue[] {
  if (!amountItem(def)) return [];
  return cc.payments.map((p) => ({
    key: p.key,
    amount_cents: p.cents,
    keys: p.keys,
    for_form: p.forForm,
    pdf_url: pdf.available ? pdfUrl(row.id, p.key) : null,
  }));
}

export async function pdfOf(
  ctx: AppContext,
  def: FormDefinition,
  row: FormRow,
  /** The forms' edition rows when the caller already read them (`editionRowsOf`). */
  editions?: readonly EditionRow[],
  /** The case's filing date: an edition staff published and in force then is filled (issue 30 item 4). */
  date?: string,
): Promise<TFormPdf> {
  const a = editions ? availabilityIn(editions, def, date) : await pdfAvailability(ctx.db.db, def, date);
  return { ...a, url: a.available ? pdfUrl(row.id) : null };
}

export async function formView(
  ctx: AppContext,
  opts: { row: FormRow; def: FormDefinition; state: FormState; cc: CaseContext; locale: Locale },
): Promise<TImmigrationData> {
  const { row, def, state, cc } = opts;
  const pdf = await pdfOf(ctx, def, row, undefined, cc.today);
  const computed = amountItem(def);
  const caseValues = caseValuesOf(def, cc.category);
  return {
    id: row.id,
    case_id: row.caseId,
    form_number: row.formNumber as CaseForm,
    edition: row.edition,
    in_filing: inFiling(row.formNumber, cc),
    version: row.version,
    status: state.status,
    values: wireValues(state.values),
    sources: state.sources,
    overrides: state.overrides,
    fixed: wireValues(caseValues.fixed),
    excluded: Object.fromEntries(Object.entries(caseValues.excluded).map(([id, v]) => [id, [...v]])),
    asylum_fee: asylumFeeOf(cc) ?? null,
    computed_items: computed ? [computed] : [],
    draft: state.draft ? wireValues(state.draft.values) : null,
    draft_overrides: state.draft?.overrides ?? null,
    draft_saved_at: row.draftSavedAt?.toISOString() ?? null,
    saved_at: row.savedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    issues: issuesIn(state.issues, opts.locale),
    draft_issues: issuesIn(state.draftIssues, opts.locale),
    progress: state.progress,
    parts: state.parts,
    payments: paymentsOf(def, row, cc, pdf),
    pdf,
  };
}

/** `GET /api/customer/immigration_data/{id}/` */
export async function getImmigrationData(
  ctx: AppContext,
  opts: { customerId: number; id: number; locale: Locale },
): Promise<TImmigrationData> {
  const { row, caseRow, projectCode } = await ownedForm(ctx, opts.customerId, opts.id);
  const cc = await contextOf(ctx, caseRow, projectCode);
  const def = defOf(row);
  return formView(ctx, { row, def, state: evaluate(def, row, cc), cc, locale: opts.locale });
}
