import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_STATUS_POLL_JOB, caseStatusCron } from '../src/jobs/case-status-poll.job.ts';
import { startWorkers } from '../src/jobs/register.ts';
import { mapStatusTitle } from '../src/modules/filing/status-map.ts';
import {
  backoffMs,
  newPollState,
  nextStartAt,
  type PollSettings,
  perRunSlot,
  runAllowance,
  runStatusPoll,
} from '../src/modules/filing/status-poll.ts';
import {
  CaseStatusError,
  type CaseStatusProvider,
  type CaseStatusResult,
} from '../src/providers/case-status/case-status.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/**
 * The case status scheduler (issue 32 acceptance, decision 0079), in simulated time: 10,000 active receipts of
 * 2,000 customers (one of them holds 500) polled for three UTC days by the real poller on the real database, the
 * provider a scripted in-process one that records the (simulated) time of every call.
 */

const SETTINGS: PollSettings = {
  perSecond: 10,
  perDay: 12_000,
  tickSeconds: 600,
  repollSeconds: 18 * 3600,
  timeoutMs: 2_000,
  notFoundRetrySeconds: 3 * 86_400,
  backoffBaseSeconds: 300,
  backoffMaxSeconds: 6 * 3600,
  failuresToPause: 3,
};
const START = Date.parse('2026-12-01T00:00:00Z');
const DAY = 86_400_000;
const CHANGE_AT = START + DAY + 12 * 3600_000; // day 2, 12:00 UTC
const RATE_LIMIT_AT = START + DAY + 6 * 3600_000; // day 2, 06:00 UTC
const RETRY_AFTER_MS = 45 * 60_000;

const num = (receipt: string) => Number(receipt.slice(3));
/** Receipt numbers IOE0000000001…: which ones the script treats specially. */
const isUnknown = (n: number) => n <= 10_000 && n % 1000 === 13; // USCIS answers 404
const isFlaky = (n: number) => n <= 10_000 && n % 1000 === 77; // the first call answers 503
const turnsRfe = (n: number) => n <= 10_000 && n % 20 === 0 && !isUnknown(n);
const turnsApproved = (n: number) => n <= 10_000 && n % 50 === 1 && !isUnknown(n);

