/**
 * The case summary kept per case between changes (decision 0042): it is computed again after any committed
 * change to a row it depends on — whatever path wrote it, the API or plain SQL — and never otherwise.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseBodyCounts, FINGERPRINTED } from '../src/modules/case/case-summary-cache.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { caseBuilder } from './case-builder.ts';
import { type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());
const b = caseBuilder(() => t);

/** Read on every call rather than kept: the session, the case row and the entitlement gate. */
const READ_EVERY_CALL = new Set(['customer_session', 'customer', 'workbench_case', 'entitlement', 'project']);

/** A case with a row in every table the summary reads. */
async function fullCase(project: 'USA_EB1A' | 'USA_NIW'): Promise<Owner> {
  const o = await owner(t, project, ['REVIEW']);
  // The review's task row appears on the first read of the tasks.
  const tasks = await injectAs(t, 'GET', `/api/customer/task/?project_code=${project}`, { user: o.user });
  expect(tasks.statusCode, tasks.body).toBe(200);
  if (project === 'USA_NIW') {
    const version = (await b.summary(o)).settings.version;
    const r = await onCase(t, o)('PATCH', 'settings/', { version, payment_method: 'G-1650' });
    expect(r.statusCode, r.body).toBe(200);
  }
  await b.complete(o);
  await b.planAttachment(o, 'Offer');
  const s = await onCase(t, o)('POST', 'submit_stage/', { stage: 'forms' });
  expect(s.statusCode, s.body).toBe(200);
  const p = await onCase(t, o)('PATCH', 'preferences/', { form_instructions_hidden: true });
  expect(p.statusCode, p.body).toBe(200);
  // What the case review reads (decision 0074): an exhibit order, a finding marked intended, an upload's page
  // text, a letter's cited folder.
  const db = t.ctx.db;
  await db.query(
    `insert into exhibit_order (case_id, mode, sequence, version, updated_at) values ($1, 'criterion', '[]', 1, now())
     on conflict (case_id) do nothing`,
    [o.caseId],
  );
  await db.query(`insert into review_intended (case_id, key, created_at) values ($1, 'test:key', now())`, [
    o.caseId,
  ]);
  await db.query(
    `insert into upload_page_text (upload_id, pages, created_at)
     select u.id, '["page one"]'::jsonb, now() from upload u
     where u.customer_id = (select customer_id from workbench_case where id = $1) limit 1`,
    [o.caseId],
  );
  await db.query(
    `insert into letter_evidence (letter_id, folder_id)
     select l.id, f.id from recommendation_letter l, evidence_folder f where l.case_id = $1 and f.case_id = $1 limit 1`,
    [o.caseId],
  );
  return o;
}

