import { z } from 'zod';
import type { Jobs } from './queue.ts';

/**
 * Builds a case's print file (`packet.build`, decision 0027): one job per case (singleton key plus the
 * conditional update in packet.service.ts), retried after a crash, expired by pg-boss after PACKET_EXPIRE_SECONDS.
 */
export const PACKET_BUILD_JOB = 'packet.build';
export const ZPacketBuildPayload = z.object({
  caseId: z.number().int().positive(),
  locale: z.enum(['zh', 'en']),
});
export type TPacketBuildPayload = z.infer<typeof ZPacketBuildPayload>;
export const PACKET_RETRIES = 2;
/** A 1,500-page packet builds in well under a minute; a killed worker's job is retried after this. */
export const PACKET_EXPIRE_SECONDS = 600;

export const packetQueue = {
  name: PACKET_BUILD_JOB,
  retryLimit: PACKET_RETRIES,
  retryDelay: 5,
  expireInSeconds: PACKET_EXPIRE_SECONDS,
};

const created = new WeakMap<Jobs, Promise<void>>();

/** Sends the build of a case; returns the job id (null when pg-boss found one queued with the same key). */
export async function sendPacketBuild(jobs: Jobs, payload: TPacketBuildPayload): Promise<string | null> {
  let ready = created.get(jobs);
  if (!ready) {
    ready = jobs.createQueue(PACKET_BUILD_JOB, packetQueue);
    created.set(jobs, ready);
    ready.catch(() => created.delete(jobs));
  }
  await ready;
  return jobs.send(PACKET_BUILD_JOB, payload, { singletonKey: `case:${payload.caseId}` });
}
