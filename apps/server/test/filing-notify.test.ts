import { translate } from '@dossier/i18n';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reminderDue, sendRfeReminders } from '../src/modules/filing/rfe-reminders.ts';
import { recordStatus } from '../src/modules/filing/status-change.ts';
import { newPollState, runStatusPoll } from '../src/modules/filing/status-poll.ts';
import type { MailMessage } from '../src/providers/mail/mail.ts';
import type { SmsProvider, SmsText } from '../src/providers/sms/sms.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/**
 * recordStatus (one event, one notice per change, in the owner's language), RFE due-date reminders (30/14/3 days by
 * the customer's today, each once, a late run sends only the latest) — decision 0079.
 */

let t: TestApp;
const mails: MailMessage[] = [];
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  t.ctx.mail = {
    name: 'recording',
    async send(m) {
      mails.push(m);
    },
  };
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  mails.length = 0;
});

interface Seeded {
  customerId: number;
  caseId: number;
  receiptId: number;
  receiptNumber: string;
  email: string;
}

async function seed(opts: {
  areaCode: string;
  verified?: boolean;
  timezone?: string | null;
}): Promise<Seeded> {
  seq++;
  const db = t.ctx.db;
  const now = t.clock.now().toISOString();
  const email = `owner${seq}-${Date.now()}@example.test`;
  const c = await db.query<{ id: number }>(
    `INSERT INTO customer (area_code, phone, email, email_verified_at, timezone, created_at)
     VALUES ($1, $2, $3, $4::timestamptz, $5, $6::timestamptz) RETURNING id`,
    [
      opts.areaCode,
      `16${String(seq).padStart(4, '0')}${String(Date.now()).slice(-5)}`,
      email,
      opts.verified === false ? null : now,
      opts.timezone ?? null,
      now,
    ],
  );
  const customerId = Number(c.rows[0]?.id);
  const w = await db.query<{ id: number }>(
    `INSERT INTO workbench_case (customer_id, project_id, created_at, updated_at)
     VALUES ($1, (SELECT id FROM project ORDER BY id LIMIT 1), $2::timestamptz, $2::timestamptz) RETURNING id`,
    [customerId, now],
  );
  const caseId = Number(w.rows[0]?.id);
  await db.query(
    `INSERT INTO case_filing (case_id, stage, mailed_on, created_at, updated_at)
     VALUES ($1, 'receipted', '2026-10-01', $2::timestamptz, $2::timestamptz)`,
    [caseId, now],
  );
  const receiptNumber = `LIN${String(2_600_000_000 + seq)}`;
  const r = await db.query<{ id: number }>(
    `INSERT INTO filing_receipt (case_id, form, receipt_number, notice_date, status_code, status_text, status_source,
                                 created_at, updated_at)
     VALUES ($1, 'I-140', $2, '2026-10-10', 'received', 'Case Was Received', 'uscis', $3::timestamptz, $3::timestamptz)
     RETURNING id`,
    [caseId, receiptNumber, now],
  );
  return { customerId, caseId, receiptId: Number(r.rows[0]?.id), receiptNumber, email };
}

async function notes(customerId: number) {
  const r = await t.ctx.db.query<{ key: string; params: Record<string, string> }>(
    'SELECT key, params FROM notification WHERE customer_id = $1 ORDER BY id',
    [customerId],
  );
  return r.rows;
}

async function receipt(id: number) {
  const r = await t.ctx.db.query<{
    status_code: string;
    status_text: string;
    closed: boolean;
    version: number;
  }>('SELECT status_code, status_text, closed, version FROM filing_receipt WHERE id = $1', [id]);
  return r.rows[0];
}

async function events(receiptId: number) {
  const r = await t.ctx.db.query<{ source: string; status_code: string; notified: boolean }>(
    'SELECT source, status_code, notified_at IS NOT NULL AS notified FROM filing_status_event WHERE receipt_id = $1 ORDER BY id',
    [receiptId],
  );
  return r.rows;
}

