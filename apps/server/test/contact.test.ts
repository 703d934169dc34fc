import { resources } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAppointment, notification } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, login, requestSmsCode, uniquePhone } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

// The test clock is 2026-11-21T08:00:00Z: 16:00 in Shanghai, 03:00 in New York.
const TOMORROW = '2026-11-22';
type Payload = Record<string, unknown>;
const valid = (over: Payload = {}): Payload => ({
  name: '张三',
  area_code: '86',
  timezone: 'Asia/Shanghai',
  appointment: { date: TOMORROW, time_range: 'am (9:30-11:30)' },
  entrance: 'immigrant_page',
  ...over,
});
const post = (payload: Payload, lang = 'zh', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customer/contact/',
    headers: { Language: lang, ...headers },
    payload,
  });

async function expectRefused(payload: Payload, code: string, headers: Record<string, string> = {}) {
  for (const lang of ['zh', 'en'] as const) {
    const r = await post(payload, lang, headers);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toEqual({ code, msg: (resources[lang].errors as Record<string, string>)[code] });
  }
}

describe('POST /api/customer/contact/ refusals (each with its localised message)', () => {
  const visitor = () => valid({ phone: uniquePhone(), sms_code: '123456' });

  it('missing or blank name', async () => {
    const { name: _n, ...noName } = visitor();
    await expectRefused(noName, 'contact_name_required');
    await expectRefused({ ...visitor(), name: '   ' }, 'contact_name_required');
    await expectRefused({ ...visitor(), name: 'x'.repeat(51) }, 'contact_name_too_long');
  });

  it('a phone with no digits (letters only), too short, or missing for a visitor', async () => {
    await expectRefused({ ...visitor(), phone: 'abcdefgh' }, 'contact_phone_invalid');
    await expectRefused({ ...visitor(), phone: '12-34' }, 'contact_phone_invalid');
    const { phone: _p, ...noPhone } = visitor();
    await expectRefused(noPhone, 'contact_phone_required');
  });

  it('a bad e-mail', async () => {
    await expectRefused({ ...visitor(), email: 'not-an-email' }, 'contact_email_invalid');
    await expectRefused({ ...visitor(), email: 'a b@c.com' }, 'contact_email_invalid');
  });

  it('a missing time range, an unknown one, a missing date', async () => {
    await expectRefused({ ...visitor(), appointment: { date: TOMORROW } }, 'contact_time_range_required');
    await expectRefused(
      { ...visitor(), appointment: { date: TOMORROW, time_range: 'evening' } },
      'contact_time_range_required',
    );
    await expectRefused(
      { ...visitor(), appointment: { time_range: 'am (9:30-11:30)' } },
      'contact_date_required',
    );
    await expectRefused(
      { ...visitor(), appointment: { date: '2026-02-30', time_range: 'am (9:30-11:30)' } },
      'contact_date_required',
    );
  });

  it('a past date in the chosen time zone; today is accepted there', async () => {
    const phone = uniquePhone();
    // 2026-11-21 is already over… nowhere yet: it is the 21st in both Shanghai and New York.
    await expectRefused(
      {
        ...valid({ phone, sms_code: '123456' }),
        appointment: { date: '2026-11-20', time_range: 'pm (2:30-4:30)' },
      },
      'contact_date_past',
    );
    // In Shanghai it is the 21st; in Honolulu (UTC-10) it is still the 20th, so the 20th is not past there.
    const sent = await requestSmsCode(t, { phone });
    const r = await post({
      ...valid({ phone, ...sent, timezone: 'Pacific/Honolulu' }),
      appointment: { date: '2026-11-20', time_range: 'pm (2:30-4:30)' },
    });
    expect(r.statusCode, r.body).toBe(201);
  });

  it('an unknown time zone', async () => {
    await expectRefused({ ...visitor(), timezone: 'Mars/Olympus' }, 'timezone_unknown');
  });

  it('no code when logged out; a wrong code', async () => {
    const { sms_code: _c, ...noCode } = visitor();
    await expectRefused(noCode, 'contact_sms_code_required');
    await expectRefused({ ...noCode, sms_code: '' }, 'contact_sms_code_required');
    await expectRefused({ ...visitor(), sms_code: '12ab' }, 'contact_sms_code_format');
    const phone = uniquePhone();
    const sent = await requestSmsCode(t, { phone });
    const wrong = sent.sms_code === '000000' ? '111111' : '000000';
    await expectRefused({ ...valid({ phone, ...sent, sms_code: wrong }) }, 'sms_code_invalid');
  });

  it('a visitor’s code counts only with the ticket of its send (issue 10 item 4)', async () => {
    const phone = uniquePhone();
    const sent = await requestSmsCode(t, { phone });
    await expectRefused(valid({ phone, sms_code: sent.sms_code }), 'sms_code_not_requested');
    await expectRefused(
      valid({ phone, sms_code: sent.sms_code, sms_ticket: 'B'.repeat(43) }),
      'sms_code_invalid',
    );
    const r = await post(valid({ phone, ...sent }));
    expect(r.statusCode, r.body).toBe(201);
  });

  it('an expired or tampered token is refused, not treated as a visitor', async () => {
    const r = await post(valid({ phone: uniquePhone(), sms_code: '123456' }), 'zh', {
      authorization: 'Bearer nonsense',
    });
    expect(r.statusCode).toBe(401);
  });
});

