/**
 * Staff reads of customer material are audited (issue 27 item 11; decision 0050): opening a task, a case's zip
 * link and the zip itself, searching orders by phone, opening an order, an appointment, an assessment or a
 * consultation — who, when, what — one row each, visible in GET /api/staff/audit/. A phone searched for is kept
 * masked and as a keyed hash, never as typed. A refused read writes no row.
 */
import { ZStaffAuditPage } from '@dossier/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAppointment, assessment, staffAudit } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { expectError, onCase } from './evidence-helpers.ts';
import { buyBase, injectAs, login } from './factories.ts';
import { shopTestConfig } from './shop-factories.ts';
import { newStaff, type StaffLogin } from './staff-factories.ts';
import { taskCalls, taskOwner } from './task-helpers.ts';

let t: TestApp;
let admin: StaffLogin;
beforeAll(async () => {
  t = await buildTestApp({ config: shopTestConfig() });
  admin = await newStaff(t, 'admin');
});
afterAll(() => t.close());

const api = taskCalls(() => t);
const get = (s: StaffLogin, url: string) => api.asStaff(s, 'GET', url);

/** The audit rows of one staff member, oldest first, besides those of their own sign-in (target staff_user). */
const rowsOf = (s: StaffLogin) =>
  t.ctx.db.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.staffId, s.id), ne(staffAudit.targetType, 'staff_user')))
    .orderBy(asc(staffAudit.id));
const actionsOf = async (s: StaffLogin) => (await rowsOf(s)).map((r) => `${r.action} ${r.targetId}`);