/** The statements `run` sends to the database, on either backend. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const text = (q: unknown) => (typeof q === 'string' ? q : (q as { text: string }).text);
  const restore: Array<() => void> = [];
  const wrap = (target: { query: (...a: never[]) => unknown }) => {
    const original = target.query;
    target.query = function (this: unknown, q: never, ...rest: never[]) {
      seen.push(text(q));
      return original.call(this, q, ...rest);
    } as typeof original;
    restore.push(() => {
      target.query = original;
    });
  };
  const lite = t.ctx.db.pglite;
  if (lite) wrap(lite as never);
  else {
    const pg = createRequire(import.meta.url)('pg');
    wrap(pg.Pool.prototype);
    wrap(pg.Client.prototype);
  }
  try {
    await run();
  } finally {
    for (const r of restore) r();
  }
  return seen;
}

const get = async (o: Owner) => {
  const r = await onCase(t, o)('GET', '');
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

describe('case summary kept between changes', () => {
  it.each(['USA_EB1A', 'USA_NIW'] as const)(
    '%s: every table a summary reads is fingerprinted',
    async (project) => {
      const o = await fullCase(project);
      const before = caseBodyCounts(t.ctx).misses;
      const sqls = await statementsOf(() => get(o));
      expect(caseBodyCounts(t.ctx).misses).toBe(before + 1);
      const tables = new Set(
        sqls.flatMap((q) => [...q.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)].map((m) => m[1]!)),
      );
      const missing = [...tables].filter((x) => !(x in FINGERPRINTED) && !READ_EVERY_CALL.has(x));
      expect(missing).toEqual([]);
      for (const table of Object.keys(FINGERPRINTED)) expect(tables).toContain(table);
    },
  );

  it('answers from the kept body until a row it depends on changes, through any path', async () => {
    // NIW: its cases have a row in every table the summary reads (the signed ETA-9089 is NIW's only).
    const o = await fullCase('USA_NIW');
    const other = await fullCase('USA_NIW');
    const first = await get(o);
    const c = caseBodyCounts(t.ctx);
    const hits = c.hits;
    expect(await get(o)).toEqual(first);
    expect(c.hits).toBe(hits + 1);

    /** An update that leaves every value as it was, of the rows of `table` the case `caseId` depends on. */
    const touch = async (table: string, caseId: number) => {
      const { rows } = await t.ctx.db.query<{ c: string }>(
        'select column_name as c from information_schema.columns where table_name = $1 order by ordinal_position limit 1',
        [table],
      );
      const col = rows[0]!.c;
      const r = await t.ctx.db.query(
        `update ${table} t set ${col} = t.${col} from workbench_case where workbench_case.id = $1 and ${FINGERPRINTED[table]} returning 1 as one`,
        [caseId],
      );
      return r.rows.length;
    };
    for (const [table, where] of Object.entries(FINGERPRINTED)) {
      // Another customer's case and rights do not matter to this one.
      if (where !== 'true') {
        await touch(table, other.caseId);
        const hit = c.hits;
        expect(await get(o), table).toEqual(first);
        expect(c.hits, `${table}: another customer's change`).toBe(hit + 1);
      }
      // A change that leaves every value as it was still writes a new row version: computed again.
      expect(await touch(table, o.caseId), `${table}: rows of the case`).toBeGreaterThan(0);
      const miss = c.misses;
      expect(await get(o), table).toEqual(first);
      expect(c.misses, `${table}: a changed row`).toBe(miss + 1);
    }
  });

  it('follows a change of content at once (a row deleted in SQL, a setting)', async () => {
    const o = await fullCase('USA_EB1A');
    const first = await get(o);
    expect(first.evidence_counts.files).toBeGreaterThan(0);
    // The upload check writes a file's text after the file is attached, on the upload row alone: a text that is
    // not English, without a translation, holds the evidence stage back at once (decision 0057).
    const evidence = (s: { stages: Array<{ key: string; progress: { total: number } }> }) =>
      s.stages.find((x) => x.key === 'evidence')!.progress.total;
    await t.ctx.db.query(
      `update upload set text_sample = $2 where id in
         (select original_upload_id from evidence_file where case_id = $1 and translation_upload_id is null)`,
      [
        o.caseId,
        '本人担任国际学术期刊的审稿人，负责评审该领域研究人员提交的论文，并提出修改意见。'.repeat(3),
      ],
    );
    expect(evidence(await get(o))).toBeGreaterThan(evidence(first));
    await t.ctx.db.query('delete from evidence_file where case_id = $1', [o.caseId]);
    expect((await get(o)).evidence_counts.files).toBe(0);
    const s = await onCase(t, o)('PATCH', 'settings/', {
      version: first.settings.version,
      premium_processing: !first.settings.premium_processing,
      payment_method: first.settings.payment_method,
    });
    expect(s.statusCode, s.body).toBe(200);
    expect((await get(o)).settings.premium_processing).toBe(!first.settings.premium_processing);
    // A right that ends turns the rights panel by the clock alone, with no row changing.
    const soon = new Date(t.clock.now().getTime() + 60_000);
    await t.ctx.db.query(
      `update entitlement set expires_at = $2 where service = 'REVIEW'
         and customer_id = (select customer_id from workbench_case where id = $1)`,
      [o.caseId, soon],
    );
    const review = (s: { rights: Array<{ service: string; status: string }> }) =>
      s.rights.find((r) => r.service === 'REVIEW')?.status;
    expect(review(await get(o))).toBe('active');
    const hits = caseBodyCounts(t.ctx).hits;
    expect(review(await get(o))).toBe('active');
    expect(caseBodyCounts(t.ctx).hits).toBe(hits + 1);
    t.clock.advance(120_000);
    expect(review(await get(o))).toBe('expired');
  });
});
