import type { ZAssistantQuota } from '@dossier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { assistantBudget, assistantUsage } from '../../db/schema/index.ts';
import { type AppError, errorOf } from '../../plugins/errors.ts';

/**
 * The assistant's quotas (issue 33 item 2, decision 0083): per customer and UTC day a number of requests and of
 * tokens (ASSISTANT_DAILY_REQUESTS, ASSISTANT_DAILY_TOKENS), and for the whole deployment a number of tokens per UTC
 * day (ASSISTANT_DAILY_BUDGET_TOKENS). A request reserves its cap before the call (reserveAssistant) and the
 * reservation is replaced by what the provider reported once it answers (settleAssistant): a customer never has more
 * calls in flight than the quota can pay for, and two processes never overspend (the rows are the truth).
 */

type TAssistantQuota = z.infer<typeof ZAssistantQuota>;

/** The refusals (messages errors:<code> in zh/en). */
export const AssistantQuotaError = {
  /** The customer's tokens or requests of the UTC day are used up. */
  quotaExceeded: 'assistant_quota_exceeded',
  /** The deployment's tokens of the UTC day are used up. */
  budgetExhausted: 'assistant_budget_exhausted',
} as const;

/** The UTC day quotas count by (YYYY-MM-DD). */
export const usageDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Ends the reservation's transaction (rolled back); the refusal is worded after it, outside. */
class Refused extends Error {
  constructor(readonly by: 'quota' | 'budget') {
    super(by);
  }
}

/**
 * Adds one request and `tokens` to the customer's day and `tokens` to the deployment's, or refuses with 429 and
 * reserves nothing. One conditional INSERT … ON CONFLICT DO UPDATE … WHERE per row, in one transaction: the row is
 * locked by the statement that checks it (no read-then-write race), the customer's row first and the budget's
 * second in every call (no deadlock between two reservations), and a refusal by the budget rolls back the
 * customer's increment.
 */
export async function reserveAssistant(
  ctx: AppContext,
  customerId: number,
  tokens: number,
  now: Date,
): Promise<void> {
  const q = ctx.config.assistant;
  const day = usageDay(now);
  const want = Math.max(0, Math.ceil(tokens));
  // A reservation no day could hold is refused before any row is touched (a fresh row would not be checked).
  if (want > q.dailyTokens || q.dailyRequests < 1) throw await quotaRefusal(ctx, customerId, now);
  if (want > q.dailyBudgetTokens) throw budgetRefusal();
  try {
    await ctx.db.db.transaction(async (tx) => {
      const mine = await tx
        .insert(assistantUsage)
        .values({ customerId, day, requests: 1, tokens: want, updatedAt: now })
        .onConflictDoUpdate({
          target: [assistantUsage.customerId, assistantUsage.day],
          set: {
            requests: sql`${assistantUsage.requests} + 1`,
            tokens: sql`${assistantUsage.tokens} + ${want}`,
            updatedAt: now,
          },
          setWhere: sql`${assistantUsage.requests} + 1 <= ${q.dailyRequests} and ${assistantUsage.tokens} + ${want} <= ${q.dailyTokens}`,
        })
        .returning({ requests: assistantUsage.requests });
      if (mine.length === 0) throw new Refused('quota');
      const all = await tx
        .insert(assistantBudget)
        .values({ day, tokens: want, updatedAt: now })
        .onConflictDoUpdate({
          target: assistantBudget.day,
          set: { tokens: sql`${assistantBudget.tokens} + ${want}`, updatedAt: now },
          setWhere: sql`${assistantBudget.tokens} + ${want} <= ${q.dailyBudgetTokens}`,
        })
        .returning({ tokens: assistantBudget.tokens });
      if (all.length === 0) throw new Refused('budget');
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    // Read after the rollback: on PGlite a read beside an open transaction would wait for it.
    throw err.by === 'quota' ? await quotaRefusal(ctx, customerId, now) : budgetRefusal();
  }
}

/**
 * Replaces a reservation by what the call used (the provider's count, or the caller's estimate): both rows move by
 * `used − reserved`, never below 0. The request stays counted. A reply that used more than it reserved may take
 * the day past its quota: that is what it cost; the next reservation is refused.
 */
export async function settleAssistant(
  ctx: AppContext,
  customerId: number,
  reserved: number,
  used: number,
  now: Date,
): Promise<void> {
  const day = usageDay(now);
  const delta = Math.max(0, Math.ceil(used)) - Math.max(0, Math.ceil(reserved));
  if (delta === 0) return;
  await ctx.db.db.transaction(async (tx) => {
    await tx
      .update(assistantUsage)
      .set({ tokens: sql`greatest(0, ${assistantUsage.tokens} + ${delta})`, updatedAt: now })
      .where(and(eq(assistantUsage.customerId, customerId), eq(assistantUsage.day, day)));
    await tx
      .update(assistantBudget)
      .set({ tokens: sql`greatest(0, ${assistantBudget.tokens} + ${delta})`, updatedAt: now })
      .where(eq(assistantBudget.day, day));
  });
}

/** The customer's use of the UTC day against the quota (the assistant screen's counter). */
export async function quotaOf(ctx: AppContext, customerId: number, now: Date): Promise<TAssistantQuota> {
  const q = ctx.config.assistant;
  const [row] = await ctx.db.db
    .select({ requests: assistantUsage.requests, tokens: assistantUsage.tokens })
    .from(assistantUsage)
    .where(and(eq(assistantUsage.customerId, customerId), eq(assistantUsage.day, usageDay(now))));
  return {
    used_tokens: row?.tokens ?? 0,
    limit_tokens: q.dailyTokens,
    used_requests: row?.requests ?? 0,
    limit_requests: q.dailyRequests,
  };
}

async function quotaRefusal(ctx: AppContext, customerId: number, now: Date): Promise<AppError> {
  const u = await quotaOf(ctx, customerId, now);
  return errorOf(429, AssistantQuotaError.quotaExceeded, {
    used_tokens: u.used_tokens,
    limit_tokens: u.limit_tokens,
    used_requests: u.used_requests,
    limit_requests: u.limit_requests,
  });
}

const budgetRefusal = () => errorOf(429, AssistantQuotaError.budgetExhausted);
