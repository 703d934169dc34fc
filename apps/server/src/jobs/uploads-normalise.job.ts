import { z } from 'zod';
import type { Jobs } from './queue.ts';

/**
 * Turns a stored upload into embeddable PDF pages (or a refusal naming the file): `uploads.normalise`, one job
 * per upload, sent by the API once the bytes are stored; run by the worker role.
 */
export const UPLOAD_NORMALISE_JOB = 'uploads.normalise';
export const ZUploadNormalisePayload = z.object({ uploadId: z.number().int().positive() });
export type TUploadNormalisePayload = z.infer<typeof ZUploadNormalisePayload>;
/** Attempts after the first; the last one records a refusal instead of leaving the upload "checking". */
export const UPLOAD_NORMALISE_RETRIES = 2;

/**
 * Queue options: retried after a crash, expired by pg-boss a while after the handler's own limits — the
 * normaliser's `timeoutMs`, then OCR of the pages without text within the same length again (decision 0085).
 */
export function uploadNormaliseQueue(timeoutMs: number) {
  return {
    name: UPLOAD_NORMALISE_JOB,
    retryLimit: UPLOAD_NORMALISE_RETRIES,
    retryDelay: 10,
    expireInSeconds: Math.ceil((2 * timeoutMs) / 1000) + 60,
  };
}

const created = new WeakMap<Jobs, Promise<void>>();

/**
 * Sends the job. pg-boss only accepts jobs for a queue that exists, and an API-only process never runs the
 * worker's start-up that creates it, so the first send of a process creates the queue (idempotent).
 */
export async function sendUploadNormalise(jobs: Jobs, timeoutMs: number, uploadId: number): Promise<void> {
  let ready = created.get(jobs);
  if (!ready) {
    ready = jobs.createQueue(UPLOAD_NORMALISE_JOB, uploadNormaliseQueue(timeoutMs));
    created.set(jobs, ready);
    ready.catch(() => created.delete(jobs));
  }
  await ready;
  await jobs.send(UPLOAD_NORMALISE_JOB, { uploadId } satisfies TUploadNormalisePayload);
}
