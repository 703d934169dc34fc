import {
  ACHIEVEMENT_ITEMS,
  type TAssessmentData,
  ZAssessment,
  ZSubmitAssessmentResponse,
} from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessment, customer, notification } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, type LoggedIn, login } from './factories.ts';
import { refuseNotifications } from './notification-faults.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

// The test clock is 2026-11-21T08:00:00Z: the 21st in Shanghai, the 20th until 10:00 UTC in Honolulu.
const msg = (lang: 'zh' | 'en', ns: 'errors' | 'messages', key: string) =>
  (resources[lang][ns] as Record<string, string>)[key];

/** Every required field filled; awards, articles and critical positions answered yes. */
function complete(over: Partial<TAssessmentData> = {}): TAssessmentData {
  const achievements: TAssessmentData['achievements'] = Object.fromEntries(
    ACHIEVEMENT_ITEMS.map((i) => [i, { has: false }]),
  );
  for (const i of ['awards', 'articles', 'critical_positions'] as const) {
    achievements[i] = { has: true, description: `${i} details` };
  }
  return {
    personal: {
      name: '王芳',
      gender: 'female',
      birth_date: '1990-03-15',
      email: 'wangfang@example.com',
      wechat: 'wf_1990',
      marital_status: 'single',
      children: [],
    },
    background: {
      military_service: { has: false },
      party_member: false,
      infectious_disease: false,
      criminal_record: false,
      passport: { place_of_issue: '北京', issue_month: '2019-01', expiry_month: '2029-01' },
      prior_us_application: { has: false },
      abroad_or_visa: { has: false },
    },
    education: [
      { degree: 'bachelor', school: '复旦大学', major: '生物', start_month: '2008-09', end_month: '2012-06' },
      { degree: 'doctorate', school: 'UCLA', major: 'Biology', start_month: '2012-09', end_month: '2017-06' },
    ],
    work: [
      { company: 'Genentech', title: 'Scientist', annual_income: 'USD 150,000', start_month: '2017-08' },
    ],
    achievements,
    appointment: { timezone: 'Asia/Shanghai', date: '2026-11-23', time_range: 'pm (2:30-4:30)' },
    ...over,
  };
}

const get = (who: LoggedIn | null, area?: string, lang = 'zh') =>
  t.app.inject({
    method: 'GET',
    url: `/api/customer/assess/my_assessment/${area ? `?area=${area}` : ''}`,
    headers: { Language: lang, ...(who?.auth ?? {}) },
  });
const save = (who: LoggedIn | null, area: string, data: unknown, lang = 'zh') =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/customer/assess/update_my_assessment/',
    headers: { Language: lang, ...(who?.auth ?? {}) },
    payload: { area, data },
  });
