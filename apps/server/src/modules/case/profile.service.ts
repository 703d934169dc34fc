import { WorkbenchErrorCode as E, type Locale, type TProfile } from '@dossier/contract';
import { type FormValues, isEmpty, PROFILE_DEFINITION, PROFILE_KEYS, validateForm } from '@dossier/forms';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { workbenchCase } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { issuesIn, wireValues } from '../forms/form-state.ts';
import { issuesError } from '../forms/save-form.service.ts';
import { type CaseRow, ownedCase, todayOf, versionConflict } from './case.service.ts';
import { assertEditable } from './case-lock.ts';

const KEYS = new Set(PROFILE_KEYS);

async function view(ctx: AppContext, row: CaseRow, locale: Locale): Promise<TProfile> {
  const values = (row.profile ?? {}) as FormValues;
  const issues = validateForm(PROFILE_DEFINITION, values, {
    today: await todayOf(ctx, row),
    refusedEmailDomains: ctx.config.refusedEmailDomains,
  });
  return {
    values: wireValues(values),
    version: row.profileVersion,
    updated_at: row.profileUpdatedAt?.toISOString() ?? null,
    issues: issuesIn(issues, locale),
  };
}

/** `GET /api/customer/case/{id}/profile/` */
export async function getProfile(
  ctx: AppContext,
  opts: { customerId: number; caseId: number; locale: Locale },
) {
  const { row } = await ownedCase(ctx, opts.customerId, opts.caseId);
  return view(ctx, row, opts.locale);
}

/**
 * `PATCH /api/customer/case/{id}/profile/`: replaces the profile. Formats and the State/Province rule are
 * checked (nothing is required); every form bound to a value shows the new one unless it overrides it.
 */
export async function updateProfile(
  ctx: AppContext,
  opts: { customerId: number; caseId: number; version: number; values: FormValues; locale: Locale },
): Promise<TProfile> {
  const { row } = await ownedCase(ctx, opts.customerId, opts.caseId);
  await assertEditable(ctx, row.id, 'forms');
  const unknown = Object.keys(opts.values).find((k) => !KEYS.has(k));
  if (unknown) throw new AppError(400, E.formUnknownItem, `errors:${E.formUnknownItem}`, { item: unknown });
  const issues = validateForm(PROFILE_DEFINITION, opts.values, {
    today: await todayOf(ctx, row),
    refusedEmailDomains: ctx.config.refusedEmailDomains,
  });
  if (issues.length) throw issuesError(issues, opts.locale);
  const stored = Object.fromEntries(Object.entries(opts.values).filter(([, v]) => !isEmpty(v)));
  const now = ctx.clock.now();
  const [updated] = await ctx.db.db
    .update(workbenchCase)
    .set({
      profile: stored,
      profileVersion: sql`${workbenchCase.profileVersion} + 1`,
      profileUpdatedAt: now,
      updatedAt: now,
    })
    .where(and(eq(workbenchCase.id, row.id), eq(workbenchCase.profileVersion, opts.version)))
    .returning();
  if (!updated) throw versionConflict(row.profileVersion);
  return view(ctx, updated, opts.locale);
}
