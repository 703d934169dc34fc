import {
  type CaseStage,
  WorkbenchErrorCode as E,
  type Locale,
  type TImmigrationData,
  type TSaveImmigrationDataRequest,
} from '@dossier/contract';
import {
  allItems,
  bindingsOf,
  type FormDefinition,
  type FormValues,
  type Issue,
  isEmpty,
  issueOf,
  profileUpdatesFrom,
  refusals,
  validateForm,
} from '@dossier/forms';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { immigrationData, workbenchCase } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { contextOf, versionConflict } from '../case/case.service.ts';
import { assertEditable } from '../case/case-lock.ts';
import { stageAfter, submitStage } from '../case/stages.service.ts';
import {
  amountItem,
  evaluate,
  inFiling,
  issuesIn,
  itemIds,
  validationOptions,
  withAmount,
} from './form-state.ts';
import { defOf, filingStates, formView, ownedForm } from './immigration-data.service.ts';

export const notInFiling = () => new AppError(409, E.formNotInFiling, `errors:${E.formNotInFiling}`);

/** 400 with the per-item refusals: `form_incomplete` (spec §5) when anything required is missing. */
export function issuesError(issues: readonly Issue[], locale: Locale): AppError {
  const missing = issues.some((i) => i.code === 'required' || i.code === 'choice_required');
  const code = missing ? E.formIncomplete : E.formInvalid;
  return new AppError(400, code, `errors:${code}`, {}, { issues: issuesIn(issues, locale) });
}

/**
 * What a draft may not hold either: answers to items the form does not have, overrides of items no profile
 * value binds, and typed signatures (signed by hand after printing, never filled).
 */
function refuseHostile(
  def: FormDefinition,
  values: FormValues,
  overrides: readonly string[],
  locale: Locale,
) {
  const ids = itemIds(def);
  const bound = bindingsOf(def);
  const unknown = Object.keys(values).find((k) => !ids.has(k)) ?? overrides.find((o) => !(o in bound));
  if (unknown) throw new AppError(400, E.formUnknownItem, `errors:${E.formUnknownItem}`, { item: unknown });
  const signed = allItems(def).filter((it) => it.type === 'signature' && !isEmpty(values[it.id]));
  if (signed.length)
    throw issuesError(
      signed.map((it) => issueOf(it.id, 'signature_must_be_empty')),
      locale,
    );
}

/** The form's own answers to store: profile-bound items live in the profile unless overridden. */
function ownAnswers(def: FormDefinition, values: FormValues, overrides: readonly string[]) {
  const bound = bindingsOf(def);
  const computed = amountItem(def);
  return Object.fromEntries(
    Object.entries(values).filter(
      ([id, v]) => !isEmpty(v) && id !== computed && (!(id in bound) || overrides.includes(id)),
    ),
  );
}

export interface SaveResult {
  data: TImmigrationData;
  stageSubmitted: boolean;
  nextStage: CaseStage | null;
}

/**
 * `PATCH /api/customer/immigration_data/{id}/`. A draft stores what was typed; a save stores a complete, valid
 * form and writes its profile-bound answers to the profile, in one transaction. Only `error` issues refuse a
 * save: warnings and filing blocks travel with the view (decision 0056). An answer that differs from the
 * profile value another item of the form gave is kept for this form (an override). Both carry the version they
 * read: a stale one is a 409 and nothing is written.
 */
export async function saveImmigrationData(
  ctx: AppContext,
  opts: { customerId: number; id: number; body: Required<TSaveImmigrationDataRequest>; locale: Locale },
): Promise<SaveResult> {
  const { body, locale } = opts;
  const { row, caseRow, projectCode } = await ownedForm(ctx, opts.customerId, opts.id);
  const cc = await contextOf(ctx, caseRow, projectCode);
  if (!inFiling(row.formNumber, cc)) throw notInFiling();
  await assertEditable(ctx, caseRow.id, 'forms');
  const def = defOf(row);
  refuseHostile(def, body.values, body.overrides, locale);
  if (row.version !== body.version) throw versionConflict(row.version);
  const now = ctx.clock.now();
  const db = ctx.db.db;
  const guard = and(eq(immigrationData.id, row.id), eq(immigrationData.version, body.version));

  if (body.mode === 'draft') {
    const [done] = await db
      .update(immigrationData)
      .set({
        draft: { values: body.values, overrides: body.overrides },
        draftSavedAt: now,
        version: sql`${immigrationData.version} + 1`,
        updatedAt: now,
      })
      .where(guard)
      .returning({ id: immigrationData.id });
    if (!done) throw versionConflict((await ownedForm(ctx, opts.customerId, opts.id)).row.version);
  } else {
    // The authorised amount is the fee of each payment: checked when typed, computed when left out.
    const amount = amountItem(def);
    const checked = amount && isEmpty(body.values[amount]) ? withAmount(def, body.values, cc) : body.values;
    const profile = profileUpdatesFrom(def, body.values, body.overrides);
    const refused = refusals(validateForm(def, checked, validationOptions(def, cc)));
    if (refused.length) throw issuesError(refused, locale);
    const overrides = [...body.overrides, ...profile.overridden];
    const written = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(immigrationData)
        .set({
          data: ownAnswers(def, body.values, overrides),
          overrides,
          draft: null,
          draftSavedAt: null,
          savedAt: now,
          version: sql`${immigrationData.version} + 1`,
          updatedAt: now,
        })
        .where(guard)
        .returning({ id: immigrationData.id });
      if (!done) return false;
      if (Object.keys(profile.updates).length) {
        await tx
          .update(workbenchCase)
          .set({
            // jsonb || merges key by key: a concurrent save of another form keeps its own keys.
            profile: sql`${workbenchCase.profile} || ${JSON.stringify(profile.updates)}::jsonb`,
            profileVersion: sql`${workbenchCase.profileVersion} + 1`,
            profileUpdatedAt: now,
            updatedAt: now,
          })
          .where(eq(workbenchCase.id, caseRow.id));
      }
      return true;
    });
    if (!written) throw versionConflict((await ownedForm(ctx, opts.customerId, opts.id)).row.version);
  }

  const fresh = await ownedForm(ctx, opts.customerId, opts.id);
  const freshCc = await contextOf(ctx, fresh.caseRow, projectCode);
  let stageSubmitted = false;
  if (body.mode === 'save' && body.submit) {
    const forms = await filingStates(ctx, fresh.caseRow, freshCc);
    if (forms.every((f) => f.state.status === 'complete')) {
      await submitStage(ctx, { caseRow: fresh.caseRow, cc: freshCc, forms, stage: 'forms' });
      stageSubmitted = true;
    }
  }
  const state = evaluate(def, fresh.row, freshCc);
  return {
    data: await formView(ctx, { row: fresh.row, def, state, cc: freshCc, locale }),
    stageSubmitted,
    nextStage: stageSubmitted ? stageAfter('forms') : null,
  };
}
