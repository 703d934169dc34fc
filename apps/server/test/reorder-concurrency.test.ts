/**
 * Issue 27 item 8: simultaneous reorders of the same list (evidence folders, a folder's files, recommendation
 * letters, US-plan attachments) never deadlock. Each round sends ROUND reorders with different permutations at
 * once; every one must answer 200 (none 503/500), and the order left is one of those asked for. On PostgreSQL
 * the app gets enough connections for every request to hold its own transaction at the same time; on PGlite
 * (one connection) the rounds run one transaction at a time and check the same answers.
 */
import { ZAttachmentList, ZEvidencePage, ZLetterList } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { buildTestApp, postgresTestUrl, type TestApp, testBackend } from './build-test-app.ts';
import { evidenceCalls, fakeUpload, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

const ITEMS = 5;
const ROUND = 10;
/** 100 reorders per list on PostgreSQL; PGlite runs one transaction at a time, so fewer rounds show as much there. */
const ROUNDS = testBackend === 'postgres' ? 10 : 2;

let t: TestApp;
beforeAll(async () => {
  const db =
    testBackend === 'postgres'
      ? await openDatabase({ databaseUrl: await postgresTestUrl(), poolMax: ROUND + 2 })
      : undefined;
  t = await buildTestApp({
    config: { ...accountsTestConfig, rateLimitPerMinute: 1_000_000 },
    ...(db ? { db } : {}),
  });
});
afterAll(() => t.close());

const { claim, folder, file } = evidenceCalls(() => t);

/** The i-th of 2 × ITEMS different permutations of `ids`: a rotation, reversed for odd i. */
function permutation(ids: readonly number[], i: number): number[] {
  const k = Math.floor(i / 2) % ids.length;
  const rotated = [...ids.slice(k), ...ids.slice(0, k)];
  return i % 2 === 1 ? rotated.reverse() : rotated;
}

/**
 * ROUNDS rounds of ROUND simultaneous reorders: every answer 200, the final order one of the round's.
 * Statuses are collected over every round first, so a failure names how many of them were not 200.
 */
async function hammer(
  ids: readonly number[],
  put: (order: number[]) => Promise<{ statusCode: number; body: string }>,
  current: () => Promise<number[]>,
) {
  const statuses: number[] = [];
  const notRequested: number[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const orders = Array.from({ length: ROUND }, (_, i) => permutation(ids, i + round));
    const answers = await Promise.all(orders.map((o) => put(o)));
    statuses.push(...answers.map((a) => a.statusCode));
    const now = await current();
    if (!orders.some((o) => o.join() === now.join())) notRequested.push(now);
  }
  const failed = statuses.filter((s) => s !== 200);
  expect(failed, `${failed.length} of ${statuses.length} reorders did not answer 200`).toEqual([]);
  expect(notRequested).toEqual([]);
}

describe('simultaneous reorders answer 200 and leave one of the requested orders', () => {
  it('evidence folders of a criterion', async () => {
    const o = await owner(t);
    await claim(o, ['awards']);
    const ids: number[] = [];
    for (let i = 0; i < ITEMS; i++) ids.push(await folder(o, 'awards', `Prize ${i}`));
    const call = onCase(t, o);
    await hammer(
      ids,
      (order) => call('PUT', 'evidence/order/', { criterion: 'awards', ids: order }),
      async () =>
        ZEvidencePage.parse((await call('GET', 'evidence/')).json())
          .folders.filter((f) => f.criterion === 'awards')
          .map((f) => f.id),
    );
  });

  it("a folder's files", async () => {
    const o = await owner(t);
    await claim(o, ['awards']);
    const folderId = await folder(o, 'awards', 'Prize');
    const ids: number[] = [];
    for (let i = 0; i < ITEMS; i++) ids.push((await file(o, folderId, `Certificate ${i}`)).id);
    const call = onCase(t, o);
    await hammer(
      ids,
      (order) => call('PUT', `evidence/${folderId}/files/order/`, { ids: order }),
      async () =>
        ZEvidencePage.parse((await call('GET', 'evidence/')).json())
          .folders.find((f) => f.id === folderId)!
          .files.map((f) => f.id),
    );
  });

  it('recommendation letters', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    for (let i = 0; i < ITEMS; i++) {
      const r = await call('POST', 'letters/', {
        name: `Recommender ${i}`,
        position: 'Professor',
        needs_translation: false,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const ids = await letterIds(o);
    await hammer(
      ids,
      (order) => call('PUT', 'letters/order/', { ids: order }),
      () => letterIds(o),
    );
  });

  it('US-plan attachments', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    for (let i = 0; i < ITEMS; i++) {
      const r = await call('POST', 'plan/attachments/', {
        name: `Plan ${i}`,
        needs_translation: false,
        original_upload_id: await fakeUpload(t, o),
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const ids = await attachmentIds(o);
    await hammer(
      ids,
      (order) => call('PUT', 'plan/attachments/order/', { ids: order }),
      () => attachmentIds(o),
    );
  });
});

const letterIds = async (o: Owner) =>
  ZLetterList.parse((await onCase(t, o)('GET', 'letters/')).json()).letters.map((l) => l.id);
const attachmentIds = async (o: Owner) =>
  ZAttachmentList.parse((await onCase(t, o)('GET', 'plan/attachments/')).json()).attachments.map((a) => a.id);