describe('POST /api/customer/contact/ success', () => {
  it('a visitor with a real code: 201 with the localised message, stored, code used up', async () => {
    const phone = uniquePhone();
    const sent = await requestSmsCode(t, { phone });
    const r = await post(valid({ phone, ...sent, email: 'me@example.com', wechat: 'wx_id_1' }), 'en');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().msg).toBe('Thank you. We will contact you as soon as possible');
    const [row] = await t.ctx.db.db
      .select()
      .from(agentAppointment)
      .where(eq(agentAppointment.id, r.json().id));
    expect(row).toMatchObject({
      customerId: null,
      name: '张三',
      areaCode: '86',
      phone,
      email: 'me@example.com',
      wechat: 'wx_id_1',
      timezone: 'Asia/Shanghai',
      appointmentDate: TOMORROW,
      timeRange: 'am (9:30-11:30)',
      entrance: 'immigrant_page',
      language: 'en',
    });
    // The code cannot be used twice.
    const again = await post(valid({ phone, ...sent }));
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('sms_code_invalid');
  });

  it('strips non-digits from the phone ("138-0013 8000" style)', async () => {
    const phone = uniquePhone(); // 11 digits
    const formatted = `${phone.slice(0, 3)}-${phone.slice(3, 7)} ${phone.slice(7)}`;
    const sent = await requestSmsCode(t, { phone });
    const r = await post(valid({ phone: formatted, ...sent }));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().msg).toBe('您已完成提交，我们会尽快与您联系');
    const [row] = await t.ctx.db.db
      .select()
      .from(agentAppointment)
      .where(eq(agentAppointment.id, r.json().id));
    expect(row!.phone).toBe(phone);
  });

  it('a logged-in customer needs no code; the account phone is used; a notification is left', async () => {
    const me = await login(t);
    const r = await post(
      valid({ appointment: { date: TOMORROW, time_range: 'pm (2:30-4:30)' } }),
      'zh',
      me.auth,
    );
    expect(r.statusCode, r.body).toBe(201);
    const [row] = await t.ctx.db.db
      .select()
      .from(agentAppointment)
      .where(eq(agentAppointment.id, r.json().id));
    expect(row).toMatchObject({ customerId: me.customerId, areaCode: '86', phone: me.phone, email: null });
    const notes = await t.ctx.db.db
      .select()
      .from(notification)
      .where(eq(notification.customerId, me.customerId));
    expect(notes.map((n) => n.key)).toContain('appointment_submitted');
    // With the (prefilled) phone sent too.
    const withPhone = await post(valid({ phone: me.phone, email: '' }), 'en', me.auth);
    expect(withPhone.statusCode, withPhone.body).toBe(201);
    // Still validated: a logged-in customer cannot book a past day.
    const past = await post(
      valid({ appointment: { date: '2026-01-01', time_range: 'pm (2:30-4:30)' } }),
      'en',
      me.auth,
    );
    expect(past.json()).toEqual({
      code: 'contact_date_past',
      msg: 'The appointment date cannot be in the past',
    });
  });
});

