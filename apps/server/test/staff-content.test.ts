/**
 * Content kept by content editors (issue 16 item 9; decision 0035): the fee table's dated rows (added only
 * from a future date, never rewriting history; audited), the catalogue list for staff, and the customer's
 * per-project guidance zips and instruction PDFs.
 */
import {
  FEE_SCHEDULE,
  FEE_TABLE_CHECKED,
  type TCaseSummary,
  ZCaseSummary,
  ZFeeScheduleView,
  ZStaffFeeRows,
  ZStaticFile,
} from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { staffAudit } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, injectAs, login, openCase } from './factories.ts';
import { newStaff, type StaffLogin } from './staff-factories.ts';

let t: TestApp;
let editor: StaffLogin;
let consultant: StaffLogin;
beforeAll(async () => {
  t = await buildTestApp({ config: { ...accountsTestConfig } });
  editor = await newStaff(t, 'content_editor');
  consultant = await newStaff(t, 'consultant');
});
afterAll(() => t.close());

const call = (who: StaffLogin, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { Language: lang, ...who.auth },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const dayAfter = (days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe('fee table rows', () => {
  it('lists the shipped table; adds a future row; refuses today, the past and a duplicate; audited', async () => {
    const list = ZStaffFeeRows.parse((await call(editor, 'GET', '/api/staff/fee/')).json());
    expect(list.filter((r) => r.key === 'i140' && r.source === 'shipped').map((r) => r.cents)).toEqual(
      FEE_SCHEDULE.i140.map((s) => s.cents),
    );

    const today = dayAfter(0);
    const past = await call(
      editor,
      'POST',
      '/api/staff/fee/',
      { key: 'i140', from: today, cents: 80_000 },
      'zh',
    );
    expect([past.statusCode, past.json().code]).toEqual([400, 'fee_row_past']);
    expect(past.json().msg).toContain('历史不可改写');
    const shippedDay = await call(editor, 'POST', '/api/staff/fee/', {
      key: 'i140',
      from: '2016-12-23',
      cents: 1,
    });
    expect(shippedDay.json().code).toBe('fee_row_past');
    const notADay = await call(editor, 'POST', '/api/staff/fee/', {
      key: 'i140',
      from: '2099-02-30',
      cents: 1,
    });
    expect(notADay.statusCode).toBe(400);

    // Far ahead (2108–2135): other suites sharing the run's PostgreSQL database never reach it.
    const from = dayAfter(30_000 + Math.floor(Math.random() * 10_000));
    const added = await call(editor, 'POST', '/api/staff/fee/', { key: 'i907', from, cents: 310_000 });
    expect(added.statusCode, added.body).toBe(200);
    const rows = ZStaffFeeRows.parse(added.json()).filter((r) => r.key === 'i907');
    expect(rows.at(-1)).toMatchObject({ from, cents: 310_000, source: 'staff', created_by: editor.username });
    // Every earlier amount is still there, unchanged.
    expect(rows.filter((r) => r.source === 'shipped').map((r) => [r.from, r.cents])).toEqual(
      FEE_SCHEDULE.i907.map((s) => [s.from, s.cents]),
    );
    const again = await call(editor, 'POST', '/api/staff/fee/', { key: 'i907', from, cents: 1 });
    expect([again.statusCode, again.json().code]).toEqual([409, 'fee_row_exists']);

    const audit = await t.ctx.db.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, editor.id), eq(staffAudit.action, 'fee_row.add')));
    expect(audit.map((a) => a.after)).toEqual([{ key: 'i907', from, cents: 310_000 }]);

    const refused = await call(consultant, 'POST', '/api/staff/fee/', {
      key: 'i907',
      from: dayAfter(99),
      cents: 1,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'staff_forbidden']);
  });

  it('a staff row is what customers are shown and charged from its date: case fees, payments, the public table', async () => {
    const { user, c } = await openCase(t, 'USA_EB1A', { premium_processing: true });
    const i140Of = (s: TCaseSummary) => s.fees.lines.find((l) => l.key === 'i140')!.amount_cents;
    expect(i140Of(c)).toBe(71_500);
    // A far date no other suite's clock reaches (they share the run's PostgreSQL database).
    const from = dayAfter(40_000 + Math.floor(Math.random() * 5_000));
    const added = await call(editor, 'POST', '/api/staff/fee/', { key: 'i140', from, cents: 99_900 });
    expect(added.statusCode, added.body).toBe(200);

    const table = ZFeeScheduleView.parse(
      (await t.app.inject({ method: 'GET', url: '/api/customer/project/fee_schedule/' })).json(),
    );
    expect(table.schedule.i140.at(-1)).toEqual({ from, cents: 99_900 });
    // A row announced for a later date does not date today's amounts.
    expect(table.checked).toBe(FEE_TABLE_CHECKED);
    const addedOn = dayAfter(0);
    // Before its date nothing changes for the customer…
    const before = ZCaseSummary.parse(
      (await injectAs(t, 'GET', `/api/customer/case/${c.id}/`, { user })).json(),
    );
    expect(i140Of(before)).toBe(71_500);

    // …from its date the I-140 line, the total and the I-140 payment carry the new amount.
    const now = t.clock.now();
    try {
      t.clock.set(new Date(`${from}T12:00:00Z`));
      const again = await login(t, { phone: user.phone });
      const r = await injectAs(t, 'GET', `/api/customer/case/${c.id}/`, { user: again });
      expect(r.statusCode, r.body).toBe(200);
      const later = ZCaseSummary.parse(r.json());
      expect(i140Of(later)).toBe(99_900);
      // In force now: the amounts were last checked the day staff added the row.
      expect(later.fees.checked).toBe(addedOn);
      expect(later.fees.total_cents).toBe(later.fees.lines.reduce((sum, l) => sum + l.amount_cents, 0));
      expect(later.fees.payments.find((p) => p.for_form === 'I-140')!.amount_cents).toBe(99_900);
      expect(later.fees.premium_fee_cents).toBe(later.fees.lines.find((l) => l.key === 'i907')!.amount_cents);
    } finally {
      t.clock.set(now);
    }
  });
});

