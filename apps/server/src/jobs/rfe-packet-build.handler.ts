import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rfePacket } from '../db/schema/index.ts';
import { PacketCheckError } from '../modules/packet/packet.build.ts';
import { ownedCaseById } from '../modules/packet/packet.service.ts';
import { buildRfePacket } from '../modules/rfe/rfe-packet.build.ts';
import { RfePacketErrorCode } from '../modules/rfe/rfe-packet.ts';
import type { TRfePacketBuildPayload } from './rfe-packet-build.job.ts';

/**
 * The `rfe_packet.build` job: marks the RFE's packet generating, builds and switches the file. A throw before the
 * last attempt is retried with the previous file untouched; the last attempt (or a failed self-check, which would
 * fail again) records `failed` and keeps the previous file.
 */
export async function runRfePacketBuild(
  ctx: AppContext,
  payload: TRfePacketBuildPayload,
  attempt: { retryCount: number; retryLimit: number } = { retryCount: 0, retryLimit: 0 },
): Promise<'built' | 'skipped' | 'failed'> {
  const db = ctx.db.db;
  const claimed = await db
    .update(rfePacket)
    .set({ buildState: 'generating', updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(rfePacket.rfeId, payload.rfeId),
        eq(rfePacket.caseId, payload.caseId),
        inArray(rfePacket.buildState, ['queued', 'generating']),
      ),
    )
    .returning({ rfeId: rfePacket.rfeId });
  if (claimed.length === 0) return 'skipped';
  const found = await ownedCaseById(ctx, payload.caseId);
  if (!found) return 'skipped';
  try {
    const built = await buildRfePacket(ctx, found.row, found.projectCode, payload.rfeId, payload.locale);
    ctx.logger.info({ rfeId: payload.rfeId, pages: built.pages, check: built.check }, 'rfe packet built');
    return 'built';
  } catch (err) {
    const checkFailed = err instanceof PacketCheckError;
    if (!checkFailed && attempt.retryCount < attempt.retryLimit) throw err;
    ctx.logger.error(
      { err, rfeId: payload.rfeId, ...(checkFailed ? { problems: err.check.problems } : {}) },
      checkFailed ? 'rfe packet failed its self-check' : 'rfe packet build failed on its last attempt',
    );
    await db
      .update(rfePacket)
      .set({
        buildState: 'failed',
        errorCode: checkFailed ? RfePacketErrorCode.checkFailed : RfePacketErrorCode.buildFailed,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(rfePacket.rfeId, payload.rfeId));
    return 'failed';
  }
}
