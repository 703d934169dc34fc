/**
 * The assistant's quotas and the staff usage screen (issue 33 item 2 and its acceptance; decision 0083): per
 * customer and UTC day (requests, tokens), the deployment's daily budget, reservations that never overspend under
 * concurrency, settlement to the real usage, and GET /api/staff/assistant/usage/ for admin and finance only.
 */
import { ZAssistantUsageList } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantConfig } from '../src/config.ts';
import { assistantBudget, assistantUsage, staffAudit } from '../src/db/schema/index.ts';
import {
  AssistantQuotaError,
  quotaOf,
  reserveAssistant,
  settleAssistant,
} from '../src/modules/assistant/assistant-quota.ts';
import { AppError } from '../src/plugins/errors.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, type LoggedIn, login } from './factories.ts';
import { newStaff } from './staff-factories.ts';

let t: TestApp;
let defaults: AssistantConfig;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
  defaults = { ...t.ctx.config.assistant };
});
afterAll(() => t.close());
beforeEach(() => {
  t.ctx.config.assistant = { ...defaults };
});

/** Each test counts on a UTC day of its own (the budget row is the deployment's, per day). */
let days = 0;
const freshDay = () => new Date(Date.UTC(2031, 0, 1 + 10 * ++days, 12));
const quotas = (over: Partial<AssistantConfig>) => Object.assign(t.ctx.config.assistant, over);