describe('static files and the per-project files', () => {
  it('guidance zips and instruction PDFs by project (and for all projects), in the caller language', async () => {
    const zip = Buffer.from('PK\u0003\u0004 not really a zip but starts like one');
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const put = (key: string, body: Buffer, type: string, names: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/staff/static_file/${key}/?${names}`,
        headers: { ...editor.auth, 'content-type': type },
        payload: body,
      });
    const names = (zh: string, en: string) =>
      `name_zh=${encodeURIComponent(zh)}&name_en=${encodeURIComponent(en)}`;
    expect(
      (await put('guidance.usa_eb1a.kit', zip, 'application/zip', names('EB-1A 指南包', 'EB-1A guide kit')))
        .statusCode,
    ).toBe(200);
    expect(
      (await put('guidance.usa_niw.kit', zip, 'application/zip', names('NIW 指南包', 'NIW guide kit')))
        .statusCode,
    ).toBe(200);
    expect(
      (await put('instruction.all.i140', pdf, 'application/pdf', names('I-140 说明', 'I-140 instructions')))
        .statusCode,
    ).toBe(200);

    const files = z.array(ZStaticFile);
    const get = async (path: string, lang = 'en') =>
      files.parse((await injectAs(t, 'GET', `/api/customer/project/${path}`, { lang })).json());
    expect((await get('guidance_zip_files/?project_code=USA_EB1A')).map((f) => f.name)).toEqual([
      'EB-1A guide kit',
    ]);
    expect((await get('guidance_zip_files/?project_code=USA_NIW', 'zh')).map((f) => f.name)).toEqual([
      'NIW 指南包',
    ]);
    expect((await get('guidance_zip_files/')).map((f) => f.key)).toEqual([
      'guidance.usa_eb1a.kit',
      'guidance.usa_niw.kit',
    ]);
    const instructions = await get('instruction_pdf_files/?project_code=USA_NIW');
    expect(instructions.map((f) => f.key)).toEqual(['instruction.all.i140']);
    const download = await t.app.inject({ url: instructions[0]!.url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(pdf.toString());
    expect(
      (await injectAs(t, 'GET', '/api/customer/project/guidance_zip_files/?project_code=NOPE')).statusCode,
    ).toBe(400);

    const staffList = await call(editor, 'GET', '/api/staff/static_file/');
    expect(staffList.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'guidance.usa_eb1a.kit', name_zh: 'EB-1A 指南包', source: 'staff' }),
        expect.objectContaining({ key: 'eta9089.guide', source: 'generated' }),
      ]),
    );
  });
});
