import type { Locale, ProjectCode, TCaseSummary } from '@dossier/contract';
import { and, eq, sql } from 'drizzle-orm';
import { objectId } from '../../cache/object-id.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { project, workbenchCase } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { HeldService } from '../shop/rights.service.ts';
import type { CaseRow } from './case.service.ts';

/** The summary without the caller's access, which the entitlement gate works out on every call. */
export type CaseBody = Omit<TCaseSummary, 'access'>;

const CASE = '"workbench_case"';
const OF_CASE = `t.case_id = ${CASE}.id`;
const OF_CUSTOMER = `t.customer_id = ${CASE}.customer_id`;
/**
 * Every table the body is computed from, with the rows of it this case depends on, as a condition on the case
 * row (decision 0042). The case row itself is not here: the caller holds it as read, and it is part of the key.
 * `summary-cache.test.ts` records the statements a summary runs and fails when one reads a table missing here.
 */
export const FINGERPRINTED: Readonly<Record<string, string>> = {
  immigration_data: OF_CASE,
  stage_submission: OF_CASE,
  evidence_criteria: OF_CASE,
  evidence_folder: OF_CASE,
  evidence_file: OF_CASE,
  recommendation_letter: OF_CASE,
  case_document: OF_CASE,
  plan_attachment: OF_CASE,
  // The signed ETA-9089 of an NIW case: an item of the forms part (decision 0060).
  case_eta9089: OF_CASE,
  // The text sample of each uploaded file (the English-only check, decision 0057): the upload check writes it
  // after the file is attached, on the upload row alone.
  upload: OF_CUSTOMER,
  customer_preference: OF_CUSTOMER,
  // The case review, which the readme stage counts once every part is complete (decision 0074): the exhibit order
  // (its places name exhibits by number), the findings marked intended, the uploads' page texts and the letters'
  // cited folders.
  exhibit_order: OF_CASE,
  review_intended: OF_CASE,
  upload_page_text: `t.upload_id in (select u.id from upload u where u.customer_id = ${CASE}.customer_id)`,
  letter_evidence: `t.letter_id in (select l.id from recommendation_letter l where l.case_id = ${CASE}.id)`,
  plan: `t.id = ${CASE}.plan_id`,
  // The rights panel: every entitlement of the customer with its order, product and task.
  entitlement: OF_CUSTOMER,
  service_task: OF_CUSTOMER,
  shop_order: OF_CUSTOMER,
  order_item: `t.order_id in (select o.id from shop_order o where o.customer_id = ${CASE}.customer_id)`,
  // Reference tables of a few rows each.
  project: 'true',
  product: 'true',
  form_edition: 'true',
};

/**
 * The fingerprint of everything the body depends on in the database, as an expression over a `workbench_case`
 * row of the statement it is part of (so one statement, one snapshot): for each table, the number of rows and the
 * sum of a hash of each row version's (xmin, ctid). Any insert or update writes a row version with a transaction
 * id never seen before, and a delete lowers the count, so a committed change to any of these rows changes the
 * fingerprint whatever order transactions committed in. Vacuum moving a row changes it too: a needless
 * recompute, never a stale answer.
 */
export const FINGERPRINT = sql.raw(
  `concat_ws('|', ${Object.entries(FINGERPRINTED)
    .map(
      ([table, where]) =>
        `(select count(*)::text || ':' || coalesce(sum(hashtextextended(t.xmin::text || t.ctid::text, 0)), 0)::text from ${table} t where ${where})`,
    )
    .join(', ')})`,
);

/**
 * The summary's read gate in one statement: one of the caller's cases (another customer's is a 404) with its
 * project code, the caller's entitlements in that project (for `accessFrom`) and the fingerprint.
 */
export async function ownedCaseForSummary(ctx: AppContext, customerId: number, caseId: number) {
  const [r] = await prepared(ctx.db.db).gate.execute({ caseId, customerId });
  if (!r) throw notFound();
  const held: HeldService[] = r.held.map(([projectId, service, expiresAt]) => ({
    projectId,
    service,
    expiresAt: new Date(expiresAt),
  }));
  return { row: r.row, projectCode: r.code as ProjectCode, held, fingerprint: r.fingerprint };
}

