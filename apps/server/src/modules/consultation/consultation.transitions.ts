import { ConsultationErrorCode, type ConsultationStatus } from '@dossier/contract';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultation } from '../../db/schema/index.ts';
import { errorOf } from '../../plugins/errors.ts';

/**
 * The one transition table of consultations (spec §4 Consultation; decision 0033): the customer books (again
 * after a cancel) and may cancel before it is done; a consultant claims, then records call attempts — an
 * unanswered one before the last keeps it in progress (`miss`), the last unanswered one drops it, an answered
 * one ends it. Every move is a conditional UPDATE … WHERE status IN (from): of two concurrent moves from the same
 * state exactly one wins.
 */
export const CONSULTATION_TRANSITIONS = {
  book: { from: ['can_book', 'cancelled'], to: 'booked' },
  cancel: { from: ['booked', 'in_progress'], to: 'cancelled' },
  claim: { from: ['booked'], to: 'in_progress' },
  miss: { from: ['in_progress'], to: 'in_progress' },
  drop: { from: ['in_progress'], to: 'dropped' },
  answer: { from: ['in_progress'], to: 'done' },
} as const satisfies Record<string, { from: readonly ConsultationStatus[]; to: ConsultationStatus }>;
export type ConsultationEvent = keyof typeof CONSULTATION_TRANSITIONS;

/** The open queue of the staff console: waiting for a claim or being called. */
export const CONSULTATION_QUEUE: readonly ConsultationStatus[] = ['booked', 'in_progress'];
/** States that end a booking (the customer may still book again after a cancel). */
export const CONSULTATION_CLOSED: readonly ConsultationStatus[] = ['done', 'dropped', 'cancelled'];

export const canMove = (status: string, event: ConsultationEvent): boolean =>
  (CONSULTATION_TRANSITIONS[event].from as readonly string[]).includes(status);

export const consultationStateRefused = () => errorOf(409, ConsultationErrorCode.state);

export type ConsultationRow = typeof consultation.$inferSelect;

/**
 * Moves a consultation by `event` if its status allows it, setting `set` with it; answers the updated row, or
 * throws 409 consultation_state when it is (by now) elsewhere.
 */
export async function moveConsultation(
  db: Db,
  id: number,
  event: ConsultationEvent,
  now: Date,
  set: { [K in keyof Omit<ConsultationRow, 'id' | 'status'>]?: ConsultationRow[K] | SQL } = {},
): Promise<ConsultationRow> {
  const t = CONSULTATION_TRANSITIONS[event];
  const [row] = await db
    .update(consultation)
    .set({ ...set, status: t.to, updatedAt: now })
    .where(and(eq(consultation.id, id), inArray(consultation.status, [...t.from])))
    .returning();
  if (!row) throw consultationStateRefused();
  return row;
}
