import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { checkOrder } from './evidence-rules.ts';

/** A list the customer orders by hand: evidence folders, a folder's files, letters, US-plan attachments. */
export type OrderedTable = PgTable & { id: PgColumn; sortOrder: PgColumn; updatedAt: PgColumn };

/**
 * `PUT …/order/` for every ordered list: the rows `where` selects take the order `ids` gives (positions from 1);
 * an id not among them answers 404, a list that is not exactly them 409 order_invalid (checkOrder).
 *
 * The lock order is fixed here: the rows are locked `ORDER BY id`, which no reorder changes, so two reorders of
 * the same list queue behind each other. Locking `ORDER BY sort_order` (or in scan order) took the locks in an
 * order the previous reorder had just rewritten, and three reorders at once could deadlock (503; issue 27 item
 * 8, decision 0052). The positions are then written in one statement, on rows already locked.
 */
export async function reorderRows(
  tx: Db,
  t: OrderedTable,
  where: SQL,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  const rows = await tx.select({ id: t.id }).from(t).where(where).orderBy(asc(t.id)).for('update');
  const order = checkOrder(
    rows.map((r) => Number(r.id)),
    ids,
  );
  if (order.size === 0) return;
  const positions = sql.join(
    [...order].map(([id, pos]) => sql`when ${id}::int then ${pos}::int`),
    sql` `,
  );
  await tx.execute(
    sql`update ${t} set ${sql.identifier(t.sortOrder.name)} = case ${sql.identifier(t.id.name)} ${positions} end, ${sql.identifier(t.updatedAt.name)} = ${sql.param(now, t.updatedAt)} where ${inArray(t.id, [...order.keys()])}`,
  );
}
