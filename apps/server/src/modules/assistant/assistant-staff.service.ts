import { ErrorCode, type ZAssistantUsageList } from '@dossier/contract';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { assistantBudget, assistantUsage, customer } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { auditedPhone } from '../staff/audit.service.ts';
import { usageDay } from './assistant-quota.ts';

/** Rows listed for one day (the contract's bound): the heaviest users first. */
const LISTED = 1000;

/**
 * The assistant's use on one UTC day, for admin and finance (issue 33 item 2, decision 0083): each customer's
 * requests and tokens, the day's total against the deployment's budget. The phone is masked as the staff audit
 * shows it (its last digits only): who spends is visible, the number is not.
 */
export async function assistantUsageOf(
  ctx: AppContext,
  day: string | undefined,
): Promise<z.infer<typeof ZAssistantUsageList>> {
  const d = day ?? usageDay(ctx.clock.now());
  // The contract checks the shape; a day the calendar has not (2026-02-30) is refused here, not by the database.
  const t = Date.parse(`${d}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== d) {
    const field = 'querystring.day';
    throw new AppError(400, ErrorCode.validation, 'errors:validation', { field }, { field });
  }
  const rows = await ctx.db.db
    .select({
      customerId: assistantUsage.customerId,
      requests: assistantUsage.requests,
      tokens: assistantUsage.tokens,
      areaCode: customer.areaCode,
      phone: customer.phone,
    })
    .from(assistantUsage)
    .innerJoin(customer, eq(customer.id, assistantUsage.customerId))
    .where(eq(assistantUsage.day, d))
    .orderBy(desc(assistantUsage.tokens), assistantUsage.customerId)
    .limit(LISTED);
  const [budget] = await ctx.db.db
    .select({ tokens: assistantBudget.tokens })
    .from(assistantBudget)
    .where(eq(assistantBudget.day, d));
  return {
    day: d,
    total_tokens: budget?.tokens ?? 0,
    budget_tokens: ctx.config.assistant.dailyBudgetTokens,
    items: rows.map((r) => ({
      customer_id: r.customerId,
      phone_masked: `+${r.areaCode} ${auditedPhone(ctx.authSecret, r.phone).masked}`,
      requests: r.requests,
      tokens: r.tokens,
    })),
  };
}
