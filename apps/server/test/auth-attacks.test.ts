import { randomInt } from 'node:crypto';
import {
  SMS_CODE_FAILURE_WINDOW_SECONDS,
  SMS_CODE_FAILURES_PER_PHONE,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_RESEND_SECONDS,
} from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCode } from '../src/db/schema/index.ts';
import { buildTestApp, RecordingCaptcha, type TestApp } from './build-test-app.ts';
import {
  accountsTestConfig,
  getCaptcha,
  type LoggedIn,
  login,
  loginWithCode,
  requestSmsCode,
  type SentCode,
  uniquePhone,
  wrongCode,
} from './factories.ts';

/**
 * Issue 10 items 1, 4 and 5, each reproduced on a running server before the fix: account takeover through the
 * area code, a stranger locking a person out of login, and SMS pumping to any calling code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (app: TestApp, url: string, payload: object, headers: Headers = {}) =>
  app.app.inject({ method: 'POST', url, payload, headers });
const loginWith = (app: TestApp, phone: string, sent: Partial<SentCode>, remoteAddress?: string) =>
  loginWithCode(app, phone, sent, {
    headers: { Language: 'en' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const wrong = wrongCode;
/** An address no other test (or test file sharing the PostgreSQL database) uses. */
const someIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const info = (who: LoggedIn) =>
  t.app.inject({ url: '/api/customer/customer/info/', headers: { ...who.auth, Language: 'en' } });
const newPhoneCode = (who: LoggedIn, phone: string) =>
  requestSmsCode(t, { phone, url: '/api/customer/customer/send_sms_code/', headers: who.auth });

describe('1. the login identity changes only through an SMS to the new number', () => {
  it('PATCH edit cannot move an account to another area code: the owner of +1 N gets their own account', async () => {
    const national = uniquePhone();
    const attacker = await login(t, { areaCode: '86', phone: national });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/customer/customer/edit/',
      headers: { ...attacker.auth, Language: 'en' },
      payload: { area_code: '1' },
    });
    expect(moved.statusCode).toBe(400);
    expect((await info(attacker)).json().area_code).toBe('86');
    const owner = await login(t, { areaCode: '1', phone: national });
    expect(owner.customerId).not.toBe(attacker.customerId);
    expect((await info(owner)).json()).toMatchObject({ area_code: '1', phone: national });
  });

  it('a phone change ends every other session of the customer at once; the device that changed it stays', async () => {
    const phone = uniquePhone();
    const here = await login(t, { phone });
    t.clock.advance(SMS_RESEND_SECONDS * 1000);
    const there = await login(t, { phone });
    const fresh = uniquePhone();
    const changed = await post(
      t,
      '/api/customer/customer/change_phone_number/',
      { area_code: '86', phone: fresh, ...(await newPhoneCode(here, fresh)) },
      here.auth,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const cut = await info(there);
    expect(cut.statusCode).toBe(401);
    expect(cut.json().code).toBe('session_expired');
    const refused = await post(t, '/api/auth/token/refresh/', { refresh_token: there.refreshToken });
    expect(refused.statusCode).toBe(401);
    expect((await info(here)).json()).toMatchObject({ id: here.customerId, phone: fresh });
    const kept = await post(t, '/api/auth/token/refresh/', { refresh_token: here.refreshToken });
    expect(kept.statusCode).toBe(200);
  });
});

