import type { AssistantFailure, TAssistantDraft, TAssistantTarget } from '@dossier/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assistantConsent, assistantDraft } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';
import {
  type AssistantProvider,
  AssistantProviderError,
  type ChatResult,
} from '../../providers/assistant/assistant-provider.ts';
import type { CaseScope } from '../evidence/folders.service.ts';
import { loadReviewInput } from '../review/review-input.ts';
import { AssistantCode, consentedProvider, draftRow, draftView } from './assistant.service.ts';
import { outlineText, readAlikeWarnings } from './assistant-outline.ts';
import { reserveAssistant, settleAssistant } from './assistant-quota.ts';
import { type PreparedTarget, prepareTarget } from './assistant-target.ts';
import { buildGrounding } from './grounding.ts';
import { checkReply } from './reply-check.ts';

/**
 * A draft's run (issue 33 items 4–5, decision 0086): `POST …/drafts/` checks consent, the target and the quota,
 * stores the draft `running` and answers 202; the run goes on in this process: the case as the review reads it →
 * grounding → the provider's streamed reply → the checks → `ready` with the checked paragraphs, or `failed` with
 * why. A run never throws out of the process. Every write of its end is conditional on the draft still running, so
 * a cancel (or a restart's sweep) is never overwritten.
 */

interface Run {
  controller: AbortController;
  done: Promise<void>;
}
/** This process's runs by draft id (a cancel aborts the call; another node's run ends by its own deadline). */
const runs = new Map<number, Run>();

/** The run of a draft in this process (tests wait on it); undefined when none. */
export const runOf = (draftId: number): Promise<void> | undefined => runs.get(draftId)?.done;

/** received_chars is written at most this often while the reply streams. */
const PROGRESS_MS = 1000;
/** Past the provider's own deadline by this much, the run gives up on a provider that did not. */
const DEADLINE_SLACK_MS = 5000;

/** A draft still `running` long after any deadline was left by a process that stopped: it failed by timeout. */
async function sweepAbandoned(ctx: AppContext, caseId: number, now: Date): Promise<void> {
  const before = new Date(now.getTime() - ctx.config.assistant.timeoutMs - 2 * DEADLINE_SLACK_MS);
  const stale = await ctx.db.db
    .select({ id: assistantDraft.id })
    .from(assistantDraft)
    .where(
      and(
        eq(assistantDraft.caseId, caseId),
        eq(assistantDraft.status, 'running'),
        lt(assistantDraft.createdAt, before),
      ),
    );
  for (const d of stale)
    if (!runs.has(d.id)) await finish(ctx, d.id, { status: 'failed', failure: 'timeout' });
}

/** The draft's end, written only while it is still running (a cancel wins). */
async function finish(
  ctx: AppContext,
  id: number,
  set: Partial<typeof assistantDraft.$inferInsert> & { status: 'ready' | 'failed' },
): Promise<void> {
  await ctx.db.db
    .update(assistantDraft)
    .set({ ...set, updatedAt: ctx.clock.now() })
    .where(and(eq(assistantDraft.id, id), eq(assistantDraft.status, 'running')));
}

