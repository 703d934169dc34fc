/**
 * Staff work queues besides review/translation tasks (issue 16 item 8; decision 0035): agent appointments and
 * assessment submissions (claim — two staff, one wins —, contact status, notes, the customer notified), Q&A
 * (answer in both languages, publish, the asker notified once in their language, categories, hot keywords),
 * the suggestions inbox; role refusals and audit rows.
 */
import { ZHotKeywords, ZStaffHotKeywords } from '@dossier/contract';
import { and, eq, inArray, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentAppointment,
  assessment,
  qa,
  qaKeywordReview,
  qaSearch,
  staffAudit,
} from '../src/db/schema/index.ts';
import { searchLog } from '../src/modules/qa/search-log.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, injectAs, type LoggedIn, login, type Method } from './factories.ts';
import { newStaff, type StaffLogin } from './staff-factories.ts';

let t: TestApp;
let consultant: StaffLogin;
let consultant2: StaffLogin;
let editor: StaffLogin;
let reviewer: StaffLogin;
beforeAll(async () => {
  t = await buildTestApp({ config: { ...accountsTestConfig } });
  consultant = await newStaff(t, 'consultant');
  consultant2 = await newStaff(t, 'consultant');
  editor = await newStaff(t, 'content_editor');
  reviewer = await newStaff(t, 'reviewer');
});
/** On PostgreSQL every suite shares one database: the Q&A zone's counts must not see this suite's rows. */
const madeQa: number[] = [];
const madeWords: string[] = [];
afterAll(async () => {
  const db = t.ctx.db.db;
  await searchLog(t.ctx).flush(); // searches still pending would be written after the clean-up
  if (madeQa.length) await db.delete(qa).where(inArray(qa.id, madeQa));
  for (const w of madeWords) {
    await db.delete(qaSearch).where(eq(qaSearch.keyword, w));
    await db.delete(qaKeywordReview).where(eq(qaKeywordReview.keyword, w));
  }
  await t.close();
});

const staff = (who: StaffLogin, method: Method, url: string, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { Language: lang, ...who.auth },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

/** The changes audited on a row (its reads are audited too, as `<type>.view`: staff-read-audit.test.ts). */
const auditOf = (targetType: string, id: number | string) =>
  t.ctx.db.db
    .select()
    .from(staffAudit)
    .where(
      and(
        eq(staffAudit.targetType, targetType),
        eq(staffAudit.targetId, String(id)),
        notLike(staffAudit.action, '%.view'),
      ),
    );

async function messages(user: LoggedIn, lang: 'zh' | 'en') {
  const r = await injectAs(t, 'GET', '/api/customer/notification/?size=50', { user, lang });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().results as { message: string }[]).map((m) => m.message);
}

async function newAppointment(customerId: number | null) {
  const [row] = await t.ctx.db.db
    .insert(agentAppointment)
    .values({
      customerId,
      name: 'Li Lei',
      areaCode: '86',
      phone: '13800000000',
      timezone: 'Asia/Shanghai',
      appointmentDate: '2030-01-02',
      timeRange: '09:00-12:00',
      language: 'zh',
      createdAt: new Date(t.clock.now().getTime() - 3_600_000),
    })
    .returning({ id: agentAppointment.id });
  return row!.id;
}

