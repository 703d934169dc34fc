import type { Database } from '../../db/client.ts';

/**
 * The status poller's reads and writes (decision 0079), in plain SQL that runs on PostgreSQL 15 and PGlite: the
 * due receipts in fair order, the daily quota reserved atomically, and one statement for a whole run's results.
 */

export interface DueReceipt {
  id: number;
  customerId: number;
  receiptNumber: string;
  statusCode: string | null;
  statusText: string | null;
  pollFailures: number;
}

/**
 * Receipts to ask about now, at most `limit`: not closed, due (`next_poll_at` unset or passed), not answered within
 * `minGapMs` (the repoll interval), of a case whose stage is not approved/denied/withdrawn. Fair across customers
 * without starving anyone: receipts are taken by the hour they fell due (the longest waiting first, so every receipt
 * is reached), and within one hour round-robin over customers — each customer's receipts ranked, every customer's
 * first before anyone's second — so one customer's 500 receipts due together do not push the others back.
 */
export async function dueReceipts(
  db: Database,
  now: Date,
  minGapMs: number,
  limit: number,
): Promise<DueReceipt[]> {
  if (limit <= 0) return [];
  const r = await db.query<{
    id: number;
    customer_id: number;
    receipt_number: string;
    status_code: string | null;
    status_text: string | null;
    poll_failures: number;
  }>(
    `SELECT id, customer_id, receipt_number, status_code, status_text, poll_failures FROM (
       SELECT r.id, c.customer_id, r.receipt_number, r.status_code, r.status_text, r.poll_failures, r.last_polled_at,
              b.due_hour,
              row_number() OVER (PARTITION BY c.customer_id, b.due_hour
                                 ORDER BY r.last_polled_at ASC NULLS FIRST, r.id) AS rn
         FROM filing_receipt r
        CROSS JOIN LATERAL (
              SELECT floor(extract(epoch FROM COALESCE(r.next_poll_at, r.created_at)) / 3600) AS due_hour) b
         JOIN workbench_case c ON c.id = r.case_id
         LEFT JOIN case_filing f ON f.case_id = r.case_id
        WHERE NOT r.closed
          AND (r.next_poll_at IS NULL OR r.next_poll_at <= $1::timestamptz)
          AND (r.last_polled_at IS NULL OR r.last_polled_at <= $2::timestamptz)
          AND (f.stage IS NULL OR f.stage NOT IN ('approved', 'denied', 'withdrawn'))
     ) q
     ORDER BY due_hour, rn, last_polled_at ASC NULLS FIRST, id
     LIMIT $3`,
    [now.toISOString(), new Date(now.getTime() - minGapMs).toISOString(), limit],
  );
  return r.rows.map((x) => ({
    id: Number(x.id),
    customerId: Number(x.customer_id),
    receiptNumber: x.receipt_number,
    statusCode: x.status_code,
    statusText: x.status_text,
    pollFailures: Number(x.poll_failures),
  }));
}

/** Calls counted for a UTC day (yyyy-mm-dd). */
export async function usedOn(db: Database, day: string): Promise<number> {
  const r = await db.query<{ calls: number }>('SELECT calls FROM case_status_usage WHERE day = $1::date', [
    day,
  ]);
  return Number(r.rows[0]?.calls ?? 0);
}

/**
 * Reserves up to `want` calls of the day's quota `perDay`, atomically (the row is locked by the UPDATE, so two
 * processes never together take more than the quota). Returns how many were granted (0…want).
 */
export async function reserveCalls(
  db: Database,
  day: string,
  want: number,
  perDay: number,
  now: Date,
): Promise<number> {
  if (want <= 0) return 0;
  await db.query(
    `INSERT INTO case_status_usage (day, calls, updated_at) VALUES ($1::date, 0, $2::timestamptz)
     ON CONFLICT (day) DO NOTHING`,
    [day, now.toISOString()],
  );
  const r = await db.query<{ granted: number }>(
    `WITH old AS (SELECT calls FROM case_status_usage WHERE day = $1::date FOR UPDATE)
     UPDATE case_status_usage u
        SET calls = LEAST(u.calls + $2::int, GREATEST(u.calls, $3::int)), updated_at = $4::timestamptz
       FROM old
      WHERE u.day = $1::date
  RETURNING u.calls - old.calls AS granted`,
    [day, want, perDay, now.toISOString()],
  );
  return Math.max(0, Number(r.rows[0]?.granted ?? 0));
}

/** Gives back reserved calls that were not made (the run stopped on a 429 or a run of failures). */
export async function releaseCalls(db: Database, day: string, n: number): Promise<void> {
  if (n <= 0) return;
  await db.query('UPDATE case_status_usage SET calls = GREATEST(0, calls - $2::int) WHERE day = $1::date', [
    day,
    n,
  ]);
}

export interface PollWrite {
  id: number;
  /** Set when USCIS answered (a status or a 404); null keeps the last answer's time. */
  polledAt: string | null;
  nextPollAt: string;
  failures: number;
  error: string | null;
}

/** A run's poll bookkeeping in one statement. */
export async function writePolls(db: Database, rows: PollWrite[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE filing_receipt r
        SET last_polled_at = COALESCE(v.polled_at, r.last_polled_at),
            next_poll_at = v.next_poll_at,
            poll_failures = v.failures,
            last_poll_error = v.error,
            updated_at = $2::timestamptz
       FROM jsonb_to_recordset($1::jsonb) AS v(id int, polled_at timestamptz, next_poll_at timestamptz, failures int, error text)
      WHERE r.id = v.id`,
    [
      JSON.stringify(
        rows.map((w) => ({
          id: w.id,
          polled_at: w.polledAt,
          next_poll_at: w.nextPollAt,
          failures: w.failures,
          error: w.error,
        })),
      ),
      now.toISOString(),
    ],
  );
}