describe('4. a stranger cannot lock a person out', () => {
  let img: TestApp;
  const captcha = new RecordingCaptcha();
  beforeAll(async () => {
    img = await buildTestApp({ config: { ...accountsTestConfig, captchaMode: 'image' }, captcha });
  });
  afterAll(() => img.close());

  it('(a) a captcha drawn by someone else for the same phone leaves the victim’s challenge valid', async () => {
    const phone = uniquePhone();
    const victimId = await getCaptcha(img, { phone });
    const victimAnswer = captcha.last;
    const strangerId = await getCaptcha(img, { phone });
    const send = (captchaId: string, answer: string) =>
      post(img, '/api/auth/customer/send_sms_code/', {
        area_code: '86',
        phone,
        captcha_id: captchaId,
        captcha: answer,
      });
    const r = await send(victimId, victimAnswer);
    expect(r.statusCode, r.body).toBe(200);
    // The stranger's challenge is its own: the victim's answer does not open it.
    expect((await send(strangerId, victimAnswer)).json().code).toBe('captcha_invalid');
  });

  it('(b) wrong codes from anyone without the victim’s ticket do not burn the victim’s code', async () => {
    const phone = uniquePhone();
    const victim = await requestSmsCode(t, { phone });
    const forged = { sms_code: wrong(victim).sms_code, sms_ticket: 'A'.repeat(43) };
    for (let i = 0; i <= SMS_CODE_MAX_ATTEMPTS; i++) {
      expect((await loginWith(t, phone, forged)).json().code).toBe('sms_code_invalid');
      const { sms_ticket: _none, ...noTicket } = forged;
      expect((await loginWith(t, phone, noTicket)).statusCode).toBe(400);
    }
    // A stranger who solves a captcha gets a code of their own sent to the victim, and a ticket for it only.
    t.clock.advance(SMS_RESEND_SECONDS * 1000);
    const stranger = await requestSmsCode(t, { phone });
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++) {
      expect((await loginWith(t, phone, wrong(stranger))).json().code).toBe('sms_code_invalid');
    }
    const r = await loginWith(t, phone, victim);
    expect(r.statusCode, r.body).toBe(200);
  });

  it('(b) a code counts only with the ticket of its own send: same phone, same purpose', async () => {
    const phone = uniquePhone();
    const sent = await requestSmsCode(t, { phone });
    expect((await loginWith(t, uniquePhone(), sent)).json().code).toBe('sms_code_invalid');
    const me = await login(t);
    const asChange = await post(
      t,
      '/api/customer/customer/change_phone_number/',
      { area_code: '86', phone, ...sent },
      me.auth,
    );
    expect(asChange.json().code).toBe('sms_code_invalid');
    expect((await loginWith(t, phone, sent)).statusCode).toBe(200);
  });

  it('(b) wrong codes are counted per IP: past the budget that IP waits, with a localised message', async () => {
    const perIp = await buildTestApp({ config: { ...accountsTestConfig, smsCodeFailuresPerIp: 3 } });
    try {
      const ip = someIp();
      for (let i = 0; i < 3; i++) {
        const phone = uniquePhone();
        const sent = await requestSmsCode(perIp, { phone });
        expect((await loginWith(perIp, phone, wrong(sent), ip)).json().code).toBe('sms_code_invalid');
      }
      const phone = uniquePhone();
      const sent = await requestSmsCode(perIp, { phone });
      const locked = await loginWith(perIp, phone, sent, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        code: 'sms_verify_locked',
        msg: `Too many wrong codes. Please try again in ${SMS_CODE_FAILURE_WINDOW_SECONDS / 60} minutes`,
      });
      // The lock is the address's, not the phone's: the owner elsewhere logs in with the same code.
      expect((await loginWith(perIp, phone, sent, someIp())).statusCode).toBe(200);
      perIp.clock.advance(SMS_CODE_FAILURE_WINDOW_SECONDS * 1000);
      const other = uniquePhone();
      expect(
        (await loginWith(perIp, other, await requestSmsCode(perIp, { phone: other }), ip)).statusCode,
      ).toBe(200);
    } finally {
      await perIp.close();
    }
  });

  it('(b) wrong codes are counted per phone across tickets and addresses', async () => {
    const phone = uniquePhone();
    let failures = 0;
    while (failures < SMS_CODE_FAILURES_PER_PHONE) {
      const sent = await requestSmsCode(t, { phone });
      for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS && failures < SMS_CODE_FAILURES_PER_PHONE; i++, failures++) {
        expect((await loginWith(t, phone, wrong(sent), someIp())).json().code).toBe('sms_code_invalid');
      }
      t.clock.advance(SMS_RESEND_SECONDS * 1000);
    }
    const sent = await requestSmsCode(t, { phone });
    const locked = await loginWith(t, phone, sent, someIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('sms_verify_locked');
    t.clock.advance(SMS_CODE_FAILURE_WINDOW_SECONDS * 1000);
    expect((await loginWith(t, phone, await requestSmsCode(t, { phone }))).statusCode).toBe(200);
  });
});

describe('5. SMS pumping', () => {
  it('refuses calling codes outside the list: captcha, login code and new-phone code', async () => {
    const phone = uniquePhone();
    const area = { code: 'area_code_unknown', msg: 'Please choose an area code from the list' };
    const cap = await post(
      t,
      '/api/auth/customer/get_captcha/',
      { area_code: '9999', phone },
      { Language: 'en' },
    );
    expect(cap.statusCode).toBe(400);
    expect(cap.json()).toEqual(area);
    const send = await post(
      t,
      '/api/auth/customer/send_sms_code/',
      { area_code: '9999', phone, captcha_id: await getCaptcha(t, { phone }), captcha: 'x' },
      { Language: 'en' },
    );
    expect(send.statusCode).toBe(400);
    expect(send.json()).toEqual(area);
    const me = await login(t);
    const change = await post(
      t,
      '/api/customer/customer/send_sms_code/',
      { area_code: '9999', phone, captcha_id: await getCaptcha(t, { phone }), captcha: 'x' },
      { ...me.auth, Language: 'en' },
    );
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual(area);
    expect(await t.ctx.db.db.select().from(smsCode).where(eq(smsCode.areaCode, '9999'))).toHaveLength(0);
  });

  it('caps codes per area code per hour, on top of the per-phone rules', async () => {
    const capped = await buildTestApp({ config: { ...accountsTestConfig, smsHourlyCapPerAreaCode: 2 } });
    try {
      const to853 = () => requestSmsCode(capped, { areaCode: '853', phone: uniquePhone() });
      await to853();
      await to853();
      const phone = uniquePhone();
      const over = await post(
        capped,
        '/api/auth/customer/send_sms_code/',
        {
          area_code: '853',
          phone,
          captcha_id: await getCaptcha(capped, { areaCode: '853', phone }),
          captcha: 'x',
        },
        { Language: 'en' },
      );
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({
        code: 'sms_area_code_cap',
        msg: 'Too many codes were sent to this country or region in the last hour. Please try again later',
      });
      // Other calling codes have their own budget; this one's frees up an hour later.
      expect((await requestSmsCode(capped, { areaCode: '886', phone: uniquePhone() })).sms_code).toMatch(
        /^\d{6}$/,
      );
      capped.clock.advance(3_600_000 + 1000);
      expect((await to853()).sms_code).toMatch(/^\d{6}$/);
    } finally {
      await capped.close();
    }
  });
});