describe('agent appointments', () => {
  it('list with age and holder; two staff claim at once: one wins; the holder moves it; notes; audited', async () => {
    const customer = await login(t);
    const id = await newAppointment(customer.customerId);
    const list = await staff(consultant, 'GET', '/api/staff/appointment/?size=100');
    expect(list.statusCode, list.body).toBe(200);
    const mine = (
      list.json().results as { id: number; age_seconds: number; holder: string | null; status: string }[]
    ).find((r) => r.id === id);
    expect(mine).toMatchObject({ status: 'new', holder: null });
    expect(mine!.age_seconds).toBeGreaterThanOrEqual(3600);

    const claims = await Promise.all([
      staff(consultant, 'POST', `/api/staff/appointment/${id}/claim/`),
      staff(consultant2, 'POST', `/api/staff/appointment/${id}/claim/`),
    ]);
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    const lost = claims.find((c) => c.statusCode === 409)!;
    expect(lost.json().code).toBe('queue_claimed');
    const holder = claims[0]!.statusCode === 200 ? consultant : consultant2;
    const other = holder === consultant ? consultant2 : consultant;
    expect(claims.find((c) => c.statusCode === 200)!.json().holder).toBe(holder.username);

    // Only the holder moves it; a move the table does not allow is refused.
    const notHolder = await staff(other, 'POST', `/api/staff/appointment/${id}/status/`, {
      status: 'contacted',
    });
    expect([notHolder.statusCode, notHolder.json().code]).toEqual([403, 'queue_not_holder']);
    expect(await messages(customer, 'en')).not.toContain(expect.stringContaining('has called you'));
    const contacted = await staff(holder, 'POST', `/api/staff/appointment/${id}/status/`, {
      status: 'contacted',
    });
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({ status: 'contacted' });
    expect(contacted.json().contacted_at).not.toBeNull();
    const back = await staff(holder, 'POST', `/api/staff/appointment/${id}/status/`, { status: 'new' }, 'zh');
    expect([back.statusCode, back.json().code]).toEqual([409, 'queue_state']);
    expect(back.json().msg).toMatch(/[\u4e00-\u9fff]/);

    // The customer is told, in the language they read in.
    expect((await messages(customer, 'en'))[0]).toContain('has called you about your appointment');
    expect((await messages(customer, 'zh'))[0]).toContain('移民顾问已就您的预约与您联系');

    // Any consultant adds notes; the detail shows them.
    const note = await staff(other, 'POST', `/api/staff/appointment/${id}/note/`, {
      body: 'Asked to call back Friday',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().notes).toEqual([
      expect.objectContaining({ author: other.username, body: 'Asked to call back Friday' }),
    ]);
    const blank = await staff(other, 'POST', `/api/staff/appointment/${id}/note/`, { body: '   ' });
    expect(blank.statusCode).toBe(400);

    const closed = await staff(holder, 'POST', `/api/staff/appointment/${id}/status/`, { status: 'closed' });
    expect(closed.json()).toMatchObject({ status: 'closed' });
    // Closed leaves the default (open) list; a closed item cannot be claimed.
    const open = await staff(consultant, 'GET', '/api/staff/appointment/?size=100');
    expect((open.json().results as { id: number }[]).map((r) => r.id)).not.toContain(id);
    const closedList = await staff(consultant, 'GET', '/api/staff/appointment/?status=closed&size=100');
    expect((closedList.json().results as { id: number }[]).map((r) => r.id)).toContain(id);

    const rows = await auditOf('agent_appointment', id);
    expect(rows.map((r) => r.action).sort()).toEqual([
      'agent_appointment.claim',
      'agent_appointment.note',
      'agent_appointment.status',
      'agent_appointment.status',
    ]);
    const status = rows.find(
      (r) =>
        r.action === 'agent_appointment.status' && (r.after as { status: string }).status === 'contacted',
    );
    expect(status).toMatchObject({ actor: holder.username, before: { status: 'new' } });
    // The refused calls are audited by the staff plugin too (call level).
    const refused = await t.ctx.db.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, other.id), eq(staffAudit.targetType, 'request')));
    expect(refused.map((r) => (r.detail as { status: number }).status)).toEqual(
      expect.arrayContaining([403]),
    );
  });

  it('a visitor booking (no account) is contacted without a notification; unknown ids answer 404', async () => {
    const id = await newAppointment(null);
    expect((await staff(consultant, 'POST', `/api/staff/appointment/${id}/claim/`)).statusCode).toBe(200);
    const r = await staff(consultant, 'POST', `/api/staff/appointment/${id}/status/`, { status: 'closed' });
    expect(r.json()).toMatchObject({ status: 'closed', customer_id: null });
    expect((await staff(consultant, 'GET', '/api/staff/appointment/2147483000/')).statusCode).toBe(404);
    expect((await staff(consultant, 'POST', '/api/staff/appointment/2147483000/claim/')).statusCode).toBe(
      404,
    );
  });

  it('roles: a content editor and a reviewer are refused; a customer token is refused', async () => {
    const id = await newAppointment(null);
    for (const who of [editor, reviewer]) {
      const r = await staff(who, 'POST', `/api/staff/appointment/${id}/claim/`);
      expect([r.statusCode, r.json().code]).toEqual([403, 'staff_forbidden']);
    }
    const customer = await login(t);
    const r = await injectAs(t, 'GET', '/api/staff/appointment/', { user: customer });
    expect(r.statusCode).toBe(401);
  });
});

