import { RFE_DEFAULT_RESPONSE_DAYS, ZRfe, ZRfeList, ZRfeReply } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseFiling, caseRfe, filingReceipt } from '../src/db/schema/index.ts';
import { customerToday } from '../src/modules/customer/customer.clock.ts';
import { addDays, rfeNumbering } from '../src/modules/rfe/rfe.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { attachedTo, evidenceCalls, fakeUpload, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const ev = evidenceCalls(() => t);
/** The server's message in a language (the `rfe` namespace's `server.*` keys), as the spec's texts read. */
const rfeMsg = (lang: 'zh' | 'en', group: string, key: string) => {
  const text = translate(lang, `rfe:server.${group}.${key}`);
  expect(text).not.toContain('server.');
  return text;
};

/** Records the mailing as H2's filing module does: the row with mailed_on and the exhibit snapshot (filed 1…n). */
async function mailed(o: Owner, folders: number[], mailedOn = '2026-03-02') {
  const now = t.clock.now();
  await t.ctx.db.db.insert(caseFiling).values({
    caseId: o.caseId,
    mailedOn,
    stage: 'receipted',
    exhibitSnapshot: {
      taken_at: now.toISOString(),
      exhibits: folders.map((folder_id, i) => ({ folder_id, number: i + 1, name_en: `Exhibit ${i + 1}` })),
    },
    createdAt: now,
    updatedAt: now,
  });
  const [r] = await t.ctx.db.db
    .insert(filingReceipt)
    .values({
      caseId: o.caseId,
      form: 'I-140',
      receiptNumber: `IOE09${String(o.caseId).padStart(8, '0')}`,
      noticeDate: '2026-03-10',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: filingReceipt.id });
  return r!.id;
}

async function eb1aWithFolders(n: number) {
  const o = await owner(t);
  const c = await onCase(t, o)('PUT', 'criteria/', { criteria: ['awards'], version: 0 });
  expect(c.statusCode, c.body).toBe(200);
  const folders: number[] = [];
  for (let i = 0; i < n; i++) folders.push(await ev.folder(o, 'awards', `F${i + 1}`));
  return { o, folders };
}

