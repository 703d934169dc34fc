/**
 * Issue 28 item 7 (decision 0061): the rules' "today" is the customer's day in their profile time zone, not the
 * UTC day. At 2026-11-28T20:00Z it is already 2026-11-29 in Shanghai and still 2026-11-28 in Los Angeles: a
 * signature dated 2026-11-29 is "after today" only for the Los Angeles customer, and a fee amount that starts on
 * 2026-11-29 is in force only for the Shanghai customer (the case summary's fees, dated on that day).
 */
import {
  localDate,
  type TCaseSummary,
  type TImmigrationData,
  ZCaseSummary,
  ZImmigrationData,
  ZNotificationPage,
} from '@dossier/contract';
import { EB1A_SAMPLE } from '@dossier/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeRow } from '../src/db/schema/index.ts';
import { reloadFeeSchedule } from '../src/modules/reference/fee-schedule.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, buyBase, injectAs, type LoggedIn, login, openCase } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
  t.clock.set(new Date('2026-11-28T20:00:00Z'));
});
afterAll(() => t.close());

type Owner = { user: LoggedIn; c: TCaseSummary };

async function ownerIn(timeZone: string): Promise<Owner> {
  const o = await openCase(t, 'USA_EB1A', { premium_processing: true, payment_method: 'G-1450' });
  const r = await injectAs(t, 'PATCH', '/api/customer/customer/edit/', {
    user: o.user,
    payload: { timezone: timeZone },
  });
  expect(r.statusCode, r.body).toBe(200);
  return o;
}

async function summary(o: Owner): Promise<TCaseSummary> {
  const r = await injectAs(t, 'GET', '/api/customer/case/?project_code=USA_EB1A', { user: o.user });
  expect(r.statusCode, r.body).toBe(200);
  return ZCaseSummary.parse(r.json());
}

/** Saves the I-140 with its signature typed on `date`; the issues the validator reports. */
async function signOn(o: Owner, date: string, lang: 'en' | 'zh' = 'en'): Promise<TImmigrationData> {
  const id = o.c.forms.find((f) => f.form_number === 'I-140')!.id;
  const url = `/api/customer/immigration_data/${id}/`;
  const current = ZImmigrationData.parse((await injectAs(t, 'GET', url, { user: o.user, lang })).json());
  const r = await injectAs(t, 'PATCH', url, {
    user: o.user,
    lang,
    payload: {
      version: current.version,
      mode: 'save',
      values: { ...current.values, ...EB1A_SAMPLE.forms['I-140']!, 'p8.6b': date },
    },
  });
  expect(r.statusCode, r.body).toBe(200);
  return ZImmigrationData.parse(r.json().data);
}

const codesAt = (d: TImmigrationData, item: string) =>
  d.issues.filter((i) => i.item_id === item).map((i) => i.code);

describe("the rules' today is the customer's day (issue 28 item 7)", () => {
  it('a signature dated 2026-11-29 at 2026-11-28T20:00Z is today in Shanghai, and after today in Los Angeles', async () => {
    const shanghai = await ownerIn('Asia/Shanghai');
    for (const lang of ['en', 'zh'] as const) {
      expect(codesAt(await signOn(shanghai, '2026-11-29', lang), 'p8.6b')).toEqual([]);
    }
    const la = await ownerIn('America/Los_Angeles');
    expect(codesAt(await signOn(la, '2026-11-29'), 'p8.6b')).toEqual(['signature_date_future']);
    // The Los Angeles customer's today is the 28th: signed today, nothing to say.
    expect(codesAt(await signOn(la, '2026-11-28'), 'p8.6b')).toEqual([]);
  });

  it("the fee table in force is the one of the customer's day", async () => {
    // A staff row raising the I-140 fee from 2026-11-29, added on 2026-11-25.
    await t.ctx.db.db.insert(feeRow).values({
      feeKey: 'i140',
      effectiveFrom: '2026-11-29',
      cents: 72_500,
      createdAt: new Date('2026-11-25T03:00:00Z'),
    });
    await reloadFeeSchedule(t.ctx);
    const i140 = (s: TCaseSummary) => s.fees.lines.find((l) => l.key === 'i140')?.amount_cents;

    const shanghai = await summary(await ownerIn('Asia/Shanghai'));
    expect(shanghai.fees.date).toBe('2026-11-29');
    expect(i140(shanghai)).toBe(72_500);
    expect(shanghai.fees.checked).toBe('2026-11-25');

    const la = await summary(await ownerIn('America/Los_Angeles'));
    expect(la.fees.date).toBe('2026-11-28');
    expect(i140(la)).toBe(71_500);
    expect(la.fees.checked).not.toBe('2026-11-25');
  });

  it("the paid order's notice says the right is valid until the customer's day", async () => {
    const user = await login(t);
    const r = await injectAs(t, 'PATCH', '/api/customer/customer/edit/', {
      user,
      payload: { timezone: 'Asia/Shanghai' },
    });
    expect(r.statusCode, r.body).toBe(200);
    await buyBase(t, user, 'USA_EB1A');
    const s = ZCaseSummary.parse(
      (await injectAs(t, 'GET', '/api/customer/case/?project_code=USA_EB1A', { user })).json(),
    );
    const until = new Date(s.access.expires_at as string);
    const local = localDate(until, 'Asia/Shanghai');
    expect(local).not.toBe(until.toISOString().slice(0, 10));
    for (const lang of ['en', 'zh'] as const) {
      const notes = ZNotificationPage.parse(
        (await injectAs(t, 'GET', '/api/customer/notification/', { user, lang })).json(),
      );
      const paid = notes.results.map((n) => n.message).find((m) => m.includes(local));
      expect(paid, notes.results.map((n) => n.message).join(' | ')).toBeDefined();
      expect(notes.results.some((n) => n.message.includes(until.toISOString().slice(0, 10)))).toBe(false);
    }
  });
});
