import {
  WorkbenchErrorCode as E,
  ErrorCode,
  type PaymentFormNumber,
  type ProjectCode,
  type TCasePreferences,
} from '@dossier/contract';
import type { FormValues } from '@dossier/forms';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customerPreference, plan, project, workbenchCase } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { customerToday } from '../customer/customer.clock.ts';
import { type CaseContext, type Category, caseContext } from '../forms/form-state.ts';
import { feeSchedule } from '../reference/fee-schedule.service.ts';

export type CaseRow = typeof workbenchCase.$inferSelect;

export const categoryOf = (code: ProjectCode): Category => (code === 'USA_EB1A' ? 'EB1A' : 'NIW');

/** 409 version_conflict: nothing was written; the answer carries the version the client should reload. */
export const versionConflict = (current: number) =>
  new AppError(409, E.versionConflict, `errors:${E.versionConflict}`, {}, { current_version: current });

/**
 * The case of a customer and project, created on the first workbench read (the gate has checked the
 * entitlement). Tied to the plan the first base purchase created.
 */
export async function getOrCreateCase(
  ctx: AppContext,
  opts: { customerId: number; projectId: number },
): Promise<CaseRow> {
  const db = ctx.db.db;
  const now = ctx.clock.now();
  const [p] = await db
    .select({ id: plan.id })
    .from(plan)
    .where(and(eq(plan.customerId, opts.customerId), eq(plan.projectId, opts.projectId)));
  await db
    .insert(workbenchCase)
    .values({ ...opts, planId: p?.id ?? null, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [workbenchCase.customerId, workbenchCase.projectId] });
  let [row] = await db
    .select()
    .from(workbenchCase)
    .where(and(eq(workbenchCase.customerId, opts.customerId), eq(workbenchCase.projectId, opts.projectId)));
  if (row && row.planId === null && p) {
    [row] = await db
      .update(workbenchCase)
      .set({ planId: p.id })
      .where(eq(workbenchCase.id, row.id))
      .returning();
  }
  return row!;
}

/** One of the caller's cases with its project code; another customer's case is a 404 (never a 403). */
export async function ownedCase(
  ctx: AppContext,
  customerId: number,
  caseId: number,
): Promise<{ row: CaseRow; projectCode: ProjectCode }> {
  const [r] = await ctx.db.db
    .select({ row: workbenchCase, code: project.code })
    .from(workbenchCase)
    .innerJoin(project, eq(workbenchCase.projectId, project.id))
    .where(and(eq(workbenchCase.id, caseId), eq(workbenchCase.customerId, customerId)));
  if (!r) throw notFound();
  return { row: r.row, projectCode: r.code as ProjectCode };
}

/** For `requireEntitlement` on `/case/{id}/…` routes. */
export async function caseProjectCode(ctx: AppContext, customerId: number, caseId: number) {
  return (await ownedCase(ctx, customerId, caseId)).projectCode;
}

/**
 * The case's "today": the calendar day in its customer's time zone (profile; decision 0061), by the context's
 * clock. The form rules judge dates against it (a signature date "after today", the fee amounts in force), so
 * a customer in Shanghai at 04:00 is not told their today is tomorrow.
 */
export const todayOf = (ctx: AppContext, row: Pick<CaseRow, 'customerId'>): Promise<string> =>
  customerToday(ctx, row.customerId);

/** The case's rule context; the customer's day is read first, so the validation it feeds stays synchronous. */
export async function contextOf(
  ctx: AppContext,
  row: CaseRow,
  projectCode: ProjectCode,
): Promise<CaseContext> {
  const today = await todayOf(ctx, row);
  const fees = feeSchedule(ctx, today);
  return caseContext({
    category: categoryOf(projectCode),
    profile: (row.profile ?? {}) as FormValues,
    premium: row.premiumProcessing,
    paymentMethod: row.paymentMethod as PaymentFormNumber,
    today,
    refusedEmailDomains: ctx.config.refusedEmailDomains,
    feeSchedule: fees.schedule,
    feesChecked: fees.checked,
  });
}

/**
 * `PATCH /api/customer/case/{id}/settings/`: premium processing (the I-907 joins or leaves the filing), the
 * payment method (G-1450 or G-1650 for every fee), whether the packet highlights the petitioner's name and the
 * planned filing date (issue 31 item 4). Data of a form that leaves the filing is kept.
 */
export async function updateSettings(
  ctx: AppContext,
  opts: {
    customerId: number;
    caseId: number;
    version: number;
    premium?: boolean | undefined;
    paymentMethod?: PaymentFormNumber | undefined;
    highlightName?: boolean | undefined;
    /** YYYY-MM-DD (checked by the contract) or null to clear it; undefined keeps it. */
    plannedFilingDate?: string | null | undefined;
  },
): Promise<void> {
  const { row } = await ownedCase(ctx, opts.customerId, opts.caseId);
  const now = ctx.clock.now();
  const [updated] = await ctx.db.db
    .update(workbenchCase)
    .set({
      ...(opts.premium !== undefined ? { premiumProcessing: opts.premium } : {}),
      ...(opts.paymentMethod !== undefined ? { paymentMethod: opts.paymentMethod } : {}),
      ...(opts.highlightName !== undefined ? { highlightName: opts.highlightName } : {}),
      ...(opts.plannedFilingDate !== undefined ? { plannedFilingDate: opts.plannedFilingDate } : {}),
      settingsVersion: sql`${workbenchCase.settingsVersion} + 1`,
      updatedAt: now,
    })
    .where(and(eq(workbenchCase.id, row.id), eq(workbenchCase.settingsVersion, opts.version)))
    .returning({ id: workbenchCase.id });
  if (!updated) throw versionConflict(row.settingsVersion);
}

const PREFERENCE_DEFAULTS: TCasePreferences = { form_instructions_hidden: false };

/** The customer's remembered choices (per customer, shared by both workbenches). */
export async function getPreferences(ctx: AppContext, customerId: number): Promise<TCasePreferences> {
  const rows = await ctx.db.db
    .select()
    .from(customerPreference)
    .where(eq(customerPreference.customerId, customerId));
  const out: TCasePreferences = { ...PREFERENCE_DEFAULTS };
  for (const r of rows) {
    if (r.key === 'form_instructions_hidden' && typeof r.value === 'boolean')
      out.form_instructions_hidden = r.value;
  }
  return out;
}

export async function setPreferences(
  ctx: AppContext,
  opts: { customerId: number; prefs: TCasePreferences },
): Promise<TCasePreferences> {
  const now = ctx.clock.now();
  for (const [key, value] of Object.entries(opts.prefs)) {
    await ctx.db.db
      .insert(customerPreference)
      .values({ customerId: opts.customerId, key, value, updatedAt: now })
      .onConflictDoUpdate({
        target: [customerPreference.customerId, customerPreference.key],
        set: { value, updatedAt: now },
      });
  }
  return getPreferences(ctx, opts.customerId);
}

/** A stage or request the server refuses because it is not a real screen yet. */
export const notAvailable = () => new AppError(409, E.stageNotAvailable, `errors:${E.stageNotAvailable}`);
export const badRequest = (field: string) =>
  new AppError(400, ErrorCode.validation, 'errors:validation', { field });
