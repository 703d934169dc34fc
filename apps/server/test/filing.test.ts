import { addBusinessDays, FilingErrorCode as E, ZFiling } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingReceipt } from '../src/db/schema/index.ts';
import { filedExhibits } from '../src/modules/filing/filing.service.ts';
import { caseNumbering } from '../src/modules/numbering/numbering.load.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { attachedTo, fakeUpload, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

// The test clock stands at 2026-11-21 (a Saturday).
const server = (lang: 'zh' | 'en') =>
  (resources[lang].filing as unknown as { server: Record<string, string> }).server;
const receipt = (over: Record<string, unknown> = {}) => ({
  form: 'I-140',
  receipt_number: 'IOE0912345678',
  notice_date: '2026-10-28',
  premium: true,
  notice_upload_id: null,
  ...over,
});

async function withEvidence(o: Owner) {
  const call = onCase(t, o);
  const c = await call('PUT', 'criteria/', { criteria: ['awards'], version: 0 });
  expect(c.statusCode, c.body).toBe(200);
  for (const [criterion, name] of [
    ['awards', 'Best Paper'],
    ['awards', 'IEEE Fellow'],
  ]) {
    const f = await call('POST', 'evidence/', { criterion, name });
    expect(f.statusCode, f.body).toBe(200);
    const folder = f.json().evidence.folders.find((x: { name: string }) => x.name === name).id;
    await call('POST', `evidence/${folder}/files/`, {
      name: 'scan',
      needs_translation: false,
      original_upload_id: await fakeUpload(t, o),
    });
  }
}