/** `POST …/assistant/drafts/`. */
export async function startDraft(
  ctx: AppContext,
  s: CaseScope,
  body: { target: TAssistantTarget; instruction?: string | undefined },
): Promise<TAssistantDraft> {
  const caseId = s.caseRow.id;
  await consentedProvider(ctx, caseId);
  const prepared = await prepareTarget(ctx, s, body.target);
  const now = ctx.clock.now();
  await sweepAbandoned(ctx, caseId, now);
  const reserved = ctx.config.assistant.maxTokens;
  await reserveAssistant(ctx, s.customerId, reserved, now);
  let created: typeof assistantDraft.$inferSelect | undefined;
  let provider: AssistantProvider;
  try {
    ({ created, provider } = await ctx.db.db.transaction(async (tx) => {
      // The consent row is the case's lock: one running draft per case, and a withdrawal in between is seen.
      await tx.select().from(assistantConsent).where(eq(assistantConsent.caseId, caseId)).for('update');
      const provider = await consentedProvider(ctx, caseId, tx);
      const [running] = await tx
        .select({ id: assistantDraft.id })
        .from(assistantDraft)
        .where(and(eq(assistantDraft.caseId, caseId), eq(assistantDraft.status, 'running')))
        .limit(1);
      if (running) throw errorOf(409, AssistantCode.running);
      const [created] = await tx
        .insert(assistantDraft)
        .values({
          caseId,
          task: body.target.task,
          target: body.target,
          instruction: body.instruction ?? null,
          status: 'running',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return { created, provider };
    }));
  } catch (err) {
    await settleAssistant(ctx, s.customerId, reserved, 0, now);
    throw err;
  }
  const row = created!;
  const controller = new AbortController();
  const job = { ctx, s, draftId: row.id, provider, target: body.target, prepared, controller, reserved, now };
  const done = runDraft({ ...job, instruction: body.instruction }).finally(() => runs.delete(row.id));
  runs.set(row.id, { controller, done });
  return draftView(row, s.locale);
}

/** Aborts this process's run of a draft; false when it runs nowhere here. */
export function abortRun(draftId: number): boolean {
  const r = runs.get(draftId);
  r?.controller.abort();
  return !!r;
}

/** `POST …/cancel/`: a running draft becomes `cancelled` and its local run is aborted; any other is answered as is. */
export async function cancelDraft(ctx: AppContext, s: CaseScope, draftId: number): Promise<TAssistantDraft> {
  const [row] = await ctx.db.db
    .update(assistantDraft)
    .set({ status: 'cancelled', updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(assistantDraft.id, draftId),
        eq(assistantDraft.caseId, s.caseRow.id),
        eq(assistantDraft.status, 'running'),
      ),
    )
    .returning();
  if (row) abortRun(row.id);
  return draftView(row ?? (await draftRow(ctx.db.db, s.caseRow.id, draftId)), s.locale);
}

/** Cancels every running draft of a case (a withdrawn consent: nothing more is sent or waited for). */
export async function cancelCaseRuns(ctx: AppContext, caseId: number): Promise<void> {
  const rows = await ctx.db.db
    .update(assistantDraft)
    .set({ status: 'cancelled', updatedAt: ctx.clock.now() })
    .where(and(eq(assistantDraft.caseId, caseId), eq(assistantDraft.status, 'running')))
    .returning({ id: assistantDraft.id });
  for (const r of rows) abortRun(r.id);
}

/** The provider's failure as the draft names it. */
function failureOf(err: unknown): AssistantFailure {
  if (!(err instanceof AssistantProviderError)) return 'provider_error';
  switch (err.kind) {
    case 'timeout':
    case 'cancelled':
      return 'timeout';
    case 'rate_limited':
      return 'rate_limited';
    case 'truncated':
      return 'truncated';
    case 'malformed':
      return 'unreadable';
    default:
      return 'provider_error';
  }
}

interface Job {
  ctx: AppContext;
  s: CaseScope;
  draftId: number;
  provider: AssistantProvider;
  target: TAssistantTarget;
  instruction: string | undefined;
  prepared: PreparedTarget;
  controller: AbortController;
  reserved: number;
  now: Date;
}

const estimate = (chars: number) => Math.ceil(chars / 4);

async function runDraft(job: Job): Promise<void> {
  const { ctx, draftId, controller } = job;
  let sentChars = 0;
  let received = 0;
  let used = 0;
  try {
    const input = await loadReviewInput(ctx, job.s);
    const grounding = buildGrounding(input, {
      target: job.target,
      ...(job.instruction ? { instruction: job.instruction } : {}),
      extra: job.prepared.extra,
    });
    if (controller.signal.aborted) return;
    sentChars = grounding.messages.reduce((n, m) => n + m.content.length, 0);
    let lastWrite = 0;
    // The provider keeps its own deadline; this one covers a provider that does not (every call has a timeout).
    const deadline = AbortSignal.timeout(ctx.config.assistant.timeoutMs + DEADLINE_SLACK_MS);
    let result: ChatResult;
    try {
      result = await job.provider.chat({
        messages: grounding.messages,
        maxTokens: ctx.config.assistant.maxTokens,
        signal: AbortSignal.any([controller.signal, deadline]),
        onDelta: (_chunk, chars) => {
          received = chars;
          const t = performance.now();
          if (t - lastWrite < PROGRESS_MS) return;
          lastWrite = t;
          void ctx.db.db
            .update(assistantDraft)
            .set({ receivedChars: chars })
            .where(and(eq(assistantDraft.id, draftId), eq(assistantDraft.status, 'running')))
            .catch((err: unknown) => ctx.logger.warn({ err, draftId }, 'assistant: progress not written'));
        },
      });
    } catch (err) {
      // Usage unknown: the prompt was sent unless the provider refused it outright.
      used = received > 0 ? estimate(sentChars + received) : 0;
      if (controller.signal.aborted) return; // cancelled: the draft says so already
      ctx.logger.warn({ err, draftId }, 'assistant: provider call failed');
      await finish(ctx, draftId, {
        status: 'failed',
        failure: failureOf(err),
        receivedChars: received,
        tokens: used,
      });
      return;
    }
    received = result.text.length;
    used = result.usage?.totalTokens ?? estimate(sentChars + received);
    const base = { receivedChars: received, tokens: used };
    if (result.finishReason === 'length') {
      await finish(ctx, draftId, { status: 'failed', failure: 'token_cap', ...base });
      return;
    }
    const checked = checkReply(result.text, grounding.sources, {
      task: job.target.task,
      replaces: job.prepared.replaces,
    });
    if (!checked.ok) {
      await finish(ctx, draftId, { status: 'failed', failure: checked.failure, ...base });
      return;
    }
    // tighten / translate: the text each paragraph replaces is the block as it was read (checked again on accept).
    const paragraphs = checked.paragraphs.map((p, index) => ({
      ...p,
      index,
      replaces: job.prepared.replaces,
      decision: 'pending' as const,
    }));
    const warnings =
      job.target.task === 'outline_letter'
        ? readAlikeWarnings(input, job.target.letter_id, outlineText(paragraphs))
        : [];
    await finish(ctx, draftId, {
      status: 'ready',
      paragraphs,
      removedSentences: checked.removedSentences,
      failedCitations: checked.failedCitations,
      warnings,
      ...base,
    });
  } catch (err) {
    // Never out of the process: logged, the draft failed (unless a cancel got there first).
    ctx.logger.error({ err, draftId }, 'assistant: run failed');
    await finish(ctx, draftId, {
      status: 'failed',
      failure: 'provider_error',
      receivedChars: received,
    }).catch((e: unknown) => ctx.logger.error({ err: e, draftId }, 'assistant: failure not written'));
  } finally {
    await settleAssistant(ctx, job.s.customerId, job.reserved, used, job.now).catch((err: unknown) =>
      ctx.logger.error({ err, draftId }, 'assistant: quota not settled'),
    );
  }
}