describe('assessment submissions', () => {
  it('only submitted assessments are queued; claim, contacted (customer notified), closed', async () => {
    const customer = await login(t);
    const now = t.clock.now();
    const [sub] = await t.ctx.db.db
      .insert(assessment)
      .values({
        customerId: customer.customerId,
        area: 'US',
        status: 'submitted',
        data: { name: 'Han Meimei' },
        language: 'en',
        submittedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: assessment.id });
    const other = await login(t);
    const [draft] = await t.ctx.db.db
      .insert(assessment)
      .values({
        customerId: other.customerId,
        area: 'HK',
        status: 'draft',
        data: {},
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: assessment.id });
    const id = sub!.id;
    const list = await staff(consultant, 'GET', '/api/staff/assessment/?size=100');
    const ids = (list.json().results as { id: number }[]).map((r) => r.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(draft!.id);
    expect((await staff(consultant, 'GET', `/api/staff/assessment/${draft!.id}/`)).statusCode).toBe(404);
    const detail = await staff(consultant, 'GET', `/api/staff/assessment/${id}/`);
    expect(detail.json()).toMatchObject({ phone: customer.phone, area: 'US', data: { name: 'Han Meimei' } });

    const claims = await Promise.all([
      staff(consultant, 'POST', `/api/staff/assessment/${id}/claim/`),
      staff(consultant2, 'POST', `/api/staff/assessment/${id}/claim/`),
    ]);
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    const holder = claims[0]!.statusCode === 200 ? consultant : consultant2;
    expect(
      (await staff(holder, 'POST', `/api/staff/assessment/${id}/status/`, { status: 'contacted' }))
        .statusCode,
    ).toBe(200);
    expect((await messages(customer, 'en'))[0]).toContain(
      'adviser has called you about your free assessment',
    );
    expect((await messages(customer, 'zh'))[0]).toContain('顾问已就您的免费评估与您联系');
    expect(
      (await staff(holder, 'POST', `/api/staff/assessment/${id}/status/`, { status: 'closed' })).json()
        .status,
    ).toBe('closed');
    expect((await auditOf('assessment', id)).map((r) => r.action).sort()).toEqual([
      'assessment.claim',
      'assessment.status',
      'assessment.status',
    ]);
  });
});

describe('Q&A', () => {
  it('a customer asks; staff answer in both languages and publish; the asker is notified once; it is searchable', async () => {
    const customer = await login(t);
    const question = `绿卡排期多久-${Date.now()}`;
    const asked = await injectAs(t, 'POST', '/api/customer/qa/', {
      user: customer,
      lang: 'zh',
      payload: { question },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as number;
    madeQa.push(id);

    const queue = await staff(editor, 'GET', '/api/staff/qa/?size=100');
    const item = (queue.json().results as { id: number; question_zh: string; language: string }[]).find(
      (q) => q.id === id,
    );
    expect(item).toMatchObject({ question_zh: question, language: 'zh' });

    const early = await staff(editor, 'POST', `/api/staff/qa/${id}/publish/`, { published: true });
    expect([early.statusCode, early.json().code]).toEqual([409, 'qa_not_answered']);
    const half = await staff(editor, 'PUT', `/api/staff/qa/${id}/`, {
      question_zh: question,
      answer_zh: '约两年',
    });
    expect(half.statusCode).toBe(400);

    const answer = {
      question_zh: question,
      question_en: `How long is the visa wait ${id}?`,
      answer_zh: '通常约两年。',
      answer_en: 'Usually about two years.',
    };
    const put = await staff(editor, 'PUT', `/api/staff/qa/${id}/`, answer);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ ...answer, published: false, answered_by: editor.username });
    // Answered but not published: not public, the asker not told yet.
    expect((await injectAs(t, 'GET', `/api/customer/qa/${id}/`)).statusCode).toBe(404);
    expect(await messages(customer, 'en')).not.toContain(
      'Your question has been answered and published in the Q&A zone.',
    );

    const pub = await staff(editor, 'POST', `/api/staff/qa/${id}/publish/`, { published: true });
    expect(pub.json()).toMatchObject({ published: true });
    expect(await messages(customer, 'en')).toContain(
      'Your question has been answered and published in the Q&A zone.',
    );
    expect(await messages(customer, 'zh')).toContain('您提出的问题已经得到解答，并已发布在问答专区。');
    const en = await injectAs(t, 'GET', `/api/customer/qa/?keyword=${encodeURIComponent(`visa wait ${id}`)}`);
    expect(en.json().results).toEqual([expect.objectContaining({ id, answer: 'Usually about two years.' })]);
    const zh = await injectAs(t, 'GET', `/api/customer/qa/?keyword=${encodeURIComponent(question)}`, {
      lang: 'zh',
    });
    expect(zh.json().results).toEqual([expect.objectContaining({ id, answer: '通常约两年。' })]);

    // Unpublish and publish again: hidden, then back; the asker is told only once.
    await staff(editor, 'POST', `/api/staff/qa/${id}/publish/`, { published: false });
    expect((await injectAs(t, 'GET', `/api/customer/qa/${id}/`)).statusCode).toBe(404);
    await staff(editor, 'POST', `/api/staff/qa/${id}/publish/`, { published: true });
    const told = (await messages(customer, 'en')).filter((m) => m.includes('answered and published'));
    expect(told).toHaveLength(1);

    expect((await auditOf('qa', id)).map((r) => r.action).sort()).toEqual([
      'qa.answer',
      'qa.publish',
      'qa.publish',
      'qa.unpublish',
    ]);
    const consultantTry = await staff(consultant, 'PUT', `/api/staff/qa/${id}/`, answer);
    expect(consultantTry.statusCode).toBe(403);
    // Out of the public zone at once (other suites count the published questions on a shared database).
    await t.ctx.db.db.delete(qa).where(eq(qa.id, id));
  });

  it('categories: create, rename, delete only when empty; audited', async () => {
    const made = await staff(editor, 'POST', '/api/staff/qa_category/', {
      name_zh: '费用',
      name_en: 'Fees',
      position: 9,
    });
    expect(made.statusCode, made.body).toBe(200);
    const cat = made.json() as { id: number };
    const renamed = await staff(editor, 'PUT', `/api/staff/qa_category/${cat.id}/`, {
      name_zh: '费用与付款',
      name_en: 'Fees and payment',
      position: 9,
    });
    expect(renamed.json()).toMatchObject({ name_en: 'Fees and payment', questions: 0 });
    const pub = await injectAs(t, 'GET', '/api/customer/qa_category/', { lang: 'zh' });
    expect(pub.json()).toEqual(expect.arrayContaining([{ id: cat.id, name: '费用与付款' }]));

    const customer = await login(t);
    const asked = await injectAs(t, 'POST', '/api/customer/qa/', {
      user: customer,
      payload: { question: 'Category test?', category_id: cat.id },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    madeQa.push(asked.json().id);
    const inUse = await staff(editor, 'DELETE', `/api/staff/qa_category/${cat.id}/`);
    expect([inUse.statusCode, inUse.json().code]).toEqual([409, 'qa_category_in_use']);
    await staff(editor, 'PUT', `/api/staff/qa/${asked.json().id}/`, {
      category_id: null,
      question_zh: '分类测试？',
      question_en: 'Category test?',
      answer_zh: '是',
      answer_en: 'Yes',
    });
    expect((await staff(editor, 'DELETE', `/api/staff/qa_category/${cat.id}/`)).statusCode).toBe(204);
    expect((await staff(editor, 'DELETE', `/api/staff/qa_category/${cat.id}/`)).statusCode).toBe(404);
    expect((await auditOf('qa_category', cat.id)).map((r) => r.action).sort()).toEqual([
      'qa_category.create',
      'qa_category.delete',
      'qa_category.update',
    ]);
  });

  it('hot keywords: pending ones show only when found in published Q&A; an editor approves, hides, sets back', async () => {
    const stamp = Date.now();
    const scam = `加微信 scam-${stamp} 包过`;
    const legit = `green card timeline ${stamp}`;
    const found = 'dhanasar'; // in the seeded, published Q&A
    madeWords.push(scam, legit, found);
    const searchFrom = (keyword: string, remoteAddress: string) =>
      t.app.inject({
        url: `/api/customer/qa/?${new URLSearchParams({ keyword })}`,
        remoteAddress,
        headers: { Language: 'en' },
      });
    for (let i = 1; i <= 5; i++) await searchFrom(scam, `192.0.2.${i}`);
    for (let i = 1; i <= 2; i++) await searchFrom(legit, `192.0.2.${i}`);
    for (let i = 1; i <= 3; i++) await searchFrom(found, `192.0.2.${i}`);
    const publicWords = async () =>
      ZHotKeywords.parse((await injectAs(t, 'GET', '/api/customer/qa/hot_keywords/')).json()).map(
        (k) => k.keyword,
      );
    const review = async (status?: string) => {
      const r = await staff(editor, 'GET', `/api/staff/qa/hot_keywords/${status ? `?status=${status}` : ''}`);
      expect(r.statusCode, r.body).toBe(200);
      return ZStaffHotKeywords.parse(r.json());
    };
    const set = async (keyword: string, status: string) => {
      const r = await staff(editor, 'POST', '/api/staff/qa/hot_keywords/', { keyword, status });
      expect(r.statusCode, r.body).toBe(200);
      return ZStaffHotKeywords.parse(r.json());
    };

    expect(await publicWords()).toContain(found);
    expect(await publicWords()).not.toContain(scam);
    expect(await publicWords()).not.toContain(legit);
    // The editor's pending list: distinct visitors, whether found in published Q&A, whether it may be shown.
    const pending = await review('pending');
    expect(pending).toEqual(
      expect.arrayContaining([
        { keyword: scam, count: 5, status: 'pending', matches_published: false, public: false },
        { keyword: legit, count: 2, status: 'pending', matches_published: false, public: false },
        { keyword: found, count: 3, status: 'pending', matches_published: true, public: true },
      ]),
    );
    expect(pending.findIndex((k) => k.keyword === scam)).toBeLessThan(
      pending.findIndex((k) => k.keyword === found),
    );

    // Approved (normalised as searches are): shown, though found in no published answer.
    const approved = await set(` ${legit.toUpperCase()} `, 'approved');
    expect(approved.find((k) => k.keyword === legit)).toMatchObject({ status: 'approved', public: true });
    expect(await publicWords()).toContain(legit);
    expect((await review('pending')).map((k) => k.keyword)).not.toContain(legit);
    // Hidden: never shown, even found in published Q&A; still counted.
    await set(found, 'hidden');
    expect(await publicWords()).not.toContain(found);
    expect((await review('hidden')).find((k) => k.keyword === found)).toMatchObject({
      count: 3,
      public: false,
    });
    // Back to pending: shown again, since it is found in published Q&A.
    await set(found, 'pending');
    expect(await publicWords()).toContain(found);
    expect(await publicWords()).not.toContain(scam);

    const bad = await staff(editor, 'POST', '/api/staff/qa/hot_keywords/', {
      keyword: scam,
      status: 'shown',
    });
    expect(bad.statusCode).toBe(400);
    expect((await auditOf('qa_keyword', legit)).map((r) => r.action)).toEqual(['qa_keyword.approve']);
    expect((await auditOf('qa_keyword', found)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['qa_keyword.hide', { status: 'pending' }, { status: 'hidden' }],
      ['qa_keyword.pending', { status: 'hidden' }, { status: 'pending' }],
    ]);
  });
});

describe('suggestions inbox', () => {
  it('new → read → archived, notes; archived leaves the default list; consultants are refused', async () => {
    const content = `Please add dark mode ${Date.now()}`;
    const sent = await injectAs(t, 'POST', '/api/customer/advice/', { payload: { content } });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const list = await staff(editor, 'GET', '/api/staff/advice/?size=100');
    const item = (list.json().results as { id: number; content: string; status: string }[]).find(
      (a) => a.content === content,
    );
    expect(item).toMatchObject({ status: 'new' });
    const id = item!.id;
    expect(
      (await staff(editor, 'POST', `/api/staff/advice/${id}/status/`, { status: 'read' })).json().status,
    ).toBe('read');
    const noted = await staff(editor, 'POST', `/api/staff/advice/${id}/note/`, {
      body: 'Forwarded to design',
    });
    expect(noted.json().notes).toEqual([
      expect.objectContaining({ body: 'Forwarded to design', author: editor.username }),
    ]);
    expect(
      (await staff(editor, 'POST', `/api/staff/advice/${id}/status/`, { status: 'archived' })).json().status,
    ).toBe('archived');
    const open = await staff(editor, 'GET', '/api/staff/advice/?size=100');
    expect((open.json().results as { id: number }[]).map((a) => a.id)).not.toContain(id);
    const bad = await staff(editor, 'POST', `/api/staff/advice/${id}/status/`, { status: 'deleted' });
    expect(bad.statusCode).toBe(400);
    expect((await staff(consultant, 'GET', '/api/staff/advice/')).statusCode).toBe(403);
    expect((await auditOf('advice', id)).map((r) => r.action).sort()).toEqual([
      'advice.note',
      'advice.status',
      'advice.status',
    ]);
  });
});