const submit = (who: LoggedIn | null, id: number, lang = 'zh') =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/customer/assess/${id}/submit/`,
    headers: { Language: lang, ...(who?.auth ?? {}) },
  });

/** A fresh customer with a saved draft for `area`; returns the draft's id. */
async function withDraft(area: 'US' | 'HK', data: TAssessmentData, who?: LoggedIn) {
  const me = who ?? (await login(t));
  const r = await save(me, area, data);
  expect(r.statusCode, r.body).toBe(200);
  return { me, id: ZAssessment.parse(r.json()).id };
}

describe('free assessment: login required', () => {
  it('a visitor gets 401 "Please log in to take the free assessment" in zh and en, on every call', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const expected = {
        code: 'assessment_login_required',
        msg: msg(lang, 'errors', 'assessment_login_required'),
      };
      for (const r of [
        await get(null, 'US', lang),
        await save(null, 'US', {}, lang),
        await submit(null, 1, lang),
      ]) {
        expect(r.statusCode).toBe(401);
        expect(r.json()).toEqual(expected);
      }
    }
    expect(msg('en', 'errors', 'assessment_login_required')).toBe(
      'Please log in to take the free assessment',
    );
    expect(msg('zh', 'errors', 'assessment_login_required')).toBe('请登录后获取免费评估');
  });

  it('a tampered token keeps the generic 401 (the client ends the session)', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/customer/assess/my_assessment/?area=US',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('unauthorized');
  });
});

describe('free assessment: drafts', () => {
  it('the first read creates an empty draft with an id; the same id comes back after', async () => {
    const me = await login(t);
    const first = await get(me, 'US');
    expect(first.statusCode, first.body).toBe(200);
    const a = ZAssessment.parse(first.json());
    expect(a).toMatchObject({
      area: 'US',
      status: 'draft',
      data: {},
      self_check: null,
      used_free_assessment: false,
    });
    const again = ZAssessment.parse((await get(me)).json()); // area defaults to US
    expect(again.id).toBe(a.id);
  });

  it('saved and read back; US and HK kept separately', async () => {
    const me = await login(t);
    const us = complete();
    const hk = { personal: { name: 'Wong Fong', email: 'wf@example.hk' } };
    expect((await save(me, 'US', us)).statusCode).toBe(200);
    expect((await save(me, 'HK', hk)).statusCode).toBe(200);
    const readUs = ZAssessment.parse((await get(me, 'US')).json());
    const readHk = ZAssessment.parse((await get(me, 'HK')).json());
    expect(readUs.data).toEqual(us);
    expect(readHk.data).toEqual(hk);
    expect(readUs.id).not.toBe(readHk.id);
    // The whole draft replaces the stored one.
    await save(me, 'US', { personal: { name: '改名' } });
    expect(ZAssessment.parse((await get(me, 'US')).json()).data).toEqual({ personal: { name: '改名' } });
    const rows = await t.ctx.db.db.select().from(assessment).where(eq(assessment.customerId, me.customerId));
    expect(rows.map((r) => r.area).sort()).toEqual(['HK', 'US']);
  });

  it('bad shapes and oversized values are refused with 400, not stored', async () => {
    const me = await login(t);
    const bad = [
      save(me, 'CN', {}),
      save(me, 'US', { personal: { gender: 'robot' } }),
      save(me, 'US', { personal: { name: 'x'.repeat(101) } }),
      save(me, 'US', { education: Array.from({ length: 21 }, () => ({})) }),
      save(me, 'US', { work: [{ start_month: '2020-13' }] }),
      save(me, 'US', { achievements: { awards: { has: true, description: 'x'.repeat(2001) } } }),
      get(me, 'XX'),
    ];
    for (const r of await Promise.all(bad)) {
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('validation');
    }
    const rows = await t.ctx.db.db.select().from(assessment).where(eq(assessment.customerId, me.customerId));
    expect(rows).toEqual([]);
  });
});

describe('free assessment: submit', () => {
  it('an incomplete form is refused with the localised "required fields" message', async () => {
    const data = complete();
    data.personal = { ...data.personal, email: 'not-an-email' };
    const { me, id } = await withDraft('US', data);
    for (const lang of ['zh', 'en'] as const) {
      const r = await submit(me, id, lang);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        code: 'assessment_incomplete',
        msg: msg(lang, 'errors', 'assessment_incomplete'),
      });
    }
    expect(msg('en', 'errors', 'assessment_incomplete')).toBe('Some required fields are not filled in yet.');
    const { id: emptyId, me: other } = await withDraft('US', {});
    expect((await submit(other, emptyId)).json().code).toBe('assessment_incomplete');
  });

  it('a past consultation date (in the chosen time zone) is refused; an unknown time zone too', async () => {
    const past = complete({
      appointment: { timezone: 'Asia/Shanghai', date: '2026-11-20', time_range: 'am (9:30-11:30)' },
    });
    const { me, id } = await withDraft('US', past);
    for (const lang of ['zh', 'en'] as const) {
      const r = await submit(me, id, lang);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        code: 'assessment_date_past',
        msg: msg(lang, 'errors', 'assessment_date_past'),
      });
    }
    await save(
      me,
      'US',
      complete({
        appointment: { timezone: 'Mars/Olympus', date: '2026-12-01', time_range: 'am (9:30-11:30)' },
      }),
    );
    expect((await submit(me, id)).json().code).toBe('timezone_unknown');
    // The 20th is still today in Honolulu (UTC-10): accepted there.
    await save(
      me,
      'US',
      complete({
        appointment: { timezone: 'Pacific/Honolulu', date: '2026-11-20', time_range: 'am (9:30-11:30)' },
      }),
    );
    expect((await submit(me, id)).statusCode).toBe(200);
  });

  it('submit OK: the self-check, the localised msg, the notification, used_free_assessment everywhere', async () => {
    const { me, id } = await withDraft('US', complete());
    const r = await submit(me, id, 'en');
    expect(r.statusCode, r.body).toBe(200);
    const body = ZSubmitAssessmentResponse.parse(r.json());
    expect(body.msg).toBe(msg('en', 'messages', 'assessment_submitted'));
    expect(body.assessment).toMatchObject({
      id,
      area: 'US',
      status: 'submitted',
      used_free_assessment: true,
    });
    expect(body.assessment.submitted_at).toBe('2026-11-21T08:00:00.000Z');
    const sc = body.assessment.self_check!;
    expect(sc.eb1a).toEqual({
      touched: ['awards', 'scholarly_publication', 'critical_role'],
      count: 3,
      minimum: 3,
      meets_minimum: true,
    });
    expect(sc.niw.degree_route).toMatchObject({ eligible: true, basis: 'doctorate' });
    expect(sc.next_steps).toEqual(
      expect.arrayContaining(['eb1a_awards', 'eb1a_final_merits', 'recommendation_letters']),
    );

    // Read back: submitted with its self-check; the other area shows the free chance is used.
    expect(ZAssessment.parse((await get(me, 'US')).json())).toEqual(body.assessment);
    expect(ZAssessment.parse((await get(me, 'HK')).json())).toMatchObject({
      status: 'draft',
      used_free_assessment: true,
    });

    const [stored] = await t.ctx.db.db.select().from(assessment).where(eq(assessment.id, id));
    expect(stored!.language).toBe('en');
    const notes = await t.ctx.db.db
      .select()
      .from(notification)
      .where(and(eq(notification.customerId, me.customerId), eq(notification.key, 'assessment_submitted')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.params).toEqual({ date: '2026-11-23', time_range: 'pm (2:30-4:30)' });
  });

  it('once per person: a second submit in the same area or the other one is refused 409, with its msg', async () => {
    const { me, id } = await withDraft('US', complete());
    expect((await submit(me, id)).statusCode).toBe(200);
    for (const lang of ['zh', 'en'] as const) {
      const again = await submit(me, id, lang);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: 'assessment_already_submitted',
        msg: msg(lang, 'errors', 'assessment_already_submitted'),
      });
    }
    const { id: hkId } = await withDraft('HK', complete(), me);
    const hk = await submit(me, hkId, 'en');
    expect(hk.statusCode).toBe(409);
    expect(hk.json().msg).toBe('You have already used your free assessment (one per person)');
    const [hkRow] = await t.ctx.db.db.select().from(assessment).where(eq(assessment.id, hkId));
    expect(hkRow!.status).toBe('draft');
  });

  it('an update after submit is refused 409 and changes nothing', async () => {
    const { me, id } = await withDraft('US', complete());
    expect((await submit(me, id)).statusCode).toBe(200);
    const r = await save(me, 'US', { personal: { name: 'changed' } });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('assessment_already_submitted');
    expect(ZAssessment.parse((await get(me, 'US')).json()).data.personal?.name).toBe('王芳');
  });

  // Issue 10 item 20: the submission (the booked consultation date) and its notification are one write.
  it('a submit whose notification cannot be written leaves the draft as it was; the retry submits once', async () => {
    const { me, id } = await withDraft('US', complete());
    const undo = await refuseNotifications(
      t,
      `NEW.customer_id = ${me.customerId} AND NEW.key = 'assessment_submitted'`,
    );
    try {
      expect((await submit(me, id, 'en')).statusCode).toBe(500);
      const [row] = await t.ctx.db.db.select().from(assessment).where(eq(assessment.id, id));
      expect(row).toMatchObject({ status: 'draft', submittedAt: null, selfCheck: null });
      expect(ZAssessment.parse((await get(me, 'HK')).json()).used_free_assessment).toBe(false);
    } finally {
      await undo();
    }
    expect((await submit(me, id, 'en')).statusCode).toBe(200);
    const notes = await t.ctx.db.db
      .select()
      .from(notification)
      .where(and(eq(notification.customerId, me.customerId), eq(notification.key, 'assessment_submitted')));
    expect(notes).toHaveLength(1);
  });

  it('parallel submits (same draft twice, and US with HK) → exactly one succeeds, the rest 409', async () => {
    const { me, id: usId } = await withDraft('US', complete());
    const { id: hkId } = await withDraft('HK', complete(), me);
    const results = await Promise.all([
      submit(me, usId),
      submit(me, hkId),
      submit(me, usId),
      submit(me, hkId),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const submitted = await t.ctx.db.db
      .select()
      .from(assessment)
      .where(and(eq(assessment.customerId, me.customerId), eq(assessment.status, 'submitted')));
    expect(submitted).toHaveLength(1);
  });

  it("another customer's id answers 404, like an id that does not exist", async () => {
    const { id } = await withDraft('US', complete());
    const b = await login(t);
    for (const lang of ['zh', 'en'] as const) {
      const r = await submit(b, id, lang);
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('not_found');
    }
    expect((await submit(b, 2_000_000_000)).statusCode).toBe(404);
    expect((await submit(b, 0)).statusCode).toBe(400);
    const [row] = await t.ctx.db.db.select().from(assessment).where(eq(assessment.id, id));
    expect(row!.status).toBe('draft');
  });

  it('the assessment goes with the account (ON DELETE CASCADE)', async () => {
    const { me, id } = await withDraft('US', complete());
    await t.ctx.db.db.delete(customer).where(eq(customer.id, me.customerId));
    expect(await t.ctx.db.db.select().from(assessment).where(eq(assessment.id, id))).toEqual([]);
    // A still-valid token of the erased account is told to log in again, not a 500.
    expect((await get(me, 'HK')).statusCode).toBe(401);
    expect((await save(me, 'HK', {})).statusCode).toBe(401);
  });
});
