import {
  type CaseForm,
  FILING_RULES,
  feeOn,
  type Locale,
  PROJECT_WORKBENCH_PATH,
  type ProjectCode,
  type TCaseFees,
  type TCaseFormSummary,
  type TCaseSummary,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { plan, project } from '../../db/schema/index.ts';
import { evidenceCounts } from '../evidence/evidence-counts.ts';
import { editionRowsOf } from '../forms/editions.service.ts';
import type { CaseContext } from '../forms/form-state.ts';
import { filingStates, paymentsOf, pdfOf } from '../forms/immigration-data.service.ts';
import { feeSchedule } from '../reference/fee-schedule.service.ts';
import { localName } from '../shop/catalogue.service.ts';
import type { ProjectAccess } from '../shop/rights.service.ts';
import { myRights } from '../shop/rights.service.ts';
import { type CaseRow, categoryOf, contextOf, getPreferences, todayOf } from './case.service.ts';
import { type CaseBody, cachedCaseBody, caseFingerprint } from './case-summary-cache.ts';
import { caseStages, currentStage, type FilingForm } from './stages.service.ts';

export function feesOf(cc: CaseContext, paymentForms: TCaseFormSummary | undefined): TCaseFees {
  const f = cc.fees;
  return {
    checked: cc.feesChecked,
    date: f.date,
    lines: f.lines.map((l) => ({ key: l.key, amount_cents: l.cents, separate_payment: l.separatePayment })),
    total_cents: f.totalCents,
    premium: f.premium ? { days: f.premium.days, business_days: f.premium.businessDays } : null,
    payments:
      paymentForms?.payments ??
      cc.payments.map((p) => ({
        key: p.key,
        amount_cents: p.cents,
        keys: p.keys,
        for_form: p.forForm,
        pdf_url: null,
      })),
    electronic_payment_only_from: FILING_RULES.electronicPaymentOnlyFrom,
    premium_fee_cents: feeOn('i907', f.date, cc.feeSchedule),
    nvc_cents: feeOn('nvcPerPerson', f.date, cc.feeSchedule),
  };
}

export async function formSummaries(ctx: AppContext, cc: CaseContext, forms: readonly FilingForm[]) {
  const out: TCaseFormSummary[] = [];
  const editions = await editionRowsOf(
    ctx.db.db,
    forms.map((f) => f.def.formNumber),
  );
  for (const { row, def, state } of forms) {
    const pdf = await pdfOf(ctx, def, row, editions, cc.today);
    out.push({
      id: row.id,
      form_number: row.formNumber as CaseForm,
      edition: row.edition,
      status: state.status,
      progress: state.progress,
      last_change_at: row.updatedAt.toISOString(),
      pdf,
      payments: paymentsOf(def, row, cc, pdf),
    });
  }
  return out;
}

/**
 * The whole case in one answer (issue 11 §1): access and rights for the right side, settings, preferences,
 * the six stages with progress derived from the data, the filing's forms with their completeness and PDF
 * availability, and the fees from the dated table.
 */
export async function caseSummary(
  ctx: AppContext,
  opts: {
    customerId: number;
    caseRow: CaseRow;
    projectCode: ProjectCode;
    access: ProjectAccess;
    locale: Locale;
    /** Read with the case row by the gate (`ownedCaseForSummary`); else read here. */
    fingerprint?: string;
  },
): Promise<TCaseSummary> {
  const { projectId: _projectId, ...access } = opts.access;
  const today = await todayOf(ctx, opts.caseRow);
  const fees = feeSchedule(ctx, today);
  const body = await cachedCaseBody(
    ctx,
    {
      ...opts,
      fingerprint: opts.fingerprint ?? (await caseFingerprint(ctx, opts.caseRow.id)),
      inputs: [today, fees.schedule, fees.checked],
    },
    () => caseBody(ctx, opts),
  );
  return { ...body, access };
}

/**
 * Everything in the summary but the caller's access, and the instant its rights panel turns by the clock
 * alone (the next right to expire).
 */
async function caseBody(
  ctx: AppContext,
  opts: { customerId: number; caseRow: CaseRow; projectCode: ProjectCode; locale: Locale },
): Promise<{ body: CaseBody; until: Date | null }> {
  const { caseRow, projectCode, locale } = opts;
  const db = ctx.db.db;
  const cc = await contextOf(ctx, caseRow, projectCode);
  const forms = await filingStates(ctx, caseRow, cc);
  const stages = await caseStages(ctx, caseRow, cc, forms);
  const summaries = await formSummaries(ctx, cc, forms);
  const [pr] = await db.select().from(project).where(eq(project.id, caseRow.projectId));
  const [pl] = caseRow.planId ? await db.select().from(plan).where(eq(plan.id, caseRow.planId)) : [];
  const rights = (await myRights(ctx, opts.customerId, locale)).filter((r) => r.project_code === projectCode);
  const expiries = rights.filter((r) => r.status === 'active').map((r) => Date.parse(r.expires_at));
  const changes = [
    caseRow.updatedAt,
    ...forms.map((f) => f.row.updatedAt),
    ...stages.flatMap((s) => (s.submitted_at ? [new Date(s.submitted_at)] : [])),
  ];
  const body: CaseBody = {
    id: caseRow.id,
    project_code: projectCode,
    category: categoryOf(projectCode),
    workbench_path: PROJECT_WORKBENCH_PATH[projectCode],
    created_at: caseRow.createdAt.toISOString(),
    last_change_at: new Date(Math.max(...changes.map((d) => d.getTime()))).toISOString(),
    rights,
    plan: pl
      ? { id: pl.id, name: translate(locale, 'messages:plan_name', { project: localName(pr!, locale) }) }
      : null,
    settings: {
      premium_processing: caseRow.premiumProcessing,
      payment_method: cc.paymentMethod,
      highlight_name: caseRow.highlightName,
      planned_filing_date: caseRow.plannedFilingDate,
      version: caseRow.settingsVersion,
    },
    preferences: await getPreferences(ctx, opts.customerId),
    stages,
    current_stage: currentStage(stages),
    forms: summaries,
    fees: feesOf(
      cc,
      summaries.find((s) => s.form_number === cc.paymentMethod),
    ),
    eta9089_required: categoryOf(projectCode) === 'NIW',
    evidence_counts: await evidenceCounts(db, caseRow.id),
  };
  return { body, until: expiries.length > 0 ? new Date(Math.min(...expiries)) : null };
}