/** The fingerprint on its own, for a caller that read the case row without it. */
export async function caseFingerprint(ctx: AppContext, caseId: number): Promise<string> {
  const [r] = await prepared(ctx.db.db).fingerprint.execute({ caseId });
  return r?.f ?? '';
}

/**
 * Both statements prepared once per connection: planning the fingerprint's eighteen sub-queries took a few
 * milliseconds, many times more than running them.
 */
const prepared = (db: Db) => preparedOnce(db, 'case_summary', () => prepare(db));
function prepare(db: Db) {
  const caseId = sql.placeholder('caseId');
  return {
    gate: db
      .select({
        row: workbenchCase,
        code: project.code,
        held: sql<
          Array<[number, string, string]>
        >`(select coalesce(json_agg(json_build_array(e.project_id, e.service, e.expires_at)), '[]'::json) from entitlement e where e.customer_id = ${workbenchCase.customerId} and e.project_id = ${workbenchCase.projectId})`,
        fingerprint: sql<string>`${FINGERPRINT}`,
      })
      .from(workbenchCase)
      .innerJoin(project, eq(workbenchCase.projectId, project.id))
      .where(and(eq(workbenchCase.id, caseId), eq(workbenchCase.customerId, sql.placeholder('customerId'))))
      .prepare('case_summary_gate'),
    fingerprint: db
      .select({ f: sql<string>`${FINGERPRINT}` })
      .from(workbenchCase)
      .where(eq(workbenchCase.id, caseId))
      .prepare('case_fingerprint'),
  };
}

interface Entry {
  key: string;
  body: CaseBody;
  /** When something in the body turns by the clock alone (a right expiring); null: never. */
  until: Date | null;
}

/** Bodies kept per app, most recently used last; a body is a few kilobytes. */
const LIMIT = 1000;
const shelves = new WeakMap<AppContext, Map<string, Entry>>();
const counts = new WeakMap<AppContext, { hits: number; misses: number }>();

/** How often the shelf answered (for tests and the bench). */
export function caseBodyCounts(ctx: AppContext): { hits: number; misses: number } {
  let c = counts.get(ctx);
  if (!c) {
    c = { hits: 0, misses: 0 };
    counts.set(ctx, c);
  }
  return c;
}

/**
 * The case body, computed by `compute` only when something it depends on changed since the body kept for this
 * case and language: a row of a fingerprinted table, the case row, the day, the fee table in force, or the
 * clock passed the instant the body named. The fingerprint is read before `compute` runs, so a body is never
 * older than the key it is kept under.
 */
export async function cachedCaseBody(
  ctx: AppContext,
  opts: {
    caseRow: CaseRow;
    /** The fingerprint, read with the case row or just now (`caseFingerprint`), before `compute` runs. */
    fingerprint: string;
    locale: Locale;
    /** What else the body follows from that is not in the database: the day and the fee table in force. */
    inputs: readonly unknown[];
  },
  compute: () => Promise<{ body: CaseBody; until: Date | null }>,
): Promise<CaseBody> {
  const { caseRow } = opts;
  const key = `${opts.fingerprint}\n${JSON.stringify(caseRow)}\n${JSON.stringify(opts.inputs.map(identity))}`;
  const name = `${caseRow.id}:${opts.locale}`;
  let shelf = shelves.get(ctx);
  if (!shelf) {
    shelf = new Map();
    shelves.set(ctx, shelf);
  }
  const kept = shelf.get(name);
  const c = caseBodyCounts(ctx);
  if (kept?.key === key && (!kept.until || ctx.clock.now() < kept.until)) {
    c.hits++;
    shelf.delete(name);
    shelf.set(name, kept);
    return kept.body;
  }
  c.misses++;
  const { body, until } = await compute();
  shelf.delete(name);
  if (shelf.size >= LIMIT) shelf.delete(shelf.keys().next().value as string);
  shelf.set(name, { key, body, until });
  return body;
}

/** Objects (the fee table) count by identity: a table read again is a new object. */
function identity(v: unknown): unknown {
  return typeof v !== 'object' || v === null ? v : `#${objectId(v)}`;
}