describe('RFE workspace', () => {
  it('refuses an RFE before the mailing is recorded (409 filing_not_recorded, zh/en)', async () => {
    const o = await owner(t);
    for (const lang of ['en', 'zh'] as const) {
      const r = await onCase(t, o)(
        'POST',
        'rfe/',
        {
          kind: 'rfe',
          receipt_id: null,
          notice_date: '2026-01-05',
          due_date: null,
          notice_upload_id: null,
        },
        lang,
      );
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toEqual({
        code: 'filing_not_recorded',
        msg: rfeMsg(lang, 'errors', 'filing_not_recorded'),
      });
    }
  });

  it('records an RFE: default due date +87, stage rfe, notice attached, dates and versions checked', async () => {
    const { o } = await eb1aWithFolders(1);
    const receipt = await mailed(o, []);
    const call = onCase(t, o);
    const today = await customerToday(t.ctx, o.user.customerId);
    const notice = addDays(today, -10);
    const body = {
      kind: 'rfe',
      receipt_id: receipt,
      notice_date: notice,
      due_date: null,
      notice_upload_id: null,
    };

    // Dates: a notice in the future, a due date before the notice.
    let r = await call('POST', 'rfe/', { ...body, notice_date: addDays(today, 1) }, 'zh');
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ code: 'rfe_date_invalid', msg: rfeMsg('zh', 'errors', 'rfe_date_invalid') });
    r = await call('POST', 'rfe/', { ...body, due_date: addDays(notice, -1) });
    expect(r.json().code).toBe('rfe_date_invalid');
    // Another receipt id (not this case's): 404.
    r = await call('POST', 'rfe/', { ...body, receipt_id: receipt + 10_000 });
    expect(r.statusCode).toBe(404);

    const up = await fakeUpload(t, o, { name: 'rfe-notice.pdf' });
    r = await call('POST', 'rfe/', { ...body, notice_upload_id: up });
    expect(r.statusCode, r.body).toBe(200);
    const rfe = ZRfeReply.parse(r.json());
    expect(rfe.msg).toBe(rfeMsg('en', 'saved', 'rfe_created'));
    expect(rfe.due_date).toBe(addDays(notice, RFE_DEFAULT_RESPONSE_DAYS));
    expect(rfe.days_left).toBe(RFE_DEFAULT_RESPONSE_DAYS - 10);
    expect(rfe.status).toBe('open');
    expect(await attachedTo(t, up)).toBe(`rfe:${rfe.id}:notice`);
    const [filing] = await t.ctx.db.db.select().from(caseFiling).where(eq(caseFiling.caseId, o.caseId));
    expect(filing!.stage).toBe('rfe');
    expect(filing!.stageOn).toBe(notice);
    expect(rfe.checklist.find((c) => c.key === 'notice')!.ok).toBe(true);
    expect(rfe.checklist.find((c) => c.key === 'letter')!.ok).toBe(false);
    expect(rfe.checklist.find((c) => c.key === 'signature')!.ok).toBe(false);

    // Update with the version; a stale version is 409 rfe_conflict with the current version.
    const upd = {
      ...body,
      due_date: addDays(notice, 60),
      notice_upload_id: null,
      version: rfe.version,
      responded_on: null,
      status: 'open',
    };
    r = await call('PUT', `rfe/${rfe.id}/`, upd);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().due_date).toBe(addDays(notice, 60));
    expect(r.json().notice_upload_id).toBeNull();
    expect(await attachedTo(t, up)).toBeNull();
    r = await call('PUT', `rfe/${rfe.id}/`, upd, 'zh');
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('rfe_conflict');
    expect(r.json().current_version).toBe(rfe.version + 1);
    expect(r.json().msg).toBe(rfeMsg('zh', 'errors', 'rfe_conflict'));
    // Responded before the notice: refused.
    r = await call('PUT', `rfe/${rfe.id}/`, {
      ...upd,
      version: rfe.version + 1,
      responded_on: addDays(notice, -1),
    });
    expect(r.json().code).toBe('rfe_date_invalid');
    // A passed due date shows in days_left and the checklist.
    r = await call('PUT', `rfe/${rfe.id}/`, {
      ...upd,
      version: rfe.version + 1,
      due_date: addDays(today, -2),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().days_left).toBe(-2);
    expect(r.json().checklist.find((c: { key: string }) => c.key === 'due_date')).toMatchObject({
      ok: false,
    });

    const list = ZRfeList.parse((await call('GET', 'rfe/')).json());
    expect(list.items.map((i) => i.id)).toEqual([rfe.id]);
    r = await call('DELETE', `rfe/${rfe.id}/`, undefined, 'zh');
    expect(r.json()).toEqual({ msg: rfeMsg('zh', 'saved', 'rfe_deleted') });
    expect(await t.ctx.db.db.select().from(caseRfe).where(eq(caseRfe.caseId, o.caseId))).toEqual([]);
  });

  it('findings by position, criteria of the program, exhibits numbered on from the filed packet', async () => {
    const { o, folders } = await eb1aWithFolders(5);
    // Filed: the first three folders are exhibits 1–3; folders 4 and 5 are new evidence.
    await mailed(o, folders.slice(0, 3));
    const call = onCase(t, o);
    const today = await customerToday(t.ctx, o.user.customerId);
    const rfe = ZRfeReply.parse(
      (
        await call('POST', 'rfe/', {
          kind: 'rfe',
          receipt_id: null,
          notice_date: addDays(today, -3),
          due_date: null,
          notice_upload_id: null,
        })
      ).json(),
    );
    const finding = (text: string, position: number | null, criterion: string | null = 'awards') => ({
      mode: 'quoted',
      text,
      criterion,
      note: null,
      position,
    });
    let r = await call(
      'POST',
      `rfe/${rfe.id}/finding/`,
      finding('The awards are not nationally recognised.', null),
    );
    expect(r.statusCode, r.body).toBe(200);
    r = await call(
      'POST',
      `rfe/${rfe.id}/finding/`,
      finding('Judging: no evidence of participation.', null, 'judge'),
    );
    r = await call(
      'POST',
      `rfe/${rfe.id}/finding/`,
      finding('Final merits: not among the small percentage.', 1, null),
    );
    let v = ZRfe.parse(r.json());
    expect(v.findings.map((f) => [f.position, f.text.slice(0, 5)])).toEqual([
      [1, 'Final'],
      [2, 'The a'],
      [3, 'Judgi'],
    ]);
    // An NIW prong on an EB-1A case: refused.
    r = await call('POST', `rfe/${rfe.id}/finding/`, finding('x', null, 'prong_balance'));
    expect(r.statusCode).toBe(400);
    // Move the last to the first place.
    const judging = v.findings[2]!;
    r = await call('PUT', `rfe/${rfe.id}/finding/${judging.id}/`, {
      ...finding(judging.text, 1, 'judge'),
      mode: 'summary',
    });
    v = ZRfe.parse(r.json());
    expect(v.findings.map((f) => f.id)[0]).toBe(judging.id);
    expect(v.findings.map((f) => f.position)).toEqual([1, 2, 3]);
    expect(v.findings[0]!.mode).toBe('summary');

    // Exhibits: finding 1 (judging) → new folder 5 and filed exhibit 2; finding 2 → new folder 4, folder 5 again,
    // filed exhibit 1 reprinted.
    const [f1, f2, f3] = v.findings;
    r = await call('PUT', `rfe/${rfe.id}/finding/${f1!.id}/exhibits/`, {
      exhibits: [
        { folder_id: folders[4], reprint: true },
        { folder_id: folders[1], reprint: false },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    r = await call('PUT', `rfe/${rfe.id}/finding/${f2!.id}/exhibits/`, {
      exhibits: [
        { folder_id: folders[3], reprint: false },
        { folder_id: folders[4], reprint: false },
        { folder_id: folders[0], reprint: true },
      ],
    });
    v = ZRfe.parse(r.json());
    expect(v.filed_exhibits).toBe(3);
    expect(v.findings[0]!.exhibits.map((e) => [e.label, e.filed, e.reprint])).toEqual([
      ['Exhibit 4', false, false],
      ['Exhibit 2', true, false],
    ]);
    expect(v.findings[1]!.exhibits.map((e) => e.label)).toEqual(['Exhibit 5', 'Exhibit 4', 'Exhibit 1']);
    expect(v.exhibits.map((e) => [e.number, e.folder_id])).toEqual([
      [1, folders[0]],
      [4, folders[4]],
      [5, folders[3]],
    ]);
    expect(v.findings.map((f) => f.answered)).toEqual([true, true, false]);
    expect(v.checklist.find((c) => c.key === 'finding:3')).toMatchObject({ ok: false });
    // New exhibits without files: the checklist says so; a file makes it pass.
    expect(v.checklist.find((c) => c.key === 'files:4')).toMatchObject({ ok: false });
    await ev.file(o, folders[4]!, 'Judging invitation');
    v = ZRfe.parse((await call('GET', `rfe/${rfe.id}/`)).json());
    expect(v.checklist.find((c) => c.key === 'files:4')).toMatchObject({ ok: true });
    expect(v.exhibits.find((e) => e.number === 4)!.pages).toBe(2);

    // The exported numbering (for the response packet) agrees with the view.
    const n = await rfeNumbering(t.ctx, o.caseId, rfe.id);
    expect(n.printed.map((e) => e.label)).toEqual(['Exhibit 1', 'Exhibit 4', 'Exhibit 5']);

    // Deleting a finding keeps positions contiguous.
    r = await call('DELETE', `rfe/${rfe.id}/finding/${f1!.id}/`);
    v = ZRfe.parse(r.json());
    expect(v.findings.map((f) => [f.id, f.position])).toEqual([
      [f2!.id, 1],
      [f3!.id, 2],
    ]);
    // Without finding 1, folder 4 (first mentioned by finding 2 now) is Exhibit 4 and folder 5 Exhibit 5.
    expect(v.findings[0]!.exhibits.map((e) => [e.folder_id, e.label])).toEqual([
      [folders[3], 'Exhibit 4'],
      [folders[4], 'Exhibit 5'],
      [folders[0], 'Exhibit 1'],
    ]);
  });

  it("a folder of another case, or the same folder twice, is refused; the RFE's exhibits are unchanged", async () => {
    const { o, folders } = await eb1aWithFolders(1);
    const other = await eb1aWithFolders(1);
    await mailed(o, []);
    const call = onCase(t, o);
    const today = await customerToday(t.ctx, o.user.customerId);
    const rfe = (
      await call('POST', 'rfe/', {
        kind: 'noid',
        receipt_id: null,
        notice_date: today,
        due_date: today,
        notice_upload_id: null,
      })
    ).json();
    expect(rfe.kind).toBe('noid');
    expect(rfe.days_left).toBe(0);
    const f = (
      await call('POST', `rfe/${rfe.id}/finding/`, {
        mode: 'summary',
        text: 'x',
        criterion: null,
        note: 'n',
        position: 5,
      })
    ).json().findings[0];
    expect(f.position).toBe(1);
    await call('PUT', `rfe/${rfe.id}/finding/${f.id}/exhibits/`, {
      exhibits: [{ folder_id: folders[0], reprint: true }],
    });
    let r = await call('PUT', `rfe/${rfe.id}/finding/${f.id}/exhibits/`, {
      exhibits: [{ folder_id: other.folders[0], reprint: false }],
    });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('not_found');
    r = await call('PUT', `rfe/${rfe.id}/finding/${f.id}/exhibits/`, {
      exhibits: [
        { folder_id: folders[0], reprint: false },
        { folder_id: folders[0], reprint: false },
      ],
    });
    expect(r.statusCode).toBe(400);
    const v = ZRfe.parse((await call('GET', `rfe/${rfe.id}/`)).json());
    // Not in the filed packet: new (Exhibit 1), `reprint` ignored.
    expect(v.findings[0]!.exhibits.map((e) => [e.folder_id, e.label, e.filed, e.reprint])).toEqual([
      [folders[0], 'Exhibit 1', false, false],
    ]);
  });
});