describe('recordStatus', () => {
  it('a USCIS change: one event, the receipt updated, one in-app notice and one e-mail in the owner’s language', async () => {
    const s = await seed({ areaCode: '1' });
    const input = {
      receiptId: s.receiptId,
      statusCode: 'rfe_sent' as const,
      statusText: 'Request for Evidence Was Sent',
      statusDescription: 'On December 1, 2026, we sent a request for evidence…',
      source: 'uscis' as const,
      occurredOn: '2026-12-01',
    };
    const first = await recordStatus(t.ctx, input);
    expect(first.changed).toBe(true);
    expect(await receipt(s.receiptId)).toMatchObject({ status_code: 'rfe_sent', closed: false, version: 1 });
    expect(await events(s.receiptId)).toEqual([{ source: 'uscis', status_code: 'rfe_sent', notified: true }]);
    const n = await notes(s.customerId);
    expect(n).toEqual([
      {
        key: 'case_status_changed',
        params: {
          receipt_number: s.receiptNumber,
          form: 'I-140',
          status: input.statusText,
          code: 'rfe_sent',
        },
      },
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(s.email);
    expect(mails[0]?.subject).toBe(`Case status update: ${s.receiptNumber}`);
    expect(mails[0]?.text).toContain('Request for Evidence Was Sent');
    expect(mails[0]?.text).toContain('changed');

    // The same status again (the next poll): nothing recorded, nobody notified.
    const again = await recordStatus(t.ctx, input);
    expect(again.changed).toBe(false);
    expect(await events(s.receiptId)).toHaveLength(1);
    expect(await notes(s.customerId)).toHaveLength(1);
    expect(mails).toHaveLength(1);
  });

  it('two pollers seeing the same change at once record it once', async () => {
    const s = await seed({ areaCode: '86' });
    const input = {
      receiptId: s.receiptId,
      statusCode: 'interview_scheduled' as const,
      statusText: 'Interview Was Scheduled',
      source: 'uscis' as const,
    };
    const rs = await Promise.all([recordStatus(t.ctx, input), recordStatus(t.ctx, input)]);
    expect(rs.filter((r) => r.changed)).toHaveLength(1);
    expect(await events(s.receiptId)).toHaveLength(1);
    expect(await notes(s.customerId)).toHaveLength(1);
  });

  it('a closing status closes the receipt; a +86 owner is written to in Chinese', async () => {
    const s = await seed({ areaCode: '86' });
    const r = await recordStatus(t.ctx, {
      receiptId: s.receiptId,
      statusCode: 'approved',
      statusText: 'Case Was Approved',
      source: 'uscis',
    });
    expect(r).toMatchObject({ changed: true, closed: true });
    expect(await receipt(s.receiptId)).toMatchObject({ status_code: 'approved', closed: true });
    expect((await notes(s.customerId)).map((x) => x.key)).toEqual(['case_status_closed']);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`案件状态更新：${s.receiptNumber}`);
    expect(mails[0]?.text).toContain('不再查询');
    // A later status does not reopen it.
    await recordStatus(t.ctx, {
      receiptId: s.receiptId,
      statusCode: 'card_produced',
      statusText: 'Card Was Mailed To Me',
      source: 'uscis',
    });
    expect(await receipt(s.receiptId)).toMatchObject({ status_code: 'card_produced', closed: true });
  });

  it('a status the customer typed is kept in the history without notifying them', async () => {
    const s = await seed({ areaCode: '1' });
    const r = await recordStatus(t.ctx, {
      receiptId: s.receiptId,
      statusCode: 'fingerprints',
      statusText: 'Biometrics appointment notice came in the mail',
      source: 'manual',
      occurredOn: '2026-11-20',
    });
    expect(r.changed).toBe(true);
    expect(await events(s.receiptId)).toEqual([
      { source: 'manual', status_code: 'fingerprints', notified: false },
    ]);
    expect(await notes(s.customerId)).toEqual([]);
    expect(mails).toEqual([]);
  });

  it('no verified e-mail: the in-app notice only', async () => {
    const s = await seed({ areaCode: '1', verified: false });
    await recordStatus(t.ctx, {
      receiptId: s.receiptId,
      statusCode: 'denied',
      statusText: 'Case Was Denied',
      source: 'uscis',
    });
    expect(await notes(s.customerId)).toHaveLength(1);
    expect(mails).toEqual([]);
  });

  it('the notices exist in both languages (the key is translated when read)', () => {
    const params = {
      receipt_number: 'IOE0912345678',
      form: 'I-140',
      status: 'Case Was Approved',
      due_date: '2027-01-05',
      days: 3,
      kind: 'RFE',
    };
    for (const key of [
      'case_status_changed',
      'case_status_closed',
      'case_status_mail_subject',
      'rfe_reminder_due_30',
      'rfe_reminder_due_14',
      'rfe_reminder_due_3',
      'rfe_reminder_mail_subject',
    ]) {
      const zh = translate('zh', `notifications:${key}`, params);
      const en = translate('en', `notifications:${key}`, params);
      expect(zh).not.toBe(en);
      expect(en).not.toContain(key);
      expect(en).not.toContain('{{');
      expect(zh).not.toContain('{{');
    }
  });

  it('case status off: the scheduler calls nobody and counts nothing', async () => {
    const r = await runStatusPoll(t.ctx, {
      provider: null,
      settings: { perSecond: 10, perDay: 100, tickSeconds: 60, repollSeconds: 3600, timeoutMs: 1000 },
      state: newPollState(),
    });
    expect(r.skipped).toBe('off');
    const u = await t.ctx.db.query('SELECT * FROM case_status_usage');
    expect(u.rows).toEqual([]);
  });
});

describe('RFE reminders', () => {
  it('picks the latest reached threshold, once', () => {
    expect(reminderDue('2027-01-01', '2027-03-01', [])).toBeNull(); // 59 days
    expect(reminderDue('2027-01-30', '2027-03-01', [])).toEqual({ days: 30, markSent: [30] });
    expect(reminderDue('2027-01-31', '2027-03-01', [30])).toBeNull();
    expect(reminderDue('2027-02-27', '2027-03-01', [30])).toEqual({ days: 3, markSent: [30, 14, 3] });
    expect(reminderDue('2027-03-01', '2027-03-01', [30, 14])).toEqual({ days: 3, markSent: [30, 14, 3] });
    expect(reminderDue('2027-03-02', '2027-03-01', [])).toBeNull(); // past due
  });

  it('sends 30, 14 and 3 days before the due date by the customer’s today, each once; a late run only the latest', async () => {
    const s = await seed({ areaCode: '1', timezone: 'Asia/Shanghai' });
    const now = t.clock.now().toISOString();
    const rfe = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO case_rfe (case_id, kind, notice_date, due_date, created_at, updated_at)
       VALUES ($1, 'rfe', '2027-01-01', '2027-03-01', $2::timestamptz, $2::timestamptz) RETURNING id`,
      [s.caseId, now],
    );
    const rfeId = Number(rfe.rows[0]?.id);
    const sentMarks = async () =>
      (
        await t.ctx.db.query<{ r: number[] }>('SELECT reminders_sent AS r FROM case_rfe WHERE id = $1', [
          rfeId,
        ])
      ).rows[0]?.r;
    const mine = async () => (await notes(s.customerId)).filter((x) => x.key.startsWith('rfe_reminder_'));

    t.clock.set(new Date('2027-01-29T12:00:00Z')); // Shanghai 2027-01-29 20:00: 31 days left
    await sendRfeReminders(t.ctx);
    expect(await mine()).toEqual([]);
    t.clock.set(new Date('2027-01-29T16:30:00Z')); // Shanghai 2027-01-30 00:30: 30 days left (UTC still the 29th)
    await sendRfeReminders(t.ctx);
    await sendRfeReminders(t.ctx);
    expect((await mine()).map((x) => x.key)).toEqual(['rfe_reminder_due_30']);
    expect(await sentMarks()).toEqual([30]);
    expect(mails.filter((m) => m.to === s.email).map((m) => m.subject)).toEqual([
      'Reminder: RFE response due 2027-03-01',
    ]);

    // The job did not run for a month: the late run sends only the 3-day reminder, and counts the 14-day one as sent.
    t.clock.set(new Date('2027-02-26T20:00:00Z')); // Shanghai 2027-02-27: 2 days left
    await Promise.all([sendRfeReminders(t.ctx), sendRfeReminders(t.ctx)]);
    await sendRfeReminders(t.ctx);
    expect((await mine()).map((x) => x.key)).toEqual(['rfe_reminder_due_30', 'rfe_reminder_due_3']);
    expect(await sentMarks()).toEqual([30, 14, 3]);
    expect((await mine())[1]?.params).toEqual({ due_date: '2027-03-01', days: 3, kind: 'RFE' });

    // A responded RFE is not reminded.
    const other = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO case_rfe (case_id, kind, notice_date, due_date, status, created_at, updated_at)
       VALUES ($1, 'noid', '2027-01-20', '2027-03-10', 'responded', $2::timestamptz, $2::timestamptz) RETURNING id`,
      [s.caseId, now],
    );
    expect(Number(other.rows[0]?.id)).toBeGreaterThan(rfeId);
    t.clock.set(new Date('2027-03-05T00:00:00Z'));
    expect(await sendRfeReminders(t.ctx)).toBe(0);
    expect(await mine()).toHaveLength(2);
  });
});