class ScriptedProvider implements CaseStatusProvider {
  readonly name = 'console' as const;
  readonly calls: Array<{ n: number; t: number }> = [];
  rateLimitedAt: number | null = null;
  private flaked = new Set<number>();
  constructor(private readonly now: () => number) {}
  async status(receiptNumber: string): Promise<CaseStatusResult> {
    const t = this.now();
    const n = num(receiptNumber);
    this.calls.push({ n, t });
    if (this.rateLimitedAt === null && t >= RATE_LIMIT_AT) {
      this.rateLimitedAt = t;
      throw new CaseStatusError('console', 'rate_limited', 'slow down', RETRY_AFTER_MS, 429);
    }
    if (isUnknown(n)) throw new CaseStatusError('console', 'not_found', 'unknown receipt', null, 404);
    if (isFlaky(n) && !this.flaked.has(n)) {
      this.flaked.add(n);
      throw new CaseStatusError('console', 'unavailable', 'try later', null, 503);
    }
    let title = 'Case Was Received';
    if (t >= CHANGE_AT && turnsApproved(n)) title = 'Case Was Approved';
    else if (t >= CHANGE_AT && turnsRfe(n)) title = 'Request for Evidence Was Sent';
    return { receiptNumber, formType: 'I-140', title, description: null, modifiedOn: null, history: [] };
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('planner (pure)', () => {
  it('maps USCIS titles to status codes, the specific before the general', () => {
    expect(mapStatusTitle('Case Was Received')).toBe('received');
    expect(mapStatusTitle('Case Was Approved')).toBe('approved');
    expect(mapStatusTitle('Request for Evidence Was Sent')).toBe('rfe_sent');
    expect(mapStatusTitle("Response To USCIS' Request For Evidence Was Received")).toBe(
      'rfe_response_received',
    );
    expect(mapStatusTitle('Card Was Mailed To Me')).toBe('card_produced');
    expect(mapStatusTitle('Interview Was Scheduled')).toBe('interview_scheduled');
    expect(mapStatusTitle('Fingerprint Fee Was Received')).toBe('fingerprints');
    expect(mapStatusTitle('Case Was Transferred And A New Office Has Jurisdiction')).toBe('transferred');
    expect(mapStatusTitle('Case Was Denied')).toBe('denied');
    expect(mapStatusTitle('Withdrawal Acknowledgement Notice Was Sent')).toBe('withdrawn');
    expect(mapStatusTitle('Case Rejected Because I Sent An Incorrect Fee')).toBe('rejected');
    expect(mapStatusTitle('Something New')).toBe('other');
  });

  it('paces the day: one slot per run, the cumulative pace, the quota', () => {
    const s = SETTINGS;
    expect(perRunSlot(s)).toBe(84);
    expect(runAllowance(s, new Date(START), 0)).toBe(83); // floor(12000·600/86400)
    expect(runAllowance(s, new Date(START + 3600_000), 0)).toBe(84); // no catch-up burst after an idle hour
    expect(runAllowance(s, new Date(START + 3600_000), 580)).toBe(3); // ahead of the pace
    expect(runAllowance(s, new Date(START + DAY - 600_000), 11_990)).toBe(10);
    expect(runAllowance(s, new Date(START + DAY - 600_000), 12_000)).toBe(0);
    expect(runAllowance({ ...s, perSecond: 1, tickSeconds: 30 }, new Date(START + 7200_000), 0)).toBe(5);
  });

  it('starts at most perSecond calls in any 1 s window', () => {
    const starts = [1000, 1000, 1200];
    expect(nextStartAt(starts, 3, 1500)).toBe(2000);
    expect(nextStartAt(starts, 3, 2000)).toBe(2000);
    expect(starts).toEqual([1200]);
  });

  it('backs off exponentially, capped, with jitter', () => {
    expect(backoffMs(SETTINGS, 1, () => 0.5)).toBe(300_000);
    expect(backoffMs(SETTINGS, 3, () => 0.5)).toBe(1_200_000);
    expect(backoffMs(SETTINGS, 40, () => 0.5)).toBe(6 * 3600_000);
    expect(backoffMs(SETTINGS, 1, () => 0)).toBe(240_000);
    expect(backoffMs(SETTINGS, 1, () => 0.999999)).toBeLessThanOrEqual(360_000);
  });

  it('runs on a cron when the tick is whole minutes dividing the hour, else chains itself', () => {
    expect(caseStatusCron(60)).toBe('* * * * *');
    expect(caseStatusCron(600)).toBe('*/10 * * * *');
    expect(caseStatusCron(3600)).toBe('0 * * * *');
    expect(caseStatusCron(5)).toBeNull();
    expect(caseStatusCron(420)).toBeNull();
  });
});

describe('scheduler, three simulated days', () => {
  it('keeps the quotas, polls every receipt daily, notifies each change once, pauses on 429, skips closed', async () => {
    const db = t.ctx.db;
    const now = new Date(START).toISOString();
    t.clock.set(new Date(START));
    const project = await db.query<{ id: number }>('SELECT id FROM project ORDER BY id LIMIT 1');
    const projectId = Number(project.rows[0]?.id);
    expect(projectId).toBeGreaterThan(0);
    // 2,000 customers with active receipts + 10 whose receipts are closed (5 by stage, 5 by the receipt).
    await db.query(
      `INSERT INTO customer (area_code, phone, created_at)
       SELECT CASE WHEN g % 2 = 0 THEN '86' ELSE '1' END, '15' || lpad(g::text, 9, '0'), $1::timestamptz
         FROM generate_series(1, 2010) g`,
      [now],
    );
    await db.query(
      `INSERT INTO workbench_case (customer_id, project_id, created_at, updated_at)
       SELECT c.id, $1::int, $2::timestamptz, $2::timestamptz FROM customer c WHERE c.phone LIKE '15%'`,
      [projectId, now],
    );
    await db.query(
      `INSERT INTO case_filing (case_id, stage, mailed_on, created_at, updated_at)
       SELECT w.id, CASE WHEN right(c.phone, 4)::int BETWEEN 2001 AND 2005 THEN 'approved' ELSE 'receipted' END,
              '2026-10-01', $1::timestamptz, $1::timestamptz
         FROM workbench_case w JOIN customer c ON c.id = w.customer_id WHERE c.phone LIKE '15%'`,
      [now],
    );
    // Receipt g ≤ 10,000: g ≤ 500 belong to customer 1, the rest round the other 1,999; 10,001… are closed ones.
    await db.query(
      `INSERT INTO filing_receipt (case_id, form, receipt_number, notice_date, status_code, status_text,
                                   status_source, closed, created_at, updated_at)
       SELECT w.id, 'I-140', 'IOE' || lpad(g::text, 10, '0'), '2026-10-10', 'received', 'Case Was Received', 'uscis',
              g > 10005, $1::timestamptz, $1::timestamptz
         FROM generate_series(1, 10010) g
         JOIN customer c ON c.phone = '15' || lpad((CASE WHEN g <= 500 THEN 1
                                                        WHEN g <= 10000 THEN 2 + (g - 501) % 1999
                                                        ELSE 2000 + (g - 10000) END)::text, 9, '0')
         JOIN workbench_case w ON w.customer_id = c.id`,
      [now],
    );
    const seeded = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM filing_receipt');
    expect(Number(seeded.rows[0]?.n)).toBe(10_010);

    const provider = new ScriptedProvider(() => t.clock.now().getTime());
    const state = newPollState();
    const sleep = async (ms: number) => t.clock.advance(ms);
    const runs = (3 * DAY) / (SETTINGS.tickSeconds * 1000);
    let firstRunCalls = 0;
    let pausedRuns = 0;
    for (let k = 0; k < runs; k++) {
      t.clock.set(new Date(START + k * SETTINGS.tickSeconds * 1000));
      const r = await runStatusPoll(t.ctx, { provider, settings: SETTINGS, state, sleep, random: () => 0.5 });
      if (k === 0) firstRunCalls = r.calls;
      if (r.skipped === 'paused') pausedRuns++;
    }
    const calls = provider.calls;
    const times = calls.map((c) => c.t).sort((a, b) => a - b);

    // Fair: the first run asked about one receipt of as many customers as it could (customer 1 holds 500).
    const firstRun = calls.slice(0, firstRunCalls);
    expect(firstRunCalls).toBe(83);
    expect(new Set(firstRun.map((c) => (c.n <= 500 ? 1 : 2 + ((c.n - 501) % 1999)))).size).toBe(83);

    // Never more than perDay in a UTC day; the usage table counted exactly the calls made.
    const usage = await db.query<{ day: string; calls: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, calls FROM case_status_usage ORDER BY day`,
    );
    for (let d = 0; d < 3; d++) {
      const day = new Date(START + d * DAY).toISOString().slice(0, 10);
      const made = times.filter((x) => x >= START + d * DAY && x < START + (d + 1) * DAY).length;
      expect(made).toBeLessThanOrEqual(SETTINGS.perDay);
      expect(made).toBeGreaterThan(10_000);
      expect(Number(usage.rows.find((u) => u.day === day)?.calls)).toBe(made);
    }
    // Rolling 24 h: at most perDay + one run's slot (decision 0079).
    let rolling = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while ((times[j] as number) < (times[i] as number) - DAY + 1) j++;
      rolling = Math.max(rolling, i - j + 1);
    }
    expect(rolling).toBeLessThanOrEqual(SETTINGS.perDay + perRunSlot(SETTINGS));
    // Never more than perSecond calls started in any 1 s window.
    let perSecondMax = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while ((times[j] as number) <= (times[i] as number) - 1000) j++;
      perSecondMax = Math.max(perSecondMax, i - j + 1);
    }
    expect(perSecondMax).toBeLessThanOrEqual(SETTINGS.perSecond);
    expect(perSecondMax).toBe(SETTINGS.perSecond);

    // Every active receipt (but the numbers USCIS does not know) asked at least once each UTC day.
    for (let d = 0; d < 3; d++) {
      const seen = new Set(
        calls.filter((c) => c.t >= START + d * DAY && c.t < START + (d + 1) * DAY).map((c) => c.n),
      );
      const missing: number[] = [];
      for (let n = 1; n <= 10_000; n++) {
        if (isUnknown(n)) continue;
        if (turnsApproved(n) && d === 2) continue; // closed on day 2
        if (!seen.has(n)) missing.push(n);
      }
      expect(missing, `day ${d + 1}`).toEqual([]);
    }

    // 404: asked once, then left for notFoundRetrySeconds, the error on the receipt.
    for (let n = 13; n <= 10_000; n += 1000) expect(calls.filter((c) => c.n === n).length).toBe(1);
    const unknown = await db.query<{ e: string; n: number }>(
      `SELECT last_poll_error AS e, count(*)::int AS n FROM filing_receipt
        WHERE receipt_number IN (${Array.from({ length: 10 }, (_, i) => `'IOE${String(i * 1000 + 13).padStart(10, '0')}'`).join(',')})
        GROUP BY 1`,
    );
    expect(unknown.rows).toEqual([{ e: 'not_found', n: 10 }]);
    // 503 once: retried after the backoff, before the repoll interval (the day-1 backlog, due earlier, goes first),
    // failures cleared by the answer.
    for (let n = 77; n <= 10_000; n += 1000) {
      const mine = calls.filter((c) => c.n === n).map((c) => c.t);
      expect(mine.length).toBeGreaterThanOrEqual(4);
      const gap = (mine[1] as number) - (mine[0] as number);
      expect(gap).toBeGreaterThanOrEqual(300_000);
      expect(gap).toBeLessThan(SETTINGS.repollSeconds * 1000);
    }
    const flaky = await db.query<{ f: number; e: string | null }>(
      `SELECT max(poll_failures)::int AS f, max(last_poll_error) AS e FROM filing_receipt WHERE receipt_number LIKE '%077'`,
    );
    expect(flaky.rows[0]).toEqual({ f: 0, e: null });

    // 429: nothing called until Retry-After has passed; then calls resume.
    const limitedAt = provider.rateLimitedAt as number;
    expect(limitedAt).toBeGreaterThanOrEqual(RATE_LIMIT_AT);
    expect(times.filter((x) => x > limitedAt && x < limitedAt + RETRY_AFTER_MS)).toEqual([]);
    expect(
      times.some((x) => x >= limitedAt + RETRY_AFTER_MS && x < limitedAt + RETRY_AFTER_MS + 3600_000),
    ).toBe(true);
    expect(pausedRuns).toBeGreaterThanOrEqual(4);

    // Closed receipts and cases of a closed stage: never called. Approved on day 2: never called after that answer.
    expect(calls.filter((c) => c.n > 10_000)).toEqual([]);
    const closedStage = await db.query<{ n: string }>(
      `SELECT r.receipt_number AS n FROM filing_receipt r JOIN case_filing f ON f.case_id = r.case_id WHERE f.stage = 'approved'`,
    );
    const closedStageNums = new Set(closedStage.rows.map((r) => num(r.n)));
    expect(closedStageNums.size).toBeGreaterThan(0);
    expect(calls.filter((c) => closedStageNums.has(c.n))).toEqual([]);
    let approvedCount = 0;
    for (let n = 1; n <= 10_000; n++) {
      if (!turnsApproved(n)) continue;
      approvedCount++;
      const after = calls.filter((c) => c.n === n && c.t >= CHANGE_AT);
      expect(after.length, `receipt ${n}`).toBe(1);
    }
    const closedNow = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM filing_receipt WHERE closed AND status_code = 'approved'`,
    );
    expect(Number(closedNow.rows[0]?.n)).toBe(approvedCount);

    // Every status change notified to its owner exactly once; nobody else notified.
    const notes = await db.query<{ r: string; key: string; n: number; owner_ok: boolean }>(
      `SELECT n.params->>'receipt_number' AS r, n.key, count(*)::int AS n,
              bool_and(EXISTS (SELECT 1 FROM filing_receipt fr JOIN workbench_case w ON w.id = fr.case_id
                                WHERE fr.receipt_number = n.params->>'receipt_number' AND w.customer_id = n.customer_id)) AS owner_ok
         FROM notification n WHERE n.key LIKE 'case_status_%' GROUP BY 1, 2`,
    );
    const expected = new Map<string, string>();
    for (let n = 1; n <= 10_000; n++) {
      const r = `IOE${String(n).padStart(10, '0')}`;
      if (turnsApproved(n)) expected.set(r, 'case_status_closed');
      else if (turnsRfe(n)) expected.set(r, 'case_status_changed');
    }
    expect(notes.rows.length).toBe(expected.size);
    for (const row of notes.rows) {
      expect(row.n, row.r).toBe(1);
      expect(row.owner_ok).toBe(true);
      expect(expected.get(row.r), row.r).toBe(row.key);
    }
    const events = await db.query<{ n: number; m: number }>(
      `SELECT count(*)::int AS n, count(notified_at)::int AS m FROM filing_status_event`,
    );
    expect(events.rows[0]).toEqual({ n: expected.size, m: expected.size });
    console.info(
      `case status: ${calls.length} calls in 3 days, max ${perSecondMax}/s, rolling 24 h max ${rolling}, ${expected.size} changes`,
    );
  }, 300_000);
});

describe('the job, wired', () => {
  it('a worker with case status on chains its runs every tick, asks about a receipt and records the change once', async () => {
    let calls = 0;
    const provider: CaseStatusProvider = {
      name: 'console',
      async status(receiptNumber) {
        calls++;
        return {
          receiptNumber,
          formType: 'I-140',
          title: 'Case Was Approved',
          description: null,
          modifiedOn: null,
          history: [],
        };
      },
    };
    const w = await buildTestApp({
      worker: true,
      caseStatus: provider,
      config: {
        caseStatus: {
          provider: 'console',
          torch: { env: 'sandbox', baseUrl: '', clientId: '', clientSecret: '' },
          timeoutMs: 2_000,
          perSecond: 10,
          perDay: 100_000,
          tickSeconds: 1,
          repollSeconds: 3_600,
        },
      },
    });
    try {
      const now = w.clock.now().toISOString();
      const c = await w.ctx.db.query<{ id: number }>(
        `INSERT INTO customer (area_code, phone, created_at) VALUES ('1', '2025550123', $1::timestamptz) RETURNING id`,
        [now],
      );
      const customerId = Number(c.rows[0]?.id);
      await w.ctx.db.query(
        `WITH k AS (INSERT INTO workbench_case (customer_id, project_id, created_at, updated_at)
                    VALUES ($1, (SELECT id FROM project ORDER BY id LIMIT 1), $2::timestamptz, $2::timestamptz) RETURNING id)
         INSERT INTO filing_receipt (case_id, form, receipt_number, created_at, updated_at)
         SELECT k.id, 'I-140', 'WAC2612345678', $2::timestamptz, $2::timestamptz FROM k`,
        [customerId, now],
      );
      await w.ctx.jobs.start();
      await startWorkers(w.ctx);
      expect((await w.ctx.jobs.getSchedules()).find((x) => x.name === CASE_STATUS_POLL_JOB)).toBeUndefined();
      const until = Date.now() + 30_000;
      let notes = 0;
      while (Date.now() < until && notes === 0) {
        await new Promise((r) => setTimeout(r, 250));
        const n = await w.ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM notification WHERE customer_id = $1 AND key = 'case_status_closed'`,
          [customerId],
        );
        notes = Number(n.rows[0]?.n);
      }
      expect(notes).toBe(1);
      // The chain goes on (a run queued for the next tick) without asking again: the receipt is closed.
      await new Promise((r) => setTimeout(r, 2_500));
      const queued = await w.ctx.jobs.getQueueSize(CASE_STATUS_POLL_JOB, { before: 'completed' });
      expect(queued).toBeGreaterThanOrEqual(1);
      expect(calls).toBe(1);
    } finally {
      await w.ctx.jobs.stop({ graceful: true, wait: true, close: false, timeout: 5000 });
      await w.close();
    }
  }, 60_000);
});