async function mailed(o: Owner) {
  const r = await onCase(t, o)('PUT', 'filing/', {
    version: 0,
    mailed_on: '2026-10-20',
    carrier: 'fedex',
    tracking_number: ' 7712 3456 7890 ',
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

describe('filing record', () => {
  it('before anything is recorded: preparing, nothing to poll, the next step is to mail', async () => {
    const o = await owner(t);
    const r = await onCase(t, o)('GET', 'filing/');
    expect(r.statusCode, r.body).toBe(200);
    const f = ZFiling.parse(r.json());
    expect(f).toMatchObject({
      recorded: false,
      stage: 'preparing',
      receipts: [],
      snapshot: null,
      version: 0,
    });
    expect(f.status_polling).toBe(t.ctx.caseStatus !== null);
    expect(f.next_steps.map((s) => s.key)).toEqual(['mail_packet']);
    const zh = (await onCase(t, o)('GET', 'filing/', undefined, 'zh')).json();
    expect(zh.next_steps[0].title).toBe('寄出申请');
    // Nothing but the mailing can be recorded first.
    const rc = await onCase(t, o)('POST', 'filing/receipt/', receipt());
    expect(rc.statusCode).toBe(409);
    expect(rc.json()).toEqual({ code: E.notFiled, msg: server('en').filing_not_recorded });
    expect(
      (await onCase(t, o)('PUT', 'filing/stage/', { version: 0, stage: 'mailed', stage_on: null })).json()
        .code,
    ).toBe(E.notFiled);
    expect((await onCase(t, o)('POST', 'filing/snapshot/')).statusCode).toBe(409);
  });

  it('the mailing: not after the customer’s today, versioned, and the snapshot is the packet’s numbering', async () => {
    const o = await owner(t);
    await withEvidence(o);
    const call = onCase(t, o);
    const future = await call(
      'PUT',
      'filing/',
      { version: 0, mailed_on: '2026-11-22', carrier: null, tracking_number: null },
      'zh',
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().code).toBe(E.dateInvalid);
    expect(future.json().msg).toBe(server('zh').filing_date_invalid!.replace('{{date}}', '2026-11-22'));
    const f = await mailed(o);
    expect(f).toMatchObject({
      recorded: true,
      stage: 'mailed',
      stage_on: '2026-10-20',
      mailed_on: '2026-10-20',
      carrier: 'fedex',
      tracking_number: '7712 3456 7890',
      version: 1,
    });
    const numbering = await caseNumbering(t.ctx.db.db, o.caseId);
    expect(numbering.exhibits.length).toBe(2);
    const expected = numbering.exhibits.map((e) => ({ folder_id: e.folder.id, number: e.exhibit }));
    expect(
      f.snapshot.exhibits.map((e: { folder_id: number; number: number }) => ({ ...e, name_en: undefined })),
    ).toEqual(expected.map((e) => ({ ...e, name_en: undefined })));
    expect(f.snapshot.exhibits.map((e: { name_en: string }) => e.name_en)).toEqual([
      'Best Paper',
      'IEEE Fellow',
    ]);
    expect(await filedExhibits(t.ctx.db.db, o.caseId)).toEqual(f.snapshot.exhibits);
    // Stale version: nothing written, the current version told.
    const stale = await call('PUT', 'filing/', {
      version: 0,
      mailed_on: '2026-10-21',
      carrier: null,
      tracking_number: null,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current_version: 1 });
    // A correction keeps the snapshot as mailed; the snapshot route takes it again.
    await call('POST', 'evidence/', { criterion: 'awards', name: 'Empty folder' });
    const again = await call('PUT', 'filing/', {
      version: 1,
      mailed_on: '2026-10-21',
      carrier: 'usps',
      tracking_number: null,
    });
    expect(again.json().snapshot).toEqual(f.snapshot);
    t.clock.advance(1000);
    const snap = await call('POST', 'filing/snapshot/');
    expect(snap.statusCode).toBe(200);
    expect(snap.json().snapshot.exhibits).toEqual(f.snapshot.exhibits);
    expect(snap.json().snapshot.taken_at).not.toBe(f.snapshot.taken_at);
  });

  it('receipts: numbers checked and normalised, dates between the mailing and today, no duplicate', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    await mailed(o);
    for (const bad of ['ABC0912345678', 'IOE091234567', 'IOE09123456789', 'IOE 09123 4567X']) {
      for (const lang of ['en', 'zh'] as const) {
        const r = await call('POST', 'filing/receipt/', receipt({ receipt_number: bad }), lang);
        expect(r.statusCode, bad).toBe(400);
        expect(r.json()).toEqual({ code: E.receiptNumberInvalid, msg: server(lang).receipt_number_invalid });
        expect(r.json().msg).toContain('IOE0912345678');
      }
    }
    const early = await call('POST', 'filing/receipt/', receipt({ notice_date: '2026-10-19' }));
    expect([early.statusCode, early.json().code]).toEqual([400, E.dateInvalid]);
    const later = await call('POST', 'filing/receipt/', receipt({ notice_date: '2026-11-22' }));
    expect([later.statusCode, later.json().code]).toEqual([400, E.dateInvalid]);

    const r = await call('POST', 'filing/receipt/', receipt({ receipt_number: 'ioe-091-234-5678' }));
    expect(r.statusCode, r.body).toBe(200);
    const f = ZFiling.parse(r.json());
    expect(f.stage).toBe('receipted');
    expect(f.stage_on).toBe('2026-10-28');
    expect(f.receipts[0]).toMatchObject({ receipt_number: 'IOE0912345678', premium: true, closed: false });
    const [row] = await t.ctx.db.db
      .select()
      .from(filingReceipt)
      .where(eq(filingReceipt.id, f.receipts[0]!.id));
    expect(row!.nextPollAt?.getTime()).toBe(t.clock.now().getTime());

    const dup = await call('POST', 'filing/receipt/', receipt({ receipt_number: 'IOE 0912345678' }), 'zh');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: E.receiptDuplicate,
      msg: server('zh').receipt_duplicate!.replace('{{number}}', 'IOE0912345678'),
    });
    const lin = await call(
      'POST',
      'filing/receipt/',
      receipt({ form: 'I-907', receipt_number: 'LIN2190123456' }),
    );
    expect(lin.json().receipts.map((x: { receipt_number: string }) => x.receipt_number)).toEqual([
      'IOE0912345678',
      'LIN2190123456',
    ]);
    // Correcting one to the other's number is a duplicate too; to a new one is fine.
    const linId = lin.json().receipts[1].id;
    expect((await call('PUT', `filing/receipt/${linId}/`, receipt())).statusCode).toBe(409);
    const eac = await call(
      'PUT',
      `filing/receipt/${linId}/`,
      receipt({ receipt_number: 'EAC2212345678', premium: false }),
    );
    expect(eac.statusCode, eac.body).toBe(200);
    expect(eac.json().receipts[1]).toMatchObject({ receipt_number: 'EAC2212345678', premium_clock: null });
    // The mailing cannot move after a receipt's notice date.
    const moved = await call('PUT', 'filing/', {
      version: 2,
      mailed_on: '2026-10-30',
      carrier: null,
      tracking_number: null,
    });
    expect([moved.statusCode, moved.json().code]).toEqual([400, E.dateInvalid]);
    // Deleting every receipt takes the stage back to mailed.
    await call('DELETE', `filing/receipt/${linId}/`);
    const gone = await call('DELETE', `filing/receipt/${f.receipts[0]!.id}/`);
    expect(gone.json()).toMatchObject({ stage: 'mailed', receipts: [] });
  });

  it('the I-797C scan is attached to the receipt; another customer’s upload is refused', async () => {
    const o = await owner(t);
    const other = await owner(t);
    const call = onCase(t, o);
    await mailed(o);
    const theirs = await fakeUpload(t, other);
    const r404 = await call('POST', 'filing/receipt/', receipt({ notice_upload_id: theirs }));
    expect(r404.statusCode).toBe(404);
    expect(await attachedTo(t, theirs)).toBeNull();
    const mine = await fakeUpload(t, o);
    const r = await call('POST', 'filing/receipt/', receipt({ notice_upload_id: mine }));
    const id = r.json().receipts[0].id;
    expect(await attachedTo(t, mine)).toBe(`filing_receipt:${id}`);
    const next = await fakeUpload(t, o);
    await call('PUT', `filing/receipt/${id}/`, receipt({ notice_upload_id: next }));
    expect(await attachedTo(t, next)).toBe(`filing_receipt:${id}`);
    expect(await attachedTo(t, mine)).toBeNull();
    await call('DELETE', `filing/receipt/${id}/`);
    expect(await attachedTo(t, next)).toBeNull();
  });

  it('premium clock, manual status (history newest first, closing code), stages and their next steps', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    const f0 = await mailed(o);
    const r = await call('POST', 'filing/receipt/', receipt());
    const rec = r.json().receipts[0];
    expect(rec.premium_clock).toMatchObject({
      business_days: 15,
      started_on: '2026-10-28',
      due_on: addBusinessDays('2026-10-28', 15),
      state: 'missed',
    });
    // 15 business days from 2026-10-28, Veterans Day (11-11) skipped.
    expect(rec.premium_clock.due_on).toBe('2026-11-19');

    const bad = await call('POST', `filing/receipt/${rec.id}/status/`, {
      status_code: 'approved',
      text: 'x',
      occurred_on: '2026-11-22',
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, E.dateInvalid]);
    const rfe = await call('POST', `filing/receipt/${rec.id}/status/`, {
      status_code: 'rfe_sent',
      text: 'Request for Additional Evidence Was Sent',
      occurred_on: '2026-11-10',
    });
    expect(rfe.statusCode, rfe.body).toBe(200);
    expect(rfe.json().receipts[0].premium_clock.state).toBe('stopped');
    const ok = await call('POST', `filing/receipt/${rec.id}/status/`, {
      status_code: 'approved',
      text: 'Case Was Approved',
      occurred_on: '2026-11-20',
    });
    const got = ok.json().receipts[0];
    expect(got).toMatchObject({ status_code: 'approved', status_source: 'manual', closed: true });
    expect(got.history.map((h: { status_code: string }) => h.status_code)).toEqual(['approved', 'rfe_sent']);
    const [row] = await t.ctx.db.db.select().from(filingReceipt).where(eq(filingReceipt.id, rec.id));
    expect(row!.nextPollAt).toBeNull();

    // Stages: not back to preparing; a denial's motion deadline 33 days after the decision.
    const v = ok.json().version;
    expect(v).toBeGreaterThan(f0.version);
    const prep = await call('PUT', 'filing/stage/', { version: v, stage: 'preparing', stage_on: null });
    expect([prep.statusCode, prep.json().code]).toEqual([409, E.stageInvalid]);
    const stale = await call('PUT', 'filing/stage/', {
      version: v - 1,
      stage: 'denied',
      stage_on: '2026-11-20',
    });
    expect(stale.statusCode).toBe(409);
    const before = await call('PUT', 'filing/stage/', {
      version: v,
      stage: 'denied',
      stage_on: '2026-10-01',
    });
    expect([before.statusCode, before.json().code]).toEqual([400, E.dateInvalid]);
    const denied = await call(
      'PUT',
      'filing/stage/',
      { version: v, stage: 'denied', stage_on: '2026-11-20' },
      'zh',
    );
    expect(denied.statusCode, denied.body).toBe(200);
    const steps = denied.json().next_steps;
    expect(steps.map((s: { key: string }) => s.key)).toEqual(['motion', 'refile']);
    expect(steps[0].due_on).toBe('2026-12-23');
    expect(steps[0].text).toContain('2026-12-23');
    expect(steps[0].title).toContain('I-290B');
    expect(steps[0].source).toMatch(/103\.5\(a\)/);
    const interview = await call('PUT', 'filing/stage/', {
      version: v + 1,
      stage: 'interview',
      stage_on: '2027-01-15',
    });
    expect(interview.json().next_steps[0]).toMatchObject({ key: 'interview_prepare', due_on: '2027-01-15' });
    const approved = await call('PUT', 'filing/stage/', {
      version: v + 2,
      stage: 'approved',
      stage_on: '2026-11-20',
    });
    expect(approved.json().next_steps.map((s: { key: string }) => s.key)).toEqual([
      'adjust_status',
      'consular_processing',
    ]);
  });

  it('NIW: the premium clock counts 45 business days', async () => {
    const o = await owner(t, 'USA_NIW');
    await mailed(o);
    const r = await onCase(t, o)('POST', 'filing/receipt/', receipt({ receipt_number: 'SRC2512345678' }));
    expect(r.json().receipts[0].premium_clock).toMatchObject({
      business_days: 45,
      due_on: addBusinessDays('2026-10-28', 45),
      state: 'running',
    });
  });
});
