/**
 * Consultations through the API (issue 16 item 4; decision 0033): the customer books a time in their time zone
 * (the account's phone), may cancel before it is done; a consultant claims and records call attempts — at most
 * 3, at least 5 minutes apart by the app's (here manual) clock; the third unanswered one drops it and a fourth is
 * refused (409). The transition table, cross-customer 404s, role refusals, audit rows and notifications.
 */
import {
  CONSULTATION_STATUSES,
  CONSULTATION_TOPIC_MAX,
  type TConsultation,
  type TStaffConsultation,
  ZConsultation,
  ZConsultationList,
  ZStaffConsultation,
  ZStaffConsultationPage,
  zonedInstant,
} from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultation, entitlement, staffAudit } from '../src/db/schema/index.ts';
import {
  CONSULTATION_TRANSITIONS,
  type ConsultationEvent,
  moveConsultation,
} from '../src/modules/consultation/consultation.transitions.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { expectError } from './evidence-helpers.ts';
import { buyBase, injectAs, type LoggedIn, login, type Method } from './factories.ts';
import { shopTestConfig } from './shop-factories.ts';
import { newStaff, type StaffLogin } from './staff-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: shopTestConfig() });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const BOOK = { timezone: 'Asia/Shanghai', date: '2027-01-10', time: '10:30', topic: 'NIW or EB-1A?' };

/** A buyer of the base service plus the consultation add-on, and their consultation. */
async function consultee(): Promise<{ user: LoggedIn; c: TConsultation }> {
  const user = await login(t);
  await buyBase(t, user, 'USA_EB1A', ['CONSULTATION']);
  const list = await customer(user, 'GET', '/api/customer/consultation/');
  expect(list.statusCode, list.body).toBe(200);
  const all = ZConsultationList.parse(list.json());
  expect(all).toHaveLength(1);
  return { user, c: all[0]! };
}

const customer = (user: LoggedIn, method: Method, url: string, payload?: unknown, lang = 'en') =>
  injectAs(t, method, url, { user, payload, lang });
const book = (user: LoggedIn, id: number, body: Record<string, unknown> = BOOK, lang = 'en') =>
  customer(user, 'PATCH', `/api/customer/consultation/${id}/book/`, body, lang);
const cancel = (user: LoggedIn, id: number) =>
  customer(user, 'PATCH', `/api/customer/consultation/${id}/cancel/`, {});
const mine = async (user: LoggedIn, id: number) =>
  ZConsultation.parse((await customer(user, 'GET', `/api/customer/consultation/${id}/`)).json());

