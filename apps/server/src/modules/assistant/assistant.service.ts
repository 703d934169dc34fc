import {
  ASSISTANT_LIMITS,
  type AssistantFailure,
  type Locale,
  type TAssistantDraft,
  type TAssistantState,
  type ZAssistantConsentRequest,
  type ZAssistantParagraph,
  ZAssistantTarget,
} from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { assistantConsent, assistantDraft } from '../../db/schema/index.ts';
import { errorOf, notFound } from '../../plugins/errors.ts';
import type { AssistantProvider } from '../../providers/assistant/assistant-provider.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { quotaOf } from './assistant-quota.ts';

/**
 * The writing assistant's state, consent and drafts as the customer reads them (issue 33 items 3–5, decision
 * 0086). Nothing is sent to a provider unless a consent is in force: granted, not withdrawn, and naming the provider
 * and model configured now (a changed configuration needs a new consent).
 */

/** The assistant's error codes (messages errors.json). Quota codes are assistant-quota.ts's. */
export const AssistantCode = {
  off: 'assistant_off',
  consentRequired: 'assistant_consent_required',
  consentChanged: 'assistant_consent_changed',
  paragraphStale: 'assistant_paragraph_stale',
  notReady: 'assistant_draft_not_ready',
  running: 'assistant_draft_running',
  decided: 'assistant_paragraph_decided',
  targetInvalid: 'assistant_target_invalid',
  versionRequired: 'assistant_version_required',
  paragraphEmpty: 'assistant_paragraph_empty',
} as const;

export type DraftRow = typeof assistantDraft.$inferSelect;
export type AssistantParagraph = z.infer<typeof ZAssistantParagraph>;
type TAssistantConsentRequest = z.infer<typeof ZAssistantConsentRequest>;
type ConsentRow = typeof assistantConsent.$inferSelect;

/** The configured provider; 409 assistant_off without one. Read per call: tests and a reload may set it later. */
export function providerOf(ctx: AppContext): AssistantProvider {
  if (!ctx.assistant) throw errorOf(409, AssistantCode.off);
  return ctx.assistant;
}

async function consentRow(db: Db, caseId: number): Promise<ConsentRow | undefined> {
  const [row] = await db.select().from(assistantConsent).where(eq(assistantConsent.caseId, caseId));
  return row;
}

/** A consent is in force when not withdrawn and it names the provider and model configured now. */
const inForce = (row: ConsentRow | undefined, p: AssistantProvider | null | undefined): row is ConsentRow =>
  !!row && !!p && row.withdrawnAt === null && row.provider === p.name && row.model === p.model;

/** The provider, when the case's consent is in force: 409 assistant_off / assistant_consent_required otherwise. */
export async function consentedProvider(ctx: AppContext, caseId: number, db: Db = ctx.db.db) {
  const provider = providerOf(ctx);
  if (!inForce(await consentRow(db, caseId), provider)) throw errorOf(409, AssistantCode.consentRequired);
  return provider;
}

const failureMsg = (f: string | null, locale: Locale) =>
  f === null ? null : translate(locale, `assistant:server.failure.${f as AssistantFailure}`);

/**
 * outline_letter's warnings are stored in both languages (`{"zh": …, "en": …}` per entry, decision 0086): the
 * check reads every letter's text, too costly to run again on every read in the reader's language.
 */
function warningsIn(stored: readonly string[], locale: Locale): string[] {
  return stored.slice(0, 20).map((w) => {
    try {
      const both = JSON.parse(w) as Partial<Record<Locale, string>>;
      return (both[locale] ?? both.en ?? '').slice(0, 1000);
    } catch {
      return w.slice(0, 1000);
    }
  });
}

export function draftView(row: DraftRow, locale: Locale): TAssistantDraft {
  return {
    id: row.id,
    target: ZAssistantTarget.parse(row.target),
    status: row.status as TAssistantDraft['status'],
    failure: row.failure as TAssistantDraft['failure'],
    failure_msg: failureMsg(row.failure, locale),
    received_chars: row.receivedChars,
    paragraphs: row.paragraphs as AssistantParagraph[],
    removed_sentences: row.removedSentences,
    failed_citations: row.failedCitations,
    warnings: warningsIn(row.warnings, locale),
    tokens: row.tokens,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The case's draft (404 for another case's, the same as a missing one). */
export async function draftRow(db: Db, caseId: number, draftId: number): Promise<DraftRow> {
  const [row] = await db
    .select()
    .from(assistantDraft)
    .where(and(eq(assistantDraft.id, draftId), eq(assistantDraft.caseId, caseId)));
  if (!row) throw notFound();
  return row;
}

export async function getDraft(ctx: AppContext, s: CaseScope, draftId: number): Promise<TAssistantDraft> {
  return draftView(await draftRow(ctx.db.db, s.caseRow.id, draftId), s.locale);
}

/** `GET …/assistant/`: enabled, the provider as the consent screen names it, the consent in force, quota, drafts. */
export async function assistantState(ctx: AppContext, s: CaseScope): Promise<TAssistantState> {
  const db = ctx.db.db;
  const p = ctx.assistant ?? null;
  const [consent, quota, drafts] = await Promise.all([
    consentRow(db, s.caseRow.id),
    quotaOf(ctx, s.customerId, ctx.clock.now()),
    db
      .select()
      .from(assistantDraft)
      .where(eq(assistantDraft.caseId, s.caseRow.id))
      .orderBy(desc(assistantDraft.id))
      .limit(ASSISTANT_LIMITS.draftsListed),
  ]);
  return {
    enabled: p !== null,
    provider: p ? { name: p.name, model: p.model, base_url_host: p.baseUrlHost } : null,
    consent: inForce(consent, p)
      ? { granted_at: consent.grantedAt.toISOString(), provider: consent.provider, model: consent.model }
      : null,
    quota,
    drafts: drafts.map((d) => draftView(d, s.locale)),
  };
}

/**
 * `PUT …/consent/`: the provider and model the screen named must be the configured ones (409
 * assistant_consent_changed: the configuration changed since the screen was read). A new grant replaces a
 * withdrawn or outdated one (its time is the new grant's).
 */
export async function grantConsent(
  ctx: AppContext,
  s: CaseScope,
  body: TAssistantConsentRequest,
): Promise<TAssistantState> {
  const p = providerOf(ctx);
  if (body.provider !== p.name || body.model !== p.model) throw errorOf(409, AssistantCode.consentChanged);
  const now = ctx.clock.now();
  const current = await consentRow(ctx.db.db, s.caseRow.id);
  // A consent already in force keeps its time (granting twice is not a new decision).
  if (!inForce(current, p)) {
    const values = { provider: p.name, model: p.model, grantedAt: now, withdrawnAt: null, updatedAt: now };
    await ctx.db.db
      .insert(assistantConsent)
      .values({ caseId: s.caseRow.id, ...values })
      .onConflictDoUpdate({ target: assistantConsent.caseId, set: values });
  }
  return assistantState(ctx, s);
}

/**
 * `DELETE …/consent/`: withdrawn (the row keeps when it was granted and when withdrawn; drafts are kept). Allowed
 * with no provider configured too: a customer can always take a consent back. The routes cancel the case's runs
 * under way; nothing more is sent.
 */
export async function withdrawConsent(ctx: AppContext, s: CaseScope): Promise<TAssistantState> {
  const now = ctx.clock.now();
  await ctx.db.db
    .update(assistantConsent)
    .set({ withdrawnAt: now, updatedAt: now })
    .where(and(eq(assistantConsent.caseId, s.caseRow.id), isNull(assistantConsent.withdrawnAt)));
  return assistantState(ctx, s);
}
