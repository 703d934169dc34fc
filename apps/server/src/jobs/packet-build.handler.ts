import { PacketErrorCode } from '@dossier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { casePacket } from '../db/schema/index.ts';
import { buildCasePacket, PacketBuildError, PacketCheckError } from '../modules/packet/packet.build.ts';
import { ownedCaseById } from '../modules/packet/packet.service.ts';
import type { TPacketBuildPayload } from './packet-build.job.ts';

/**
 * The `packet.build` job: marks the case generating, builds, and switches the file (packet.build.ts). A throw
 * before the last attempt is retried by pg-boss with the previous file untouched; the last attempt records
 * `failed` with the part that failed (never a stack trace) and keeps the previous file.
 */
export async function runPacketBuild(
  ctx: AppContext,
  payload: TPacketBuildPayload,
  attempt: { retryCount: number; retryLimit: number } = { retryCount: 0, retryLimit: 0 },
  hooks: Parameters<typeof buildCasePacket>[4] = {},
): Promise<'built' | 'skipped' | 'failed'> {
  const db = ctx.db.db;
  const t0 = performance.now();
  const claimed = await db
    .update(casePacket)
    .set({ buildState: 'generating', progress: 0, phase: 'render', updatedAt: ctx.clock.now() })
    .where(
      and(eq(casePacket.caseId, payload.caseId), inArray(casePacket.buildState, ['queued', 'generating'])),
    )
    .returning({ caseId: casePacket.caseId });
  if (claimed.length === 0) return 'skipped';
  const found = await ownedCaseById(ctx, payload.caseId);
  if (!found) return 'skipped';
  try {
    const claimMs = Math.round(performance.now() - t0);
    const built = await buildCasePacket(ctx, found.row, found.projectCode, payload.locale, hooks);
    ctx.logger.info(
      {
        caseId: payload.caseId,
        pages: built.pages,
        check: built.check,
        ms: { claim: claimMs, ...built.timings },
      },
      'packet built',
    );
    return 'built';
  } catch (err) {
    // A file that failed its self-check would fail it again: recorded at once, not retried.
    const checkFailed = err instanceof PacketCheckError;
    if (!checkFailed && attempt.retryCount < attempt.retryLimit) throw err;
    ctx.logger.error(
      { err, caseId: payload.caseId, ...(checkFailed ? { problems: err.check.problems } : {}) },
      checkFailed ? 'packet failed its self-check' : 'packet build failed on its last attempt',
    );
    await db
      .update(casePacket)
      .set({
        buildState: 'failed',
        errorCode: checkFailed ? PacketErrorCode.checkFailed : PacketErrorCode.buildFailed,
        phase: err instanceof PacketBuildError && err.part ? err.part.slice(0, 200) : null,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(casePacket.caseId, payload.caseId));
    return 'failed';
  }
}