const staff = (s: StaffLogin, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { Language: lang, ...s.auth },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const claim = (s: StaffLogin, id: number) => staff(s, 'POST', `/api/staff/consultation/${id}/claim/`);
const attempt = (s: StaffLogin, id: number, outcome: string, note?: string, lang = 'en') =>
  staff(s, 'POST', `/api/staff/consultation/${id}/attempt/`, { outcome, ...(note ? { note } : {}) }, lang);
const seen = async (s: StaffLogin, id: number): Promise<TStaffConsultation> =>
  ZStaffConsultation.parse((await staff(s, 'GET', `/api/staff/consultation/${id}/`)).json());

const notificationsOf = async (user: LoggedIn, lang: 'zh' | 'en') =>
  (
    (await injectAs(t, 'GET', '/api/customer/notification/?page=1&size=50', { user, lang })).json() as {
      results: { message: string }[];
    }
  ).results.map((n) => n.message);
const note = (lang: 'zh' | 'en', key: string, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce(
    (s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)),
    (resources[lang].notifications as Record<string, string>)[key]!,
  );
/** The changes audited on a consultation (opening it is audited too, as consultation.view; decision 0050). */
const auditOf = (id: number) =>
  t.ctx.db.db
    .select()
    .from(staffAudit)
    .where(
      and(
        eq(staffAudit.targetType, 'consultation'),
        eq(staffAudit.targetId, String(id)),
        ne(staffAudit.action, 'consultation.view'),
      ),
    )
    .orderBy(staffAudit.id);

describe('zonedInstant', () => {
  it('names the instant of a wall-clock time in a zone, across daylight saving, and refuses unreal dates', () => {
    expect(zonedInstant('2027-01-10', '10:30', 'Asia/Shanghai')?.toISOString()).toBe(
      '2027-01-10T02:30:00.000Z',
    );
    expect(zonedInstant('2027-01-10', '10:30', 'America/New_York')?.toISOString()).toBe(
      '2027-01-10T15:30:00.000Z',
    );
    expect(zonedInstant('2027-07-10', '10:30', 'America/New_York')?.toISOString()).toBe(
      '2027-07-10T14:30:00.000Z',
    );
    expect(zonedInstant('2027-02-30', '10:30', 'Asia/Shanghai')).toBeNull();
    expect(zonedInstant('2027-01-10', '10:30', 'Not/AZone')).toBeNull();
  });
});

describe('booking (customer)', () => {
  it('books a time in the customer’s time zone with the account’s phone; the queue shows it with its age', async () => {
    const { user, c } = await consultee();
    expect(c).toMatchObject({
      status: 'can_book',
      booking: null,
      attempts: [],
      can_book: true,
      can_cancel: false,
    });
    const r = await book(user, c.id);
    expect(r.statusCode, r.body).toBe(200);
    const booked = ZConsultation.parse(r.json());
    expect(booked.status).toBe('booked');
    expect(booked.booking).toMatchObject({
      timezone: 'Asia/Shanghai',
      date: '2027-01-10',
      time: '10:30',
      at: '2027-01-10T02:30:00.000Z',
      area_code: user.areaCode,
      phone: user.phone,
      topic: 'NIW or EB-1A?',
    });
    expect(booked.can_cancel).toBe(true);
    expect(booked.can_book).toBe(false);
    // A second booking while booked is refused by the table.
    expectError(await book(user, c.id), 409, 'consultation_state');

    const consultant = await newStaff(t, 'consultant');
    t.clock.advance(12 * MINUTE);
    const queue = await staff(consultant, 'GET', '/api/staff/consultation/?size=100');
    expect(queue.statusCode, queue.body).toBe(200);
    const row = ZStaffConsultationPage.parse(queue.json()).results.find((x) => x.id === c.id);
    expect(row).toMatchObject({
      status: 'booked',
      holder: null,
      age_seconds: 12 * 60,
      customer_id: user.customerId,
    });
    expect(row?.booking?.phone).toBe(user.phone);
  });

  it('refuses an unknown time zone, an unreal date and a past time with localised messages', async () => {
    const { user, c } = await consultee();
    expectError(
      await book(user, c.id, { ...BOOK, timezone: 'Mars/Base' }, 'zh'),
      400,
      'timezone_unknown',
      'zh',
    );
    expectError(await book(user, c.id, { ...BOOK, date: '2027-02-30' }), 400, 'consultation_time_invalid');
    expectError(
      await book(user, c.id, { ...BOOK, date: '2020-01-01' }, 'zh'),
      400,
      'consultation_time_past',
      'zh',
    );
    // A schema refusal names the field in the body too (decision 0017), so the dialog shows it under that field.
    for (const lang of ['zh', 'en'] as const) {
      const r = await book(user, c.id, { ...BOOK, time: '25:00' }, lang);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        code: 'validation',
        field: 'body.time',
        msg: lang === 'zh' ? '参数有误：body.time' : 'Invalid value: body.time',
      });
    }
    const long = await book(user, c.id, { ...BOOK, topic: 'x'.repeat(CONSULTATION_TOPIC_MAX + 1) }, 'en');
    expect(long.json()).toMatchObject({ code: 'validation', field: 'body.topic' });
    expect((await mine(user, c.id)).status).toBe('can_book');
  });

  it('another customer’s consultation is a 404, like one that does not exist; without the add-on, writes are refused', async () => {
    const { c } = await consultee();
    const other = await login(t);
    await buyBase(t, other, 'USA_EB1A', ['CONSULTATION']);
    for (const r of [
      await customer(other, 'GET', `/api/customer/consultation/${c.id}/`),
      await book(other, c.id),
      await cancel(other, c.id),
      await customer(other, 'GET', '/api/customer/consultation/2147483000/'),
    ]) {
      expectError(r, 404, 'not_found');
    }
    expect(
      (await customer(other, 'GET', '/api/customer/consultation/')).json().map((x: TConsultation) => x.id),
    ).not.toContain(c.id);
    // A visitor: 401.
    expect((await injectAs(t, 'GET', '/api/customer/consultation/')).statusCode).toBe(401);
    // The add-on ended: booking is refused as every write without a running right.
    const { user: lapsed, c: lc } = await consultee();
    await t.ctx.db.db
      .update(entitlement)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(entitlement.id, lc.id));
    expectError(await book(lapsed, lc.id), 403, 'purchase_before_use');
  });
});

