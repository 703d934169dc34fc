import { z } from 'zod';
import type { Jobs } from './queue.ts';

/**
 * Builds an RFE's response packet (`rfe_packet.build`, decision 0080): one job per RFE (singleton key plus the
 * conditional update in rfe-packet.ts), retried after a crash, expired by pg-boss after RFE_PACKET_EXPIRE_SECONDS.
 */
export const RFE_PACKET_BUILD_JOB = 'rfe_packet.build';
export const ZRfePacketBuildPayload = z.object({
  caseId: z.number().int().positive(),
  rfeId: z.number().int().positive(),
  locale: z.enum(['zh', 'en']),
});
export type TRfePacketBuildPayload = z.infer<typeof ZRfePacketBuildPayload>;
export const RFE_PACKET_RETRIES = 2;
/** A response is far smaller than a petition; the petition packet's bound is kept. */
export const RFE_PACKET_EXPIRE_SECONDS = 600;

export const rfePacketQueue = {
  name: RFE_PACKET_BUILD_JOB,
  retryLimit: RFE_PACKET_RETRIES,
  retryDelay: 5,
  expireInSeconds: RFE_PACKET_EXPIRE_SECONDS,
};

const created = new WeakMap<Jobs, Promise<void>>();

/** Sends the build of an RFE's packet; returns the job id (null when one is queued with the same key). */
export async function sendRfePacketBuild(
  jobs: Jobs,
  payload: TRfePacketBuildPayload,
): Promise<string | null> {
  let ready = created.get(jobs);
  if (!ready) {
    ready = jobs.createQueue(RFE_PACKET_BUILD_JOB, rfePacketQueue);
    created.set(jobs, ready);
    ready.catch(() => created.delete(jobs));
  }
  await ready;
  return jobs.send(RFE_PACKET_BUILD_JOB, payload, { singletonKey: `rfe:${payload.rfeId}` });
}
