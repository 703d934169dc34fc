/**
 * The "where to file" table kept by content editors (issue 30 item 3; decision 0067): shipped versions listed,
 * a new version published from a future date (never today or the past, never twice the same day, never a table
 * giving a state two addresses), audited, and used by the packet from its effective date.
 */
import { WHERE_TO_FILE, type WhereToFileTable, ZStaffWhereToFile } from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../src/db/schema/index.ts';
import { whereToFileTables } from '../src/modules/reference/where-to-file.service.ts';
import { caseFilingAddress } from '../src/pdf/packet/filing-plan.ts';
import type { PacketInput } from '../src/pdf/packet/packet.types.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig } from './factories.ts';
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

const call = (who: StaffLogin, method: 'GET' | 'POST', payload?: WhereToFileTable, lang = 'en') =>
  t.app.inject({
    method,
    url: '/api/staff/where_to_file/',
    headers: { Language: lang, ...who.auth },
    ...(payload ? { payload: payload as unknown as Record<string, unknown> } : {}),
  });
const dayAfter = (days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Every premium filing to Phoenix from the new date (a change USCIS could announce). */
const version = (effectiveFrom: string): WhereToFileTable => {
  const base = WHERE_TO_FILE[0]!;
  const all = base.rules.flatMap((r) => r.states);
  return {
    ...base,
    effectiveFrom,
    checked: dayAfter(0),
    rules: [
      { states: all, premium: true, lockbox: 'phoenix' },
      ...base.rules.map((r) => ({ ...r, premium: false })),
    ],
  };
};

describe('where to file: versions for content editors', () => {
  it('lists the shipped version in force; publishes a future one; refuses today, a duplicate and a bad table', async () => {
    const list = ZStaffWhereToFile.parse((await call(editor, 'GET')).json());
    expect(list.versions.map((v) => [v.table.effectiveFrom, v.source, v.in_force])).toEqual([
      ['2024-04-01', 'shipped', true],
    ]);

    const today = await call(editor, 'POST', version(dayAfter(0)), 'zh');
    expect([today.statusCode, today.json().code]).toEqual([400, 'where_to_file_past']);
    expect(today.json().msg).toContain('不可改写');

    const twoAddresses = version(dayAfter(30));
    twoAddresses.rules = [...twoAddresses.rules, { states: ['CA'], lockbox: 'elgin' }];
    expect((await call(editor, 'POST', twoAddresses)).statusCode).toBe(400);

    const from = dayAfter(30);
    const ok = await call(editor, 'POST', version(from));
    expect(ok.statusCode).toBe(200);
    const after = ZStaffWhereToFile.parse(ok.json());
    expect(after.versions.map((v) => [v.table.effectiveFrom, v.source, v.in_force])).toEqual([
      ['2024-04-01', 'shipped', true],
      [from, 'staff', false],
    ]);
    expect(after.versions[1]!.published_by).toBe(editor.username);

    const again = await call(editor, 'POST', version(from));
    expect([again.statusCode, again.json().code]).toEqual([409, 'where_to_file_exists']);

    const audit = await t.ctx.db.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'where_to_file.publish'), eq(staffAudit.staffId, editor.id)));
    expect(audit).toHaveLength(1);
  });

  it('is for content editors only', async () => {
    expect((await call(consultant, 'GET')).statusCode).toBe(403);
    expect((await call(consultant, 'POST', version(dayAfter(40)))).statusCode).toBe(403);
  });

  it('a packet uses the version in force on its filing date: the old one before, the new one from it', async () => {
    const tables = await whereToFileTables(t.ctx);
    const at = (filingDate: string) =>
      caseFilingAddress({
        filingDate,
        premium: true,
        whereToFile: { workState: 'NY', homeState: null, tables },
      } as PacketInput)!.lockbox.id;
    expect([at(dayAfter(29)), at(dayAfter(30))]).toEqual(['elgin', 'phoenix']);
  });
});
