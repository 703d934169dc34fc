import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMS_RESEND_SECONDS } from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, emailCode, notification, refreshToken, smsCode } from '../src/db/schema/index.ts';
import { purgeSteps } from '../src/jobs/purge.handler.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import {
  accountsTestConfig,
  getCaptcha,
  type LoggedIn,
  login,
  requestSmsCode,
  uniquePhone,
} from './factories.ts';
import { refuseNotifications } from './notification-faults.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

/**
 * The daily purge's account step at the test clock's time. Not runPurge: on the PostgreSQL backend the
 * test files share one database, and jobs.test.ts reads the job_run rows, and other steps at a clock
 * 7 days ahead would remove other files' fresh codes.
 */
async function purge(): Promise<void> {
  const step = purgeSteps.find((s) => s.name === 'accounts.deleted_customers');
  await step!.run(t.ctx, t.clock.now());
}

const edit = (who: LoggedIn, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/customer/customer/edit/',
    headers: { ...who.auth, Language: 'en' },
    payload,
  });
const info = async (who: LoggedIn) =>
  (await t.app.inject({ url: '/api/customer/customer/info/', headers: who.auth })).json();

describe('customer info and edit', () => {
  it('answers the caller only', async () => {
    const me = await login(t);
    expect(await info(me)).toMatchObject({
      id: me.customerId,
      phone: me.phone,
      area_code: '86',
      timezone: null,
    });
  });

  it('sets a seeded time zone, refuses others; the area code is not editable here', async () => {
    const me = await login(t);
    const ok = await edit(me, { timezone: 'Asia/Shanghai' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      customer: { timezone: 'Asia/Shanghai' },
      email_verification_sent: false,
    });
    const bad = await edit(me, { timezone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'timezone_unknown', msg: 'Please choose a time zone from the list' });
    // The area code is part of the login phone: it changes only with an SMS to the new number (auth-attacks).
    expect((await edit(me, { area_code: '852' })).statusCode).toBe(400);
    expect((await info(me)).area_code).toBe('86');
    expect((await edit(me, {})).statusCode).toBe(400);
  });

  it('binds an e-mail in two steps with a code; refuses invalid and refused domains', async () => {
    const me = await login(t);
    expect((await edit(me, { email: 'not-an-address' })).json()).toEqual({
      code: 'email_invalid',
      msg: 'Please enter a valid email address',
    });
    const qq = await edit(me, { email: 'someone@QQ.com' });
    expect(qq.statusCode).toBe(400);
    expect(qq.json().code).toBe('email_domain_refused');
    expect(qq.json().msg).toContain('qq.com');

    const sent = await edit(me, { email: 'me@example.com' });
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body).toMatchObject({ email_verification_sent: true, customer: { email: null } });
    expect(body.email_code).toMatch(/^\d{6}$/);
    const wrongAddress = await edit(me, { email: 'other@example.com', email_code: body.email_code });
    expect(wrongAddress.json().code).toBe('sms_code_invalid');
    const bound = await edit(me, { email: 'me@example.com', email_code: body.email_code });
    expect(bound.json().customer.email).toBe('me@example.com');
    const notes = await t.ctx.db.db
      .select()
      .from(notification)
      .where(eq(notification.customerId, me.customerId));
    expect(notes.map((n) => n.key)).toContain('email_bound');
    expect((await edit(me, { email: null })).json().customer.email).toBeNull();
  });
});