// Issue 10, item 20: a booking and its notification are written together, and a retried submission (same
// Idempotency-Key) books once.
describe('POST /api/customer/contact/ is safe to retry', () => {
  const key = () => `k-${Math.random().toString(36).slice(2)}${Date.now()}`;
  const rowsWithKey = async (k: string) =>
    t.ctx.db.db.select().from(agentAppointment).where(eq(agentAppointment.idempotencyKey, k));

  it('a logged-in retry answers the first booking: one appointment, one notification', async () => {
    const me = await login(t);
    const k = key();
    const headers = { ...me.auth, 'idempotency-key': k };
    const first = await post(valid({ wechat: 'retry-1' }), 'en', headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(valid({ wechat: 'retry-1' }), 'en', headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await rowsWithKey(k)).toHaveLength(1);
    const notes = await t.ctx.db.db
      .select()
      .from(notification)
      .where(eq(notification.customerId, me.customerId));
    expect(notes.filter((n) => n.key === 'appointment_submitted')).toHaveLength(1);
  });

  it('a visitor retry after the code was consumed answers the first booking; simultaneous twins book once', async () => {
    const phone = uniquePhone();
    const sent = await requestSmsCode(t, { phone });
    const k = key();
    const body = valid({ phone, sms_code: sent.sms_code, sms_ticket: sent.sms_ticket });
    const [a, b] = await Promise.all([
      post(body, 'zh', { 'idempotency-key': k }),
      post(body, 'zh', { 'idempotency-key': k }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    const later = await post(body, 'zh', { 'idempotency-key': k });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().id).toBe(a.json().id);
    expect(await rowsWithKey(k)).toHaveLength(1);
    // Without the key, the consumed code books nothing more.
    expect((await post(body, 'zh')).statusCode).toBe(400);
  });

  it('refuses the same key with other content, and a malformed key', async () => {
    const me = await login(t);
    const k = key();
    expect((await post(valid(), 'en', { ...me.auth, 'idempotency-key': k })).statusCode).toBe(201);
    const other = await post(valid({ name: 'Someone Else' }), 'en', { ...me.auth, 'idempotency-key': k });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      code: 'idempotency_key_reused',
      msg: (resources.en.errors as Record<string, string>).idempotency_key_reused,
    });
    const bad = await post(valid(), 'zh', { ...me.auth, 'idempotency-key': 'no spaces allowed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('idempotency_key_invalid');
  });

  it('stores no booking when its notification cannot be written', async () => {
    const me = await login(t);
    // Make this customer's appointment notification fail inside the database.
    await t.ctx.db.exec(`
      CREATE OR REPLACE FUNCTION refuse_test_notification() RETURNS trigger AS $$
      BEGIN
        IF NEW.customer_id = ${me.customerId} AND NEW.key = 'appointment_submitted' THEN
          RAISE EXCEPTION 'notification refused by the test';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      DROP TRIGGER IF EXISTS refuse_test_notification ON notification;
      CREATE TRIGGER refuse_test_notification BEFORE INSERT ON notification
        FOR EACH ROW EXECUTE FUNCTION refuse_test_notification();`);
    try {
      const k = key();
      const r = await post(valid(), 'en', { ...me.auth, 'idempotency-key': k });
      expect(r.statusCode).toBe(500);
      expect(await rowsWithKey(k)).toHaveLength(0);
      const mine = await t.ctx.db.db
        .select()
        .from(agentAppointment)
        .where(eq(agentAppointment.customerId, me.customerId));
      expect(mine).toHaveLength(0);
    } finally {
      await t.ctx.db.exec('DROP TRIGGER IF EXISTS refuse_test_notification ON notification');
    }
  });
});
