import {
  type Locale,
  localDate,
  PacketErrorCode,
  type ProjectCode,
  RfeErrorCode,
  type TRfePacket,
} from '@dossier/contract';
import { and, eq, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rfePacket } from '../../db/schema/index.ts';
import {
  RFE_PACKET_EXPIRE_SECONDS,
  RFE_PACKET_RETRIES,
  sendRfePacketBuild,
} from '../../jobs/rfe-packet-build.job.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CaseRow } from '../case/case.service.ts';
import { customerTimeZone } from '../customer/customer.clock.ts';
import { planRfePacket, problemTexts, rfeOfCase } from './rfe-packet.inputs.ts';

/**
 * The RFE response packet's state, request and file (issue 32 item 4, decision 0080), as the petition packet's
 * (modules/packet/packet.service.ts): the row `rfe_packet` per RFE, one build at a time (a conditional update only
 * one request wins, then the job), `ready` from the fingerprint of the inputs now.
 */

/** The petition packet's codes for a failed build and a failed self-check. */
export const RfePacketErrorCode = {
  buildFailed: PacketErrorCode.buildFailed,
  checkFailed: PacketErrorCode.checkFailed,
  fileMissing: PacketErrorCode.fileMissing,
} as const;

const STUCK_MS = (RFE_PACKET_EXPIRE_SECONDS + 60) * (RFE_PACKET_RETRIES + 1) * 1000;

export async function rfePacketView(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: ProjectCode,
  rfeId: number,
  locale: Locale,
): Promise<TRfePacket> {
  const plan = await planRfePacket(ctx, caseRow, projectCode, rfeId);
  const [row] = await ctx.db.db.select().from(rfePacket).where(eq(rfePacket.rfeId, plan.rfe.id));
  const running = !!row && (row.buildState === 'queued' || row.buildState === 'generating');
  const stuck = running && ctx.clock.now().getTime() - row!.updatedAt.getTime() > STUCK_MS;
  const buildState: TRfePacket['build_state'] = !row
    ? 'idle'
    : stuck
      ? 'failed'
      : (row.buildState as TRfePacket['build_state']);
  return {
    rfe_id: plan.rfe.id,
    build_state: buildState,
    ready: !!row?.fileKey && row.builtFingerprint === plan.fingerprint,
    error_code: buildState === 'failed' ? (row?.errorCode ?? RfePacketErrorCode.buildFailed) : null,
    file_pages: row?.fileKey ? row.filePages : null,
    file_size: row?.fileKey ? row.fileSize : null,
    generated_at: row?.fileKey && row.generatedAt ? row.generatedAt.toISOString() : null,
    problems: problemTexts(plan, locale),
  };
}

/**
 * `POST …/packet/`: refused 409 rfe_not_ready (the problems in `details.problems`) while anything stops a build;
 * else queued once — a second request while one is queued or running answers `queued: false`.
 */
export async function requestRfePacket(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: ProjectCode,
  rfeId: number,
  locale: Locale,
): Promise<{ queued: boolean }> {
  const plan = await planRfePacket(ctx, caseRow, projectCode, rfeId);
  if (plan.problems.length > 0) {
    const problems = problemTexts(plan, locale);
    throw new AppError(
      409,
      RfeErrorCode.notReady,
      'rfe:packet.error.not_ready',
      { problems: problems.join('; ') },
      { details: { problems } },
    );
  }
  const db = ctx.db.db;
  const now = ctx.clock.now();
  await db
    .insert(rfePacket)
    .values({ rfeId: plan.rfe.id, caseId: caseRow.id, buildState: 'idle', updatedAt: now })
    .onConflictDoNothing({ target: rfePacket.rfeId });
  const stuckBefore = new Date(now.getTime() - STUCK_MS);
  const won = await db
    .update(rfePacket)
    .set({ buildState: 'queued', errorCode: null, updatedAt: now })
    .where(and(eq(rfePacket.rfeId, plan.rfe.id), notInArray(rfePacket.buildState, ['queued', 'generating'])))
    .returning({ rfeId: rfePacket.rfeId });
  if (won.length === 0) {
    // A build whose worker died on every attempt does not hold the RFE forever.
    const [row] = await db.select().from(rfePacket).where(eq(rfePacket.rfeId, plan.rfe.id));
    if (!row || row.updatedAt > stuckBefore) return { queued: false };
    await db
      .update(rfePacket)
      .set({ buildState: 'queued', errorCode: null, updatedAt: now })
      .where(eq(rfePacket.rfeId, plan.rfe.id));
  }
  try {
    await sendRfePacketBuild(ctx.jobs, { caseId: caseRow.id, rfeId: plan.rfe.id, locale });
  } catch (err) {
    await db
      .update(rfePacket)
      .set({ buildState: 'failed', errorCode: RfePacketErrorCode.buildFailed, updatedAt: ctx.clock.now() })
      .where(eq(rfePacket.rfeId, plan.rfe.id));
    throw err;
  }
  return { queued: true };
}

/**
 * The last file's storage key and its ASCII name (`RFE-response-IOE0912345678-2026-11-29.pdf`: the receipt
 * number and the day it was built in the customer's zone), or 404 packet_file_missing.
 */
export async function rfePacketFile(
  ctx: AppContext,
  caseRow: CaseRow,
  projectCode: ProjectCode,
  rfeId: number,
) {
  const rfe = await rfeOfCase(ctx, caseRow.id, rfeId);
  const [row] = await ctx.db.db.select().from(rfePacket).where(eq(rfePacket.rfeId, rfe.id));
  if (!row?.fileKey || !row.generatedAt) {
    throw new AppError(404, RfePacketErrorCode.fileMissing, 'rfe:packet.error.file_missing');
  }
  const plan = await planRfePacket(ctx, caseRow, projectCode, rfeId);
  const day = localDate(row.generatedAt, await customerTimeZone(ctx, caseRow.customerId));
  const receipt = plan.receiptNumber ? `${plan.receiptNumber.replace(/[^A-Za-z0-9]/g, '')}-` : '';
  return { key: row.fileKey, name: `RFE-response-${receipt}${day}.pdf` };
}