describe('change phone number', () => {
  const sendToNew = (who: LoggedIn, phone: string) =>
    requestSmsCode(t, {
      phone,
      url: '/api/customer/customer/send_sms_code/',
      headers: who.auth,
    });

  it('moves the account to a new phone verified by its own code', async () => {
    const me = await login(t);
    const fresh = uniquePhone();
    const sent = await sendToNew(me, fresh);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/customer/customer/change_phone_number/',
      headers: me.auth,
      payload: { area_code: '86', phone: fresh, ...sent },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: me.customerId, phone: fresh });
    // The new phone now logs into the same account.
    t.clock.advance(SMS_RESEND_SECONDS * 1000);
    expect((await login(t, { phone: fresh })).customerId).toBe(me.customerId);
  });

  it("refuses a phone used by another account, and another customer's code", async () => {
    const me = await login(t);
    const other = await login(t);
    const captchaId = await getCaptcha(t, { phone: other.phone });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/customer/customer/send_sms_code/',
      headers: { ...me.auth, Language: 'en' },
      payload: { area_code: '86', phone: other.phone, captcha_id: captchaId, captcha: 'x' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'phone_taken',
      msg: 'This phone number is already used by another account',
    });

    const fresh = uniquePhone();
    const sent = await sendToNew(other, fresh);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/customer/customer/change_phone_number/',
      headers: me.auth,
      payload: { area_code: '86', phone: fresh, ...sent },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('sms_code_invalid');
  });
});

// Issue 10 item 20: a change and its notification are written together, or neither is.
describe('a change whose notification cannot be written changes nothing', () => {
  const notesOf = (customerId: number, key: string) =>
    t.ctx.db.db
      .select()
      .from(notification)
      .where(and(eq(notification.customerId, customerId), eq(notification.key, key)));

  it('phone change: old phone kept, other sessions live, code unused; the retry changes it once', async () => {
    const me = await login(t);
    t.clock.advance(SMS_RESEND_SECONDS * 1000);
    const otherDevice = await login(t, { phone: me.phone });
    expect(otherDevice.customerId).toBe(me.customerId);
    const fresh = uniquePhone();
    const sent = await requestSmsCode(t, {
      phone: fresh,
      url: '/api/customer/customer/send_sms_code/',
      headers: me.auth,
    });
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/customer/customer/change_phone_number/',
        headers: me.auth,
        payload: { area_code: '86', phone: fresh, ...sent },
      });
    const undo = await refuseNotifications(
      t,
      `NEW.customer_id = ${me.customerId} AND NEW.key = 'phone_changed'`,
    );
    try {
      expect((await change()).statusCode).toBe(500);
      expect(await info(me)).toMatchObject({ phone: me.phone });
      expect((await info(otherDevice)).phone).toBe(me.phone);
      const live = await t.ctx.db.db
        .select()
        .from(refreshToken)
        .where(eq(refreshToken.customerId, me.customerId));
      expect(live.every((r) => r.revokedAt === null)).toBe(true);
      expect(await notesOf(me.customerId, 'phone_changed')).toHaveLength(0);
    } finally {
      await undo();
    }
    // The same code still works: the failed attempt was rolled back with everything else.
    const r = await change();
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: me.customerId, phone: fresh });
    expect(
      (await t.app.inject({ url: '/api/customer/customer/info/', headers: otherDevice.auth })).statusCode,
    ).toBe(401);
    expect(await notesOf(me.customerId, 'phone_changed')).toHaveLength(1);
  });

  it('e-mail binding: no e-mail bound, the code unused; the retry binds it once', async () => {
    const me = await login(t);
    const sent = await edit(me, { email: 'atomic@example.com' });
    expect(sent.statusCode).toBe(200);
    const code = sent.json().email_code as string;
    const undo = await refuseNotifications(
      t,
      `NEW.customer_id = ${me.customerId} AND NEW.key = 'email_bound'`,
    );
    try {
      const r = await edit(me, { email: 'atomic@example.com', email_code: code, timezone: 'Asia/Shanghai' });
      expect(r.statusCode).toBe(500);
      expect(await info(me)).toMatchObject({ email: null, timezone: null });
      expect(await notesOf(me.customerId, 'email_bound')).toHaveLength(0);
    } finally {
      await undo();
    }
    const bound = await edit(me, { email: 'atomic@example.com', email_code: code });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().customer.email).toBe('atomic@example.com');
    expect(await notesOf(me.customerId, 'email_bound')).toHaveLength(1);
  });

  it('a wrong code is still counted (its transaction commits) and answered 400', async () => {
    const me = await login(t);
    const sent = await edit(me, { email: 'counted@example.com' });
    const code = sent.json().email_code as string;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const r = await edit(me, { email: 'counted@example.com', email_code: wrong });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('sms_code_invalid');
    const [row] = await t.ctx.db.db.select().from(emailCode).where(eq(emailCode.customerId, me.customerId));
    expect(row!.attempts).toBe(1);
    expect(await info(me)).toMatchObject({ email: null });
  });
});

