/**
 * Issue 14 item 1 (server): the plan, petition and readme stages of the schedule, and the ReadMe checklist
 * (Step I parts and warnings, Step II services, Step III procedures and fees, "I confirm").
 */
import { type CaseStage, type TStage, ZCaseSummary } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { caseBuilder, paragraphs, ref, txt } from './case-builder.ts';
import { fakeUpload, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());
const b = caseBuilder(() => t);

async function stages(o: Owner): Promise<Record<CaseStage, TStage>> {
  const r = await onCase(t, o)('GET', '');
  const list = ZCaseSummary.parse(r.json()).stages;
  return Object.fromEntries(list.map((s) => [s.key, s])) as Record<CaseStage, TStage>;
}
const submit = (o: Owner, stage: string) => onCase(t, o)('POST', 'submit_stage/', { stage });

describe('schedule: the plan, petition and readme stages follow the case data', () => {
  it('plan: done once the US plan has content (attachments optional); a later change reopens it', async () => {
    const o = await owner(t);
    expect((await stages(o)).plan).toMatchObject({ available: true, status: 'not_started' });
    // An empty plan may be saved: touched, not done.
    await b.document(o, 'us_plan', { type: 'doc', content: [] });
    expect((await stages(o)).plan).toMatchObject({ status: 'in_progress', progress: { done: 0, total: 1 } });
    expect((await submit(o, 'plan')).json().code).toBe('stage_incomplete');
    await b.document(o, 'us_plan', paragraphs(txt('My plan.')));
    expect((await stages(o)).plan).toMatchObject({ status: 'complete', progress: { done: 1, total: 1 } });
    expect((await submit(o, 'plan')).statusCode).toBe(200);
    expect((await stages(o)).plan.status).toBe('submitted');
    const up = await fakeUpload(t, o);
    const r = await onCase(t, o)('POST', 'plan/attachments/', {
      name: 'Offer',
      needs_translation: false,
      original_upload_id: up,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await stages(o)).plan).toMatchObject({ status: 'complete', submitted_at: null });
  });

  it('petition: content and no dangling reference; deleting the cited exhibit makes it incomplete', async () => {
    const o = await owner(t);
    const folders = await b.evidence(o, ['awards']);
    expect((await stages(o)).petition.status).toBe('not_started');
    await b.document(
      o,
      'petition_letter',
      paragraphs(txt('See '), ref('exhibit', `folder:${folders.awards}`)),
    );
    expect((await stages(o)).petition).toMatchObject({ status: 'complete', progress: { done: 1, total: 1 } });
    expect((await submit(o, 'petition')).statusCode).toBe(200);
    expect((await stages(o)).petition.status).toBe('submitted');
    const del = await onCase(t, o)('DELETE', `evidence/${folders.awards}/?confirm=true`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await stages(o)).petition).toMatchObject({
      status: 'in_progress',
      progress: { done: 0, total: 1 },
      submitted_at: null,
    });
    expect((await submit(o, 'petition')).json().code).toBe('stage_incomplete');
  });

  it('readme: five parts; submitted while every part stays complete, open again when one is not', async () => {
    const o = await owner(t);
    expect((await stages(o)).readme).toMatchObject({
      available: true,
      status: 'not_started',
      progress: { done: 0, total: 5 },
    });
    await b.fillForms(o);
    expect((await stages(o)).readme).toMatchObject({
      status: 'in_progress',
      progress: { done: 1, total: 5 },
    });
    expect((await submit(o, 'readme')).json().code).toBe('stage_incomplete');
    const { folders } = await b.complete(o);
    expect((await stages(o)).readme).toMatchObject({ status: 'complete', progress: { done: 5, total: 5 } });
    expect((await submit(o, 'readme')).statusCode).toBe(200);
    expect((await stages(o)).readme.status).toBe('submitted');
    // An edit inside a complete part (a second file, a new plan paragraph) leaves it submitted …
    await b.file(o, folders.awards!, 'Second certificate');
    await b.document(o, 'us_plan', paragraphs(txt('My plan, revised.')));
    expect((await stages(o)).readme.status).toBe('submitted');
    // … a part becoming incomplete (a claimed criterion without evidence) reopens it.
    const r = await b.claim(o, ['awards', 'judge', 'scholarly_publication', 'exhibition']);
    expect(r.statusCode, r.body).toBe(200);
    expect((await stages(o)).readme).toMatchObject({
      status: 'in_progress',
      progress: { done: 4, total: 5 },
      submitted_at: null,
    });
  });
});