describe('SMS notices (SMS_FILING_NOTICES)', () => {
  const texts: SmsText[] = [];
  const textSms: SmsProvider = {
    name: 'recording',
    supports: (areaCode) => areaCode !== '86',
    async send() {},
    async sendText(m) {
      texts.push(m);
    },
  };
  const input = (receiptId: number) => ({
    receiptId,
    statusCode: 'approved' as const,
    statusText: 'Case Was Approved',
    statusDescription: null,
    source: 'uscis' as const,
    occurredOn: '2026-12-02',
  });

  it('off by default: no SMS; on: one SMS per change in the owner’s language, none where the provider cannot send', async () => {
    const sms = t.ctx.sms;
    const flag = t.ctx.config.sms.filingNotices;
    t.ctx.sms = textSms;
    try {
      const quiet = await seed({ areaCode: '1' });
      await recordStatus(t.ctx, input(quiet.receiptId));
      expect(texts).toEqual([]);

      t.ctx.config.sms.filingNotices = true;
      const us = await seed({ areaCode: '1' });
      await recordStatus(t.ctx, input(us.receiptId));
      await recordStatus(t.ctx, input(us.receiptId)); // the same status again: no change, no second SMS
      const [phone] = (
        await t.ctx.db.query<{ phone: string }>('SELECT phone FROM customer WHERE id = $1', [us.customerId])
      ).rows;
      expect(texts).toEqual([
        {
          areaCode: '1',
          phone: phone!.phone,
          text: translate('en', 'notifications:case_status_closed', {
            receipt_number: us.receiptNumber,
            form: 'I-140',
            status: 'Case Was Approved',
            code: 'approved',
          }),
        },
      ]);
      expect(texts[0]!.text).toContain(us.receiptNumber);

      // +86 goes through a provider without free text (Aliyun's templates): in-app and e-mail only.
      const cn = await seed({ areaCode: '86' });
      await recordStatus(t.ctx, input(cn.receiptId));
      expect(texts).toHaveLength(1);
      expect(await notes(cn.customerId)).toHaveLength(1);
    } finally {
      t.ctx.sms = sms;
      t.ctx.config.sms.filingNotices = flag;
    }
  });
});