/** What the admin's audit screen shows for a staff member, newest first. */
async function auditScreen(query: string) {
  const r = await get(admin, `/api/staff/audit/?size=200&${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return ZStaffAuditPage.parse(r.json()).results;
}

describe('reads of a review task', () => {
  it('the queue, the task, the zip link and the zip each write one row; refused reads write none', async () => {
    const o = await taskOwner(t, ['REVIEW']);
    const para = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Mine' }] }] };
    const doc = await onCase(t, o)('PUT', 'documents/petition_letter/', { version: 0, content: para });
    expect(doc.statusCode, doc.body).toBe(200);
    const { review } = await api.tasksOf(o);
    expect((await api.submit(o, review.id, ['petition'])).statusCode).toBe(200);
    const reviewer = await newStaff(t, 'reviewer');

    expect((await get(reviewer, '/api/staff/task/?service=REVIEW&size=100')).statusCode).toBe(200);
    expect((await get(reviewer, `/api/staff/task/${review.id}/`)).statusCode).toBe(200);
    const link = await get(reviewer, `/api/staff/task/${review.id}/get_zip_file_url/`);
    expect(link.statusCode).toBe(200);
    const zip = await t.app.inject({ url: link.json().url });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(await actionsOf(reviewer)).toEqual([
      'task.list *',
      `task.view ${review.id}`,
      `task.zip_link ${review.id}`,
      `task.zip_download ${review.id}`,
    ]);
    const [list, view, , download] = await rowsOf(reviewer);
    expect(list!.detail).toMatchObject({ query: { service: 'REVIEW', size: 100 } });
    expect((list!.detail as { shown: number[] }).shown).toContain(review.id);
    expect((list!.detail as { customers: number[] }).customers).toContain(o.user.customerId);
    expect(view).toMatchObject({ actor: reviewer.username, targetType: 'service_task', ip: '127.0.0.1' });
    expect(view!.detail).toMatchObject({ customers: [o.user.customerId] });
    expect(download).toMatchObject({ actor: reviewer.username, targetType: 'service_task' });
    expect(download!.detail).toMatchObject({ customer_id: o.user.customerId, files: 1, left_out: 0 });
    // The admin sees them, newest first.
    expect(
      (await auditScreen(`staff_id=${reviewer.id}&target_type=service_task`)).map((r) => r.action),
    ).toEqual(['task.zip_download', 'task.zip_link', 'task.view', 'task.list']);

    // The customer's own link and zip are no staff read.
    const before = (await auditScreen(`action=task.zip_download&target_id=${review.id}`)).length;
    const mine = await api.asCustomer(o, 'GET', `/api/customer/task/${review.id}/get_zip_file_url/`);
    expect((await t.app.inject({ url: mine.json().url })).statusCode).toBe(200);
    expect(await auditScreen(`action=task.zip_download&target_id=${review.id}`)).toHaveLength(before);
    // A staff link changed to name another staff member is refused, and writes nothing.
    const other = await newStaff(t, 'reviewer');
    const forged = (link.json().url as string).replace(/by=\d+/, `by=${other.id}`);
    expectError(await t.app.inject({ url: forged, headers: { Language: 'en' } }), 403, 'task_link_invalid');

    // Refused reads: another service's task, a role without tasks, a task that does not exist.
    const translator = await newStaff(t, 'translator');
    const finance = await newStaff(t, 'finance');
    expectError(await get(translator, `/api/staff/task/${review.id}/`), 403, 'task_wrong_service');
    expectError(
      await get(translator, `/api/staff/task/${review.id}/get_zip_file_url/`),
      403,
      'task_wrong_service',
    );
    expectError(await get(finance, `/api/staff/task/${review.id}/`), 403, 'staff_forbidden');
    expectError(await get(reviewer, '/api/staff/task/2147483000/'), 404, 'not_found');
    expect(await rowsOf(translator)).toEqual([]);
    expect(await rowsOf(finance)).toEqual([]);
    expect(await rowsOf(other)).toEqual([]);
    expect(await rowsOf(reviewer)).toHaveLength(4);
  });
});

describe('reads of orders', () => {
  it('a search by phone is kept masked and hashed, found again by that phone; opening the order is audited', async () => {
    const buyer = await login(t);
    const order = await buyBase(t, buyer, 'USA_EB1A');
    const finance = await newStaff(t, 'finance');
    const found = await get(finance, `/api/staff/order/?phone=${buyer.phone}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().results.map((r: { id: number }) => r.id)).toEqual([order.id]);
    expect((await get(finance, `/api/staff/order/${order.id}/`)).statusCode).toBe(200);
    // Not customer material: the catalogue.
    expect((await get(finance, '/api/staff/product/')).statusCode).toBe(200);

    const rows = await rowsOf(finance);
    expect(rows.map((r) => `${r.action} ${r.targetId}`)).toEqual([
      'order.search *',
      `order.view ${order.id}`,
    ]);
    const search = rows[0]!;
    expect(search.targetType).toBe('shop_order');
    expect(search.detail).toMatchObject({
      shown: [order.id],
      customers: [buyer.customerId],
      query: { phone: { masked: `${'*'.repeat(buyer.phone.length - 3)}${buyer.phone.slice(-3)}` } },
    });
    // Nowhere in the row as typed.
    expect(JSON.stringify(rows)).not.toContain(buyer.phone);
    // "Who searched this number?" — the admin asks with the number, typed with or without spaces and dashes.
    const p = buyer.phone;
    for (const typed of [p, `${p.slice(0, 3)} ${p.slice(3, 7)}-${p.slice(7)}`]) {
      const hits = await auditScreen(`phone=${encodeURIComponent(typed)}`);
      expect(hits.map((h) => [h.staff_id, h.action])).toEqual([[finance.id, 'order.search']]);
    }
    expect(await auditScreen('phone=19999999999')).toEqual([]);
  });
});

