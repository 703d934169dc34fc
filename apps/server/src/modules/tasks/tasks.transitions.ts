import { TaskErrorCode, type TaskStatus } from '@dossier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serviceTask } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';

/**
 * The one transition table of review and translation tasks (spec §4 Rights entries): submit before a result,
 * resubmit after one, cancel only before processing starts, staff claim then finish (or an admin releases). Every move is a
 * conditional UPDATE … WHERE status IN (from): of two concurrent moves from the same state exactly one wins.
 */
export const TASK_TRANSITIONS = {
  submit: { from: ['can_submit', 'cancelled'], to: 'submitted' },
  resubmit: { from: ['audited'], to: 'resubmitted' },
  cancel: { from: ['submitted', 'resubmitted'], to: 'cancelled' },
  claim: { from: ['submitted', 'resubmitted'], to: 'in_progress' },
  finish: { from: ['in_progress'], to: 'audited' },
  /** An admin takes a claimed task back from its holder (who left, or is away): it waits in the queue again. */
  release: { from: ['in_progress'], to: 'submitted' },
  /** Its order was refunded (refund.service.ts): the service ended, a waiting or claimed task leaves the queue. */
  withdraw: { from: ['submitted', 'resubmitted', 'in_progress'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly TaskStatus[]; to: TaskStatus }>;
export type TaskEvent = keyof typeof TASK_TRANSITIONS;

export const canMove = (status: string, event: TaskEvent): boolean =>
  (TASK_TRANSITIONS[event].from as readonly string[]).includes(status);

/** The customer's submit: a first submit, or a resubmit after a result. */
export const submitEventOf = (status: string): TaskEvent => (status === 'audited' ? 'resubmit' : 'submit');

export const taskStateRefused = () => errorOf(409, TaskErrorCode.state);

export type TaskRow = typeof serviceTask.$inferSelect;

/**
 * Moves a task by `event` if its status allows it, setting `set` with it; answers the updated row, or throws
 * 409 task_state when the task is (by now) elsewhere.
 */
export async function moveTask(
  db: Db,
  id: number,
  event: TaskEvent,
  now: Date,
  set: Partial<Omit<TaskRow, 'id' | 'status'>> = {},
): Promise<TaskRow> {
  const t = TASK_TRANSITIONS[event];
  const [row] = await db
    .update(serviceTask)
    .set({ ...set, status: t.to, updatedAt: now })
    .where(and(eq(serviceTask.id, id), inArray(serviceTask.status, [...t.from])))
    .returning();
  if (!row) throw taskStateRefused();
  return row;
}
