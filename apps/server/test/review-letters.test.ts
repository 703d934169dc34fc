/**
 * Issue 31 item 5 over HTTP: the review's letter rules read the recommenders' relations and the letters' stored page
 * text (upload_page_text, else the old language sample); two letters sharing a paragraph come back as one
 * `read_alike` finding with the paragraph side by side, and marking it intended keeps it listed but uncounted.
 */
import { ZReview } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload, uploadPageText } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { fakeUpload, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const SHARED =
  'Her framework for federated learning on hospital records has been adopted by three regional health networks, ' +
  'where it now screens more than two million patient files a year for early signs of sepsis, and the audits ' +
  'published by those networks credit her design with a measurable fall in missed diagnoses at night.';
const OWN = [
  'I am a professor of computer science in Toronto and have followed her papers on privacy in medical data since 2019, reviewing two of them for leading venues.',
  'As chief data officer of the Northern Health Alliance I oversee the software our twelve hospitals rely on every day, and I write about what changed there.',
  'I chair the standards committee of a medical informatics society that admitted her after a panel of senior members judged her published achievements.',
];

describe('review: letters and letters that read alike', () => {
  it('flags the pair sharing a paragraph with the passages, states the counts, and reads the old sample', async () => {
    const o = await owner(t);
    const call = onCase(t, o);
    const ids: number[] = [];
    for (const [i, own] of OWN.entries()) {
      const up = await fakeUpload(t, o, { name: `letter-${i + 1}.pdf` });
      const pages =
        i < 2 ? [own, SHARED] : [own, 'The committee relies on her judgement in every review it runs.'];
      if (i === 1) {
        // Checked before the page text store: its language sample stands in, as one page.
        await t.ctx.db.db
          .update(upload)
          .set({ textSample: pages.join(' ') })
          .where(eq(upload.id, up));
      } else {
        await t.ctx.db.db
          .insert(uploadPageText)
          .values({ uploadId: up, pages, source: 'layer', createdAt: t.clock.now() });
      }
      const r = await call('POST', 'letters/', {
        name: `Recommender ${i + 1}`,
        position: 'Professor',
        needs_translation: false,
        letter_upload_id: up,
        relation: i === 0 ? 'independent' : i === 1 ? 'collaborator' : null,
      });
      expect(r.statusCode, r.body).toBe(200);
      ids.push(r.json().letters.letters[i].id);
    }
    const review = ZReview.parse((await call('GET', 'review/')).json());
    const mine = review.findings.filter((f) => f.rule === 'letters' || f.rule === 'read_alike');
    expect(mine.map((f) => [f.key, f.severity])).toEqual([
      [`read_alike:${ids[0]}:${ids[1]}`, 'warn'],
      ['letters:count', 'info'],
      [`letters:no_relation:${ids[2]}`, 'info'],
    ]);
    const alike = mine[0]!;
    expect(alike.passages).toHaveLength(1);
    expect(alike.passages[0]!.a).toBe(alike.passages[0]!.b);
    expect(SHARED.startsWith(alike.passages[0]!.a.replace(/…$/, ''))).toBe(true);
    expect(alike.places.map((p) => p.label)).toEqual([
      'Recommendation Letter 1 · Recommender 1',
      'Recommendation Letter 2 · Recommender 2',
    ]);

    const marked = ZReview.parse(
      (await call('PUT', 'review/intended/', { key: alike.key, intended: true }, 'zh')).json(),
    );
    const again = marked.findings.find((f) => f.key === alike.key)!;
    expect(again.intended).toBe(true);
    expect(again.title).toMatch(/内容雷同/);
    expect(marked.counts.warn).toBe(review.counts.warn - 1);
  });
});