describe('reads of leads and consultations', () => {
  it('appointment, assessment and consultation lists and views write one row each', async () => {
    const customer = await login(t);
    await buyBase(t, customer, 'USA_EB1A', ['CONSULTATION']);
    const now = t.clock.now();
    const [appointment] = await t.ctx.db.db
      .insert(agentAppointment)
      .values({
        customerId: customer.customerId,
        name: 'Li Lei',
        areaCode: '86',
        phone: customer.phone,
        timezone: 'Asia/Shanghai',
        appointmentDate: '2030-01-02',
        timeRange: '09:00-12:00',
        language: 'zh',
        createdAt: now,
      })
      .returning({ id: agentAppointment.id });
    const [submitted] = await t.ctx.db.db
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
    const [mine] = (
      await injectAs(t, 'GET', '/api/customer/consultation/', { user: customer })
    ).json() as Array<{ id: number }>;
    const booked = await injectAs(t, 'PATCH', `/api/customer/consultation/${mine!.id}/book/`, {
      user: customer,
      payload: { timezone: 'Asia/Shanghai', date: '2027-01-10', time: '10:30' },
    });
    expect(booked.statusCode, booked.body).toBe(200);

    const consultant = await newStaff(t, 'consultant');
    for (const url of [
      '/api/staff/appointment/?size=100',
      `/api/staff/appointment/${appointment!.id}/`,
      '/api/staff/assessment/?size=100',
      `/api/staff/assessment/${submitted!.id}/`,
      '/api/staff/consultation/?size=100',
      `/api/staff/consultation/${mine!.id}/`,
    ]) {
      const r = await get(consultant, url);
      expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    }
    const rows = await rowsOf(consultant);
    expect(rows.map((r) => `${r.action} ${r.targetType} ${r.targetId}`)).toEqual([
      'agent_appointment.list agent_appointment *',
      `agent_appointment.view agent_appointment ${appointment!.id}`,
      'assessment.list assessment *',
      `assessment.view assessment ${submitted!.id}`,
      'consultation.list consultation *',
      `consultation.view consultation ${mine!.id}`,
    ]);
    for (const r of rows) {
      expect((r.detail as { customers: number[] }).customers, r.action).toContain(customer.customerId);
    }
    // A view of something that is not there, and a role without leads: nothing written.
    expectError(await get(consultant, '/api/staff/appointment/2147483000/'), 404, 'not_found');
    const editor = await newStaff(t, 'content_editor');
    expectError(await get(editor, `/api/staff/consultation/${mine!.id}/`), 403, 'staff_forbidden');
    expect(await rowsOf(consultant)).toHaveLength(6);
    expect(await rowsOf(editor)).toEqual([]);
  });
});

describe('a read whose audit row cannot be written', () => {
  it('sends no material (503), and the same read answers once the log takes rows again', async () => {
    const o = await taskOwner(t, ['REVIEW']);
    const { review } = await api.tasksOf(o);
    const reviewer = await newStaff(t, 'reviewer');
    // The audit table refuses this reviewer's rows as an unreachable database would (SQLSTATE 08006).
    const db = t.ctx.db.db;
    const fn = `refuse_${reviewer.id}`;
    await db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
        if new.actor = '${reviewer.username}' then raise exception 'audit log unavailable' using errcode = '08006'; end if;
        return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger ${fn} before insert on staff_audit for each row execute function ${fn}()`),
    );
    try {
      const refused = await get(reviewer, `/api/staff/task/${review.id}/`);
      expectError(refused, 503, 'service_unavailable');
      expect(refused.body).not.toContain(`"customer_id"`);
      expectError(await get(reviewer, '/api/staff/task/?service=REVIEW'), 503, 'service_unavailable');
    } finally {
      await db.execute(sql.raw(`drop trigger ${fn} on staff_audit`));
      await db.execute(sql.raw(`drop function ${fn}()`));
    }
    expect(await rowsOf(reviewer)).toEqual([]);
    const r = await get(reviewer, `/api/staff/task/${review.id}/`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().customer_id).toBe(o.user.customerId);
    expect(await actionsOf(reviewer)).toEqual([`task.view ${review.id}`]);
  });
});