/** The refusal a reservation fails with (the test fails if it passes). */
async function refusal(p: Promise<void>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const usageRow = async (customerId: number, day: Date) =>
  (
    await t.ctx.db.db
      .select()
      .from(assistantUsage)
      .where(
        and(
          eq(assistantUsage.customerId, customerId),
          eq(assistantUsage.day, day.toISOString().slice(0, 10)),
        ),
      )
  )[0] ?? null;
const budgetRow = async (day: Date) =>
  (
    await t.ctx.db.db
      .select()
      .from(assistantBudget)
      .where(eq(assistantBudget.day, day.toISOString().slice(0, 10)))
  )[0]?.tokens ?? 0;

describe('assistant quotas', () => {
  let a: LoggedIn;
  let b: LoggedIn;
  beforeAll(async () => {
    a = await login(t);
    b = await login(t);
  });

  it('reservations up to the daily tokens pass; the next gets 429 with its zh/en message and reserves nothing', async () => {
    quotas({ dailyTokens: 1000, dailyRequests: 10 });
    const day = freshDay();
    await reserveAssistant(t.ctx, a.customerId, 400, day);
    await reserveAssistant(t.ctx, a.customerId, 600, day);
    expect(await quotaOf(t.ctx, a.customerId, day)).toEqual({
      used_tokens: 1000,
      limit_tokens: 1000,
      used_requests: 2,
      limit_requests: 10,
    });
    const e = await refusal(reserveAssistant(t.ctx, a.customerId, 1, day));
    expect([e.statusCode, e.code]).toEqual([429, AssistantQuotaError.quotaExceeded]);
    const en = translate('en', e.messageKey, e.vars);
    const zh = translate('zh', e.messageKey, e.vars);
    expect(en).toBe(
      "Today's writing assistant quota is used up (1000 of 1000 tokens, 2 of 10 requests). It renews at 00:00 UTC",
    );
    expect(zh).toContain('今日写作助手额度已用完');
    expect(zh).toContain('1000 / 1000');
    expect((await usageRow(a.customerId, day))?.requests).toBe(2);
    expect(await budgetRow(day)).toBe(1000);
    // Another customer's quota and the next UTC day are untouched.
    await reserveAssistant(t.ctx, b.customerId, 1000, day);
    await reserveAssistant(t.ctx, a.customerId, 1000, new Date(day.getTime() + 86_400_000));
    // One reservation larger than a whole day's quota is refused before any row is written.
    const big = freshDay();
    expect((await refusal(reserveAssistant(t.ctx, a.customerId, 1001, big))).code).toBe(
      AssistantQuotaError.quotaExceeded,
    );
    expect(await usageRow(a.customerId, big)).toBeNull();
  });

  it('the daily requests count too', async () => {
    quotas({ dailyTokens: 100_000, dailyRequests: 3 });
    const day = freshDay();
    for (let i = 0; i < 3; i++) await reserveAssistant(t.ctx, a.customerId, 10, day);
    const e = await refusal(reserveAssistant(t.ctx, a.customerId, 10, day));
    expect([e.statusCode, e.code]).toEqual([429, AssistantQuotaError.quotaExceeded]);
    expect(translate('en', e.messageKey, e.vars)).toContain('3 of 3 requests');
    quotas({ dailyRequests: 0 });
    expect((await refusal(reserveAssistant(t.ctx, b.customerId, 1, freshDay()))).statusCode).toBe(429);
  });

  it('two concurrent reservations over the last tokens: exactly one wins', async () => {
    quotas({ dailyTokens: 1000, dailyRequests: 100 });
    const day = freshDay();
    await reserveAssistant(t.ctx, a.customerId, 600, day);
    const results = await Promise.allSettled([
      reserveAssistant(t.ctx, a.customerId, 300, day),
      reserveAssistant(t.ctx, a.customerId, 300, day),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as AppError).code).toBe(AssistantQuotaError.quotaExceeded);
    expect(await usageRow(a.customerId, day)).toMatchObject({ tokens: 900, requests: 2 });
    // A burst of fourteen on a fresh day: exactly the ten the quota holds pass.
    const burst = freshDay();
    const all = await Promise.allSettled(
      Array.from({ length: 14 }, () => reserveAssistant(t.ctx, b.customerId, 100, burst)),
    );
    expect(all.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await usageRow(b.customerId, burst)).toMatchObject({ tokens: 1000, requests: 10 });
    expect(await budgetRow(burst)).toBe(1000);
  });

  it("the deployment's budget refuses every customer once spent, with its own code, and rolls back the customer's row", async () => {
    quotas({ dailyTokens: 10_000, dailyRequests: 100, dailyBudgetTokens: 1500 });
    const day = freshDay();
    await reserveAssistant(t.ctx, a.customerId, 1000, day);
    const e = await refusal(reserveAssistant(t.ctx, b.customerId, 600, day));
    expect([e.statusCode, e.code]).toEqual([429, AssistantQuotaError.budgetExhausted]);
    expect(translate('en', e.messageKey, e.vars)).toContain("reached this service's limit for today");
    expect(translate('zh', e.messageKey, e.vars)).toContain('总用量上限');
    // B's request was not counted: the budget's refusal rolled back B's increment.
    expect(await quotaOf(t.ctx, b.customerId, day)).toMatchObject({ used_tokens: 0, used_requests: 0 });
    await reserveAssistant(t.ctx, b.customerId, 500, day);
    expect(await budgetRow(day)).toBe(1500);
    const both = await Promise.allSettled([
      reserveAssistant(t.ctx, a.customerId, 1, day),
      reserveAssistant(t.ctx, b.customerId, 1, day),
    ]);
    expect(both.every((r) => r.status === 'rejected')).toBe(true);
  });

  it('settling replaces the reservation by the real usage, on both rows, never below 0', async () => {
    quotas({ dailyTokens: 1000, dailyRequests: 10 });
    const day = freshDay();
    await reserveAssistant(t.ctx, a.customerId, 800, day);
    await settleAssistant(t.ctx, a.customerId, 800, 150, day);
    expect(await usageRow(a.customerId, day)).toMatchObject({ tokens: 150, requests: 1 });
    expect(await budgetRow(day)).toBe(150);
    // What the settlement gave back can be reserved again.
    await reserveAssistant(t.ctx, a.customerId, 850, day);
    // A reply that used more than it reserved counts what it cost (past the quota); the next is refused.
    await settleAssistant(t.ctx, a.customerId, 850, 900, day);
    expect((await quotaOf(t.ctx, a.customerId, day)).used_tokens).toBe(1050);
    expect((await refusal(reserveAssistant(t.ctx, a.customerId, 1, day))).code).toBe(
      AssistantQuotaError.quotaExceeded,
    );
    await settleAssistant(t.ctx, a.customerId, 5000, 0, day);
    expect((await quotaOf(t.ctx, a.customerId, day)).used_tokens).toBe(0);
    expect(await budgetRow(day)).toBe(0);
  });
});

describe('staff usage screen: GET /api/staff/assistant/usage/', () => {
  const url = (day?: string) => `/api/staff/assistant/usage/${day ? `?day=${day}` : ''}`;
  const get = (u: string, auth: Record<string, string>, lang = 'en') =>
    t.app.inject({ method: 'GET', url: u, headers: { Language: lang, ...auth } });

  it("lists the day's use per customer, heaviest first, phones masked, for admin and finance", async () => {
    const c1 = await login(t);
    const c2 = await login(t);
    const now = t.clock.now();
    const today = now.toISOString().slice(0, 10);
    await reserveAssistant(t.ctx, c1.customerId, 300, now);
    await reserveAssistant(t.ctx, c2.customerId, 700, now);
    await reserveAssistant(t.ctx, c2.customerId, 100, now);
    for (const role of ['admin', 'finance'] as const) {
      const staff = await newStaff(t, role);
      const r = await get(url(today), staff.auth);
      expect(r.statusCode, r.body).toBe(200);
      const list = ZAssistantUsageList.parse(r.json());
      expect(list.day).toBe(today);
      expect(list.budget_tokens).toBe(defaults.dailyBudgetTokens);
      expect(list.total_tokens).toBeGreaterThanOrEqual(1100);
      const mine = list.items.filter((i) => [c1.customerId, c2.customerId].includes(i.customer_id));
      expect(mine.map((i) => [i.customer_id, i.requests, i.tokens])).toEqual([
        [c2.customerId, 2, 800],
        [c1.customerId, 1, 300],
      ]);
      // As the staff audit masks a phone: at most the last 4 digits, never more than a third of them.
      const keep = Math.min(4, Math.floor(c1.phone.length / 3));
      expect(mine[1]!.phone_masked).toBe(`+86 ${'*'.repeat(c1.phone.length - keep)}${c1.phone.slice(-keep)}`);
      expect(r.body).not.toContain(c1.phone);
      // Without a day: today (UTC).
      const byDefault = ZAssistantUsageList.parse((await get(url(), staff.auth)).json());
      expect(byDefault.day).toBe(today);
      // The read of customer material is audited with who read it.
      const audit = await t.ctx.db.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.action, 'assistant_usage.list'), eq(staffAudit.staffId, staff.id)));
      expect(audit.length).toBeGreaterThanOrEqual(1);
    }
    const staff = await newStaff(t, 'finance');
    const empty = ZAssistantUsageList.parse((await get(url('2020-01-01'), staff.auth)).json());
    expect(empty).toEqual({
      day: '2020-01-01',
      total_tokens: 0,
      budget_tokens: defaults.dailyBudgetTokens,
      items: [],
    });
  });

  it('refuses a reviewer (403), a customer and no session (401), and a day the calendar has not (400, zh/en)', async () => {
    const reviewer = await newStaff(t, 'reviewer');
    const r = await get(url(), reviewer.auth);
    expect([r.statusCode, r.json().code]).toEqual([403, 'staff_forbidden']);
    const customer = await login(t);
    expect((await get(url(), customer.auth)).statusCode).toBe(401);
    expect((await get(url(), {})).statusCode).toBe(401);
    const admin = await newStaff(t, 'admin');
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', 'today']) {
      const en = await get(url(bad), admin.auth);
      expect([en.statusCode, en.json().code], bad).toEqual([400, 'validation']);
      expect(en.json().msg).toContain('querystring.day');
    }
    const zh = await get(url('2026-02-30'), admin.auth, 'zh');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toMatch(/[\u4e00-\u9fff]/);
  });
});