describe('account deletion', () => {
  it('schedules a 7-day deletion, ends the sessions, and a login within 7 days restores the account', async () => {
    const me = await login(t);
    const r = await t.app.inject({
      method: 'DELETE',
      url: '/api/customer/customer/delete_account/',
      headers: { ...me.auth, Language: 'en' },
    });
    expect(r.statusCode).toBe(200);
    const now = t.clock.now();
    expect(r.json()).toEqual({
      deletion_scheduled_at: now.toISOString(),
      purge_after: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      msg: 'Account deleted. Logging you out…',
    });
    // The access token that asked is over at once (auth-sessions): asking again needs a new login.
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/customer/customer/delete_account/',
      headers: me.auth,
    });
    expect(again.statusCode).toBe(401);
    const zh = await t.app.inject({
      method: 'DELETE',
      url: '/api/customer/customer/delete_account/',
      headers: (await login(t)).auth,
    });
    expect(zh.json().msg).toBe('账号已注销，即将退出登录');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh_token: me.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    t.clock.advance(6 * 86_400_000);
    await purge();
    const sent = await requestSmsCode(t, { phone: me.phone });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login_register/',
      payload: { area_code: '86', phone: me.phone, ...sent, agreement: true },
    });
    expect(back.json()).toMatchObject({
      restored: true,
      customer: { id: me.customerId, deletion_scheduled_at: null },
    });
  });

  it('the purge erases the account, its data and files after 7 days, not before', async () => {
    const me = await login(t);
    const files = join(t.dir, 'files', 'customers', String(me.customerId), 'evidence');
    mkdirSync(files, { recursive: true });
    writeFileSync(join(files, 'a.pdf'), 'x');
    writeFileSync(join(files, 'a.pdf.meta.json'), '{}');
    const bystander = await login(t);
    await t.app.inject({ method: 'DELETE', url: '/api/customer/customer/delete_account/', headers: me.auth });

    t.clock.advance(7 * 86_400_000 - 60_000);
    await purge();
    expect(await t.ctx.db.db.select().from(customer).where(eq(customer.id, me.customerId))).toHaveLength(1);
    expect(await t.ctx.storage.stat(`customers/${me.customerId}/evidence/a.pdf`)).not.toBeNull();

    t.clock.advance(2 * 60_000);
    await purge();
    expect(await t.ctx.db.db.select().from(customer).where(eq(customer.id, me.customerId))).toHaveLength(0);
    expect(
      await t.ctx.db.db.select().from(notification).where(eq(notification.customerId, me.customerId)),
    ).toHaveLength(0);
    expect(
      await t.ctx.db.db.select().from(refreshToken).where(eq(refreshToken.customerId, me.customerId)),
    ).toHaveLength(0);
    expect(await t.ctx.db.db.select().from(smsCode).where(eq(smsCode.phone, me.phone))).toHaveLength(0);
    expect(await t.ctx.storage.stat(`customers/${me.customerId}/evidence/a.pdf`)).toBeNull();
    expect(
      await t.ctx.db.db.select().from(customer).where(eq(customer.id, bystander.customerId)),
    ).toHaveLength(1);
    // Its still-valid access token no longer reaches anything.
    expect((await t.app.inject({ url: '/api/customer/customer/info/', headers: me.auth })).statusCode).toBe(
      401,
    );
  });
});