describe('the transition table', () => {
  it('allows exactly the listed moves from every state, and refuses the rest with 409 consultation_state', async () => {
    const { c } = await consultee();
    const wrong: string[] = [];
    for (const from of CONSULTATION_STATUSES) {
      for (const event of Object.keys(CONSULTATION_TRANSITIONS) as ConsultationEvent[]) {
        await t.ctx.db.db.update(consultation).set({ status: from }).where(eq(consultation.id, c.id));
        const allowed = (CONSULTATION_TRANSITIONS[event].from as readonly string[]).includes(from);
        const moved = await moveConsultation(t.ctx.db.db, c.id, event, t.clock.now()).then(
          (r) => r.status,
          (e: { code?: string }) => e.code,
        );
        const want = allowed ? CONSULTATION_TRANSITIONS[event].to : 'consultation_state';
        if (moved !== want) wrong.push(`${from} --${event}--> ${moved}, expected ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('cancel: before a claim and while being called, not once done; a new booking after a cancel starts its attempts afresh', async () => {
    const { user, c } = await consultee();
    const consultant = await newStaff(t, 'consultant');
    expectError(await cancel(user, c.id), 409, 'consultation_state'); // nothing booked yet
    expectError(await claim(consultant, c.id), 409, 'consultation_state'); // nothing to claim
    expect((await book(user, c.id)).statusCode).toBe(200);
    const cancelled = await cancel(user, c.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(ZConsultation.parse(cancelled.json())).toMatchObject({ status: 'cancelled', can_book: true });
    expectError(await cancel(user, c.id), 409, 'consultation_state');
    expectError(await claim(consultant, c.id), 409, 'consultation_state');

    // Booked again, claimed, one missed call, then the customer cancels: the consultant can record no more.
    expect((await book(user, c.id, { ...BOOK, time: '11:00' })).statusCode).toBe(200);
    expect((await claim(consultant, c.id)).statusCode).toBe(200);
    expect((await attempt(consultant, c.id, 'not_answered')).statusCode).toBe(200);
    expect((await cancel(user, c.id)).statusCode).toBe(200);
    t.clock.advance(10 * MINUTE);
    expectError(await attempt(consultant, c.id, 'not_answered'), 409, 'consultation_state');

    // A third booking: no holder, no attempts of the earlier booking.
    const again = ZConsultation.parse((await book(user, c.id, { ...BOOK, time: '12:00' })).json());
    expect(again).toMatchObject({ status: 'booked', attempts: [] });
    expect((await seen(consultant, c.id)).holder).toBeNull();

    // Done: no cancel, no new booking.
    expect((await claim(consultant, c.id)).statusCode).toBe(200);
    expect((await attempt(consultant, c.id, 'answered', 'Talked through the NIW route')).statusCode).toBe(
      200,
    );
    expectError(await cancel(user, c.id), 409, 'consultation_state');
    expectError(await book(user, c.id), 409, 'consultation_state');
  });
});

describe('call attempts (staff)', () => {
  it('three unanswered attempts at ≥ 5-minute spacing (manual clock) → dropped; a fourth is refused (409)', async () => {
    const { user, c } = await consultee();
    expect((await book(user, c.id)).statusCode).toBe(200);
    const consultant = await newStaff(t, 'consultant');
    const claimed = await claim(consultant, c.id);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(ZStaffConsultation.parse(claimed.json())).toMatchObject({
      status: 'in_progress',
      holder: consultant.username,
    });

    const first = t.clock.now();
    const r1 = await attempt(consultant, c.id, 'not_answered');
    expect(r1.statusCode, r1.body).toBe(200);
    expect(ZStaffConsultation.parse(r1.json())).toMatchObject({
      status: 'in_progress',
      next_attempt_at: new Date(first.getTime() + 5 * MINUTE).toISOString(),
    });

    // Too soon: at once, and one second before the 5 minutes are up (localised, with the minutes left).
    const soon = await attempt(consultant, c.id, 'not_answered', undefined, 'zh');
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toEqual({
      code: 'consultation_attempt_too_soon',
      msg: (resources.zh.errors as Record<string, string>).consultation_attempt_too_soon!.replace(
        '{{minutes}}',
        '5',
      ),
    });
    t.clock.advance(5 * MINUTE - 1000);
    const almost = await attempt(consultant, c.id, 'not_answered');
    expect(almost.statusCode).toBe(409);
    expect(almost.json().code).toBe('consultation_attempt_too_soon');
    expect(almost.json().msg).toContain('1 minute');
    t.clock.advance(1000); // exactly 5 minutes after the first
    const r2 = await attempt(consultant, c.id, 'not_answered');
    expect(r2.statusCode, r2.body).toBe(200);
    expect(ZStaffConsultation.parse(r2.json()).status).toBe('in_progress');

    t.clock.advance(4 * MINUTE);
    expect((await attempt(consultant, c.id, 'not_answered')).statusCode).toBe(409);
    t.clock.advance(2 * MINUTE);
    const r3 = await attempt(consultant, c.id, 'not_answered');
    expect(r3.statusCode, r3.body).toBe(200);
    const dropped = ZStaffConsultation.parse(r3.json());
    expect(dropped.status).toBe('dropped');
    expect(dropped.next_attempt_at).toBeNull();
    expect(dropped.attempts.map((a) => [a.n, a.outcome, a.by])).toEqual([
      [1, 'not_answered', consultant.username],
      [2, 'not_answered', consultant.username],
      [3, 'not_answered', consultant.username],
    ]);

    // The fourth: refused, however long after, in the caller's language.
    t.clock.advance(6 * MINUTE);
    for (const lang of ['zh', 'en'] as const) {
      const r4 = await attempt(consultant, c.id, 'not_answered', undefined, lang);
      expect(r4.statusCode).toBe(409);
      expect(r4.json()).toEqual({
        code: 'consultation_attempts_used',
        msg: (resources[lang].errors as Record<string, string>).consultation_attempts_used!.replace(
          '{{max}}',
          '3',
        ),
      });
    }
    const admin = await newStaff(t, 'admin');
    expect((await attempt(admin, c.id, 'answered', 'late')).statusCode).toBe(409);
    expect((await seen(admin, c.id)).attempts).toHaveLength(3);

    // The customer (back later: a fresh login, the access token lasts 15 minutes) sees each attempt (time,
    // outcome) and the dropped state; cannot cancel or book again.
    const back = await login(t, { areaCode: user.areaCode, phone: user.phone });
    const view = await mine(back, c.id);
    expect(view.status).toBe('dropped');
    expect(view.attempts.map((a) => a.outcome)).toEqual(['not_answered', 'not_answered', 'not_answered']);
    expect(view.attempts.map((a) => a.at)).toEqual(dropped.attempts.map((a) => a.at));
    expect(new Date(view.attempts[1]!.at).getTime() - new Date(view.attempts[0]!.at).getTime()).toBe(
      5 * MINUTE,
    );
    expect(view).toMatchObject({ can_cancel: false, can_book: false });
    expect(view.attempts[0]).not.toHaveProperty('note');

    // Notified at each step, in the reader's language.
    for (const lang of ['zh', 'en'] as const) {
      const messages = await notificationsOf(back, lang);
      expect(messages).toContain(note(lang, 'consultation_claimed'));
      expect(messages).toContain(note(lang, 'consultation_attempt_missed', { n: 1, max: 3 }));
      expect(messages).toContain(note(lang, 'consultation_attempt_missed', { n: 2, max: 3 }));
      expect(messages).toContain(note(lang, 'consultation_dropped', { n: 3, max: 3 }));
    }
    // Audited: the claim and the three attempts (with before/after); the refused ones as call-level rows.
    const rows = await auditOf(c.id);
    expect(rows.map((a) => [a.action, (a.after as { status: string }).status])).toEqual([
      ['consultation.claim', 'in_progress'],
      ['consultation.attempt', 'in_progress'],
      ['consultation.attempt', 'in_progress'],
      ['consultation.attempt', 'dropped'],
    ]);
    expect(rows.every((a) => a.actor === consultant.username)).toBe(true);
    const refused = await t.ctx.db.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, consultant.id), eq(staffAudit.targetType, 'request')));
    expect(refused.map((a) => (a.detail as { status: number }).status)).toEqual([409, 409, 409, 409, 409]);
  });

  it('answered → done with a note (required), only by the holder; two staff cannot claim the same one', async () => {
    const { user, c } = await consultee();
    expect((await book(user, c.id)).statusCode).toBe(200);
    const [a, b] = await Promise.all([newStaff(t, 'consultant'), newStaff(t, 'consultant')]);
    const claims = await Promise.all([claim(a, c.id), claim(b, c.id)]);
    expect(claims.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = claims[0]!.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    expectError(claims.find((r) => r.statusCode === 409)!, 409, 'consultation_state');
    expect((await seen(loser, c.id)).holder).toBe(winner.username);

    expectError(await attempt(loser, c.id, 'not_answered'), 403, 'consultation_not_holder');
    expectError(
      await attempt(winner, c.id, 'answered', undefined, 'zh'),
      400,
      'consultation_note_required',
      'zh',
    );
    expectError(await attempt(winner, c.id, 'answered', '   '), 400, 'consultation_note_required');
    const bad = await attempt(winner, c.id, 'maybe');
    expect(bad.statusCode).toBe(400);
    const done = await attempt(winner, c.id, 'answered', 'Discussed the evidence plan');
    expect(done.statusCode, done.body).toBe(200);
    expect(ZStaffConsultation.parse(done.json())).toMatchObject({
      status: 'done',
      attempts: [{ n: 1, outcome: 'answered', note: 'Discussed the evidence plan', by: winner.username }],
    });
    t.clock.advance(10 * MINUTE);
    expectError(await attempt(winner, c.id, 'not_answered'), 409, 'consultation_state');
    expect((await mine(user, c.id)).attempts).toEqual([
      { n: 1, outcome: 'answered', at: (await seen(winner, c.id)).attempts[0]!.at },
    ]);
    expect(await notificationsOf(user, 'en')).toContain(note('en', 'consultation_done'));
    expect((await auditOf(c.id)).map((x) => x.action)).toEqual([
      'consultation.claim',
      'consultation.attempt',
    ]);
  });

  it('two attempts at the same moment: one is recorded, the other refused', async () => {
    const { user, c } = await consultee();
    expect((await book(user, c.id)).statusCode).toBe(200);
    const consultant = await newStaff(t, 'consultant');
    expect((await claim(consultant, c.id)).statusCode).toBe(200);
    const both = await Promise.all([
      attempt(consultant, c.id, 'not_answered'),
      attempt(consultant, c.id, 'not_answered'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await seen(consultant, c.id)).attempts).toHaveLength(1);
  });

  it('roles: consultant and admin may; reviewer, translator, finance, content editor are refused; a customer token is 401', async () => {
    const { user, c } = await consultee();
    expect((await book(user, c.id)).statusCode).toBe(200);
    for (const role of ['reviewer', 'translator', 'finance', 'content_editor'] as const) {
      const s = await newStaff(t, role);
      for (const r of [
        await staff(s, 'GET', '/api/staff/consultation/'),
        await staff(s, 'GET', `/api/staff/consultation/${c.id}/`),
        await claim(s, c.id),
        await attempt(s, c.id, 'not_answered'),
      ]) {
        expectError(r, 403, 'staff_forbidden');
      }
    }
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/staff/consultation/${c.id}/claim/`,
      headers: { Language: 'en', ...user.auth },
    });
    expect(asCustomer.statusCode).toBe(401);
    const admin = await newStaff(t, 'admin');
    expect((await claim(admin, c.id)).statusCode).toBe(200);
    expect((await seen(admin, c.id)).holder).toBe(admin.username);
    expectError(await staff(admin, 'GET', '/api/staff/consultation/2147483000/'), 404, 'not_found');
  });
});
