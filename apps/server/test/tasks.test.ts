/**
 * Review and translation tasks through the API (issue 16; decision 0031): buy (sandbox), submit, staff claim →
 * the covered parts locked, results → Review result / translations attached to the right evidence, notifications
 * in the customer's language; the transition table; the zip link; authorisation.
 */
import { TASK_STATUSES, ZStaffTask, ZTask, ZTaskList } from '@dossier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseLock,
  entitlement,
  planAttachment,
  recommendationLetter,
  serviceTask,
  serviceTaskItem,
  staffAudit,
} from '../src/db/schema/index.ts';
import { moveTask, TASK_TRANSITIONS, type TaskEvent } from '../src/modules/tasks/tasks.transitions.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { errMsg, evidenceCalls, expectError, type Owner, onCase } from './evidence-helpers.ts';
import { injectAs, login } from './factories.ts';
import { shopHelpers, shopTestConfig } from './shop-factories.ts';
import { newStaff, type StaffLogin } from './staff-factories.ts';
import { checkedPdf, storedUpload, taskCalls, taskOwner, uploadRow, zipContents } from './task-helpers.ts';
import { samplePdf, startUploadApp, stopUploadApp } from './upload-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: shopTestConfig() });
  await startUploadApp(t);
});
afterAll(() => stopUploadApp(t));

const { claim: claimCriteria, folder } = evidenceCalls(() => t);
const api = taskCalls(() => t);

const para = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** A case with a petition letter and two evidence files: one to translate by the service, one not. */
async function preparedCase() {
  const o = await taskOwner(t);
  const call = onCase(t, o);
  expect(
    (await call('PUT', 'documents/petition_letter/', { version: 0, content: para('My petition') }))
      .statusCode,
  ).toBe(200);
  await claimCriteria(o, ['awards']);
  const f = await folder(o, 'awards', 'Prize');
  const plainBytes = await samplePdf(1, 'plain');
  const chineseBytes = await samplePdf(2, 'chinese');
  const plainUpload = await storedUpload(t, o, 'plain.pdf', plainBytes);
  const chineseUpload = await storedUpload(t, o, 'chinese.pdf', chineseBytes);
  const add = async (body: Record<string, unknown>) => {
    const r = await call('POST', `evidence/${f}/files/`, body);
    expect(r.statusCode, r.body).toBe(200);
  };
  await add({ name: 'Certificate', needs_translation: false, original_upload_id: plainUpload });
  await add({
    name: 'Award letter',
    needs_translation: true,
    translation_mode: 'service',
    original_upload_id: chineseUpload,
  });
  const page = (await call('GET', 'evidence/')).json();
  const files = page.folders.find((x: { id: number }) => x.id === f).files as Array<{
    id: number;
    name: string;
  }>;
  const plain = files.find((x) => x.name === 'Certificate')!.id;
  const chinese = files.find((x) => x.name === 'Award letter')!.id;
  return { o, call, folderId: f, plain, chinese, plainBytes, chineseBytes, plainUpload, chineseUpload };
}

const auditActions = async (s: StaffLogin) =>
  (await t.ctx.db.db.select().from(staffAudit).where(eq(staffAudit.staffId, s.id))).map((a) => a.action);

const notificationsOf = async (o: Owner, lang: 'zh' | 'en') =>
  (await injectAs(t, 'GET', '/api/customer/notification/?page=1&size=50', { user: o.user, lang })).json()
    .results as Array<{ message: string }>;

describe('review and translation tasks, the whole flow', () => {
  it('buy → submit review → claim locks → comments → Review result; translation lands on the right evidence file', async () => {
    const c = await preparedCase();
    const { o } = c;
    const first = await api.tasksOf(o);
    expect(ZTaskList.parse(first.list).map((x) => [x.service, x.status, x.can_submit])).toEqual([
      ['REVIEW', 'can_submit', true],
      ['TRANSLATION', 'can_submit', true],
    ]);
    const reviewId = first.review.id;

    // Two submits at once: exactly one moves the task.
    const both = await Promise.all([
      api.submit(o, reviewId, ['petition', 'evidence']),
      api.submit(o, reviewId, ['petition', 'evidence']),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectError(both.find((r) => r.statusCode === 409)!, 409, 'task_state');
    const submitted = ZTask.parse(both.find((r) => r.statusCode === 200)!.json());
    expect(submitted.status).toBe('submitted');
    expect(submitted.items.map((i) => i.kind)).toEqual(['petition_letter', 'evidence_file', 'evidence_file']);
    const rights = (await injectAs(t, 'GET', '/api/customer/customer/my_rights/', { user: o.user })).json();
    expect(rights.find((r: { id: number }) => r.id === reviewId)).toMatchObject({ task_status: 'submitted' });

    // Not started: still editable.
    expect(
      (await c.call('PUT', 'documents/petition_letter/', { version: 1, content: para('Edited') })).statusCode,
    ).toBe(200);

    // The queue: a reviewer sees it with its age; two reviewers claim at once: one wins.
    const reviewer = await newStaff(t, 'reviewer');
    const other = await newStaff(t, 'reviewer');
    t.clock.advance(90_000);
    const queue = await api.asStaff(reviewer, 'GET', '/api/staff/task/?service=REVIEW&size=100');
    expect(queue.statusCode, queue.body).toBe(200);
    const mineInQueue = queue.json().results.find((x: { id: number }) => x.id === reviewId);
    expect(mineInQueue).toMatchObject({ status: 'submitted', holder: null });
    expect(mineInQueue.age_seconds).toBeGreaterThanOrEqual(90);
    const claims = await Promise.all([api.claim(reviewer, reviewId), api.claim(other, reviewId)]);
    expect(claims.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = claims[0]!.statusCode === 200 ? reviewer : other;
    const loser = winner === reviewer ? other : reviewer;
    const claimed = ZStaffTask.parse(claims.find((r) => r.statusCode === 200)!.json());
    expect(claimed).toMatchObject({ status: 'in_progress', holder: winner.username });

    // In progress: the covered parts are locked; the customer's edit is refused with the spec's message.
    for (const lang of ['en', 'zh'] as const) {
      const r = await c.call(
        'PUT',
        'documents/petition_letter/',
        { version: 2, content: para('Late edit') },
        lang,
      );
      expectError(r, 409, 'case_locked', lang);
    }
    expect(errMsg('en', 'case_locked')).toBe('Your case is being processed: edits made now have no effect');
    const del = await c.call('DELETE', `evidence/${c.folderId}/files/${c.plain}/?confirm=true`);
    expectError(del, 409, 'case_locked');
    // Not covered: letters stay editable.
    const letter = await c.call('POST', 'letters/', {
      name: 'Prof. Li',
      position: 'Professor',
      needs_translation: false,
    });
    expect(letter.statusCode, letter.body).toBe(200);
    // Too late to cancel.
    expectError(await api.cancel(o, reviewId), 409, 'task_state');
    // The customer is told, in their language.
    expect((await notificationsOf(o, 'zh')).map((n) => n.message)).toContain(
      '您的审核申请已受理，正在处理中。结果出来之前，相关内容无法编辑。',
    );

    // Only the holder uploads results.
    const stranger = await api.asStaff(loser, 'POST', `/api/staff/task/${reviewId}/result/`, {
      payload: { comments: 'not mine' },
    });
    expectError(stranger, 403, 'task_not_holder');
    expectError(await api.result(winner, reviewId, {}), 400, 'task_result_incomplete');
    const notPdf = await api.asStaff(winner, 'PUT', `/api/staff/task/${reviewId}/file/`, {
      payload: Buffer.from('just text'),
      headers: { 'content-type': 'application/pdf' },
    });
    expectError(notPdf, 400, 'task_file_not_pdf');
    const commentsFile = await api.resultFile(winner, reviewId, 'review-comments');
    const done = await api.result(winner, reviewId, {
      comments: 'Strengthen criterion 2.',
      upload_id: commentsFile,
    });
    expect(done.statusCode, done.body).toBe(200);

    // Review result visible; locks gone; the comments file is the customer's, downloadable.
    const seen = ZTask.parse((await api.asCustomer(o, 'GET', `/api/customer/task/${reviewId}/`)).json());
    expect(seen).toMatchObject({ status: 'audited', can_submit: true, can_cancel: false });
    expect(seen.result).toMatchObject({
      comments: 'Strengthen criterion 2.',
      upload_id: commentsFile,
      by: winner.username,
    });
    expect((await uploadRow(t, commentsFile))?.attachedTo).toBe(`task:${reviewId}:result`);
    const dl = await injectAs(t, 'GET', `/api/customer/uploads/${commentsFile}/original/`, { user: o.user });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.ctx.db.db.select().from(caseLock).where(eq(caseLock.caseId, o.caseId))).toEqual([]);
    expect(
      (await c.call('PUT', 'documents/petition_letter/', { version: 2, content: para('After review') }))
        .statusCode,
    ).toBe(200);
    expect((await notificationsOf(o, 'en')).map((n) => n.message)).toContain(
      'The review of your materials is complete: see the review result.',
    );
    expect(await auditActions(winner)).toEqual(
      expect.arrayContaining(['task.claim', 'task.result_file', 'task.result']),
    );

    // Translation: a translator with a display name; a reviewer may not touch it.
    const translationId = first.translation.id;
    expectError(await api.submit(o, translationId, ['petition']), 400, 'task_cover_not_translatable');
    const tr = await api.submit(o, translationId, ['evidence', 'letters']);
    expect(tr.statusCode, tr.body).toBe(200);
    expect(ZTask.parse(tr.json()).items.map((i) => i.key)).toEqual([`evidence_file:${c.chinese}`]);
    const translator = await newStaff(t, 'translator');
    const named = await api.asStaff(translator, 'PUT', '/api/staff/me/display_name/', {
      payload: { display_name: 'Wang Fang, certified translator' },
    });
    expect(named.statusCode, named.body).toBe(200);
    expectError(await api.claim(winner, translationId), 403, 'task_wrong_service');
    expectError(await api.claim(translator, reviewId), 403, 'task_wrong_service');
    expect((await api.claim(translator, translationId)).statusCode).toBe(200);
    const translatedUpload = await api.resultFile(translator, translationId, 'award-letter-en');
    expectError(
      await api.result(translator, translationId, {
        translations: [{ key: `evidence_file:${c.plain}`, upload_id: translatedUpload }],
      }),
      400,
      'task_result_incomplete',
    );
    const fin = await api.result(translator, translationId, {
      translations: [{ key: `evidence_file:${c.chinese}`, upload_id: translatedUpload }],
    });
    expect(fin.statusCode, fin.body).toBe(200);
    const page = (await c.call('GET', 'evidence/')).json();
    const files = page.folders.find((x: { id: number }) => x.id === c.folderId).files;
    expect(files.find((f: { id: number }) => f.id === c.chinese)).toMatchObject({
      translation: { upload_id: translatedUpload, name: 'award-letter-en.pdf' },
      translation_mode: 'service',
    });
    expect(files.find((f: { id: number }) => f.id === c.plain).translation).toBeNull();
    expect((await uploadRow(t, translatedUpload))?.attachedTo).toBe(`evidence_file:${c.chinese}:translation`);
    const [item] = await t.ctx.db.db
      .select()
      .from(serviceTaskItem)
      .where(eq(serviceTaskItem.taskId, translationId));
    expect(item).toMatchObject({
      translationUploadId: translatedUpload,
      translatorName: 'Wang Fang, certified translator',
    });
    const trSeen = ZTask.parse(
      (await api.asCustomer(o, 'GET', `/api/customer/task/${translationId}/`)).json(),
    );
    expect(trSeen.result?.by).toBe('Wang Fang, certified translator');
    expect((await notificationsOf(o, 'zh')).map((n) => n.message)).toContain(
      '译文已完成：1 个译文文件已附在您的材料上。',
    );

    // Resubmit after a result; cancel before processing.
    const again = await api.submit(o, reviewId, ['petition']);
    expect(again.json()).toMatchObject({ status: 'resubmitted', can_cancel: true });
    expect((await api.cancel(o, reviewId)).json()).toMatchObject({ status: 'cancelled', can_submit: true });
  });
});

describe('translations of letters and plan attachments', () => {
  it('attach each translated file to its letter, résumé or attachment slot', async () => {
    const o = await taskOwner(t, ['TRANSLATION']);
    const call = onCase(t, o);
    const bytes = async (s: string) => storedUpload(t, o, `${s}.pdf`, await samplePdf(1, s));
    const l = await call('POST', 'letters/', {
      name: '李教授',
      position: '教授',
      needs_translation: true,
      translation_mode: 'service',
      letter_upload_id: await bytes('letter'),
      resume_upload_id: await bytes('resume'),
    });
    expect(l.statusCode, l.body).toBe(200);
    const a = await call('POST', 'plan/attachments/', {
      name: '商业计划',
      needs_translation: true,
      translation_mode: 'service',
      original_upload_id: await bytes('plan'),
    });
    expect(a.statusCode, a.body).toBe(200);
    const { translation } = await api.tasksOf(o);
    const sub = ZTask.parse((await api.submit(o, translation.id, ['plan', 'letters'])).json());
    expect(sub.items.map((i) => i.kind)).toEqual(['plan_attachment', 'letter', 'resume']);
    const translator = await newStaff(t, 'translator');
    expect((await api.claim(translator, translation.id)).statusCode).toBe(200);
    // Locked while in progress.
    expectError(
      await call('POST', 'letters/', { name: 'X', position: 'Y', needs_translation: false }),
      409,
      'case_locked',
    );
    const given = [];
    for (const i of sub.items)
      given.push({ key: i.key, upload_id: await api.resultFile(translator, translation.id, `${i.kind}-en`) });
    const fin = await api.result(translator, translation.id, { translations: given });
    expect(fin.statusCode, fin.body).toBe(200);
    const [letter] = await t.ctx.db.db
      .select()
      .from(recommendationLetter)
      .where(eq(recommendationLetter.caseId, o.caseId));
    const [attachment] = await t.ctx.db.db
      .select()
      .from(planAttachment)
      .where(eq(planAttachment.caseId, o.caseId));
    expect([
      attachment!.translationUploadId,
      letter!.letterTranslationUploadId,
      letter!.resumeTranslationUploadId,
    ]).toEqual(given.map((g) => g.upload_id));
    expect((await uploadRow(t, given[1]!.upload_id))?.attachedTo).toBe(
      `letter:${letter!.id}:letter_translation`,
    );
    expect((await uploadRow(t, given[2]!.upload_id))?.attachedTo).toBe(
      `letter:${letter!.id}:resume_translation`,
    );
    expect((await uploadRow(t, given[0]!.upload_id))?.attachedTo).toBe(
      `plan_attachment:${attachment!.id}:translation`,
    );
    // Unlocked again.
    expect(
      (await call('POST', 'letters/', { name: 'X', position: 'Y', needs_translation: false })).statusCode,
    ).toBe(200);
  });
});

describe('the transition table', () => {
  it('allows exactly the moves the table lists, from every state', async () => {
    const o = await taskOwner(t, ['REVIEW']);
    const { review } = await api.tasksOf(o);
    const wrong: string[] = [];
    for (const from of TASK_STATUSES) {
      for (const event of Object.keys(TASK_TRANSITIONS) as TaskEvent[]) {
        await t.ctx.db.db.update(serviceTask).set({ status: from }).where(eq(serviceTask.id, review.id));
        const allowed = (TASK_TRANSITIONS[event].from as readonly string[]).includes(from);
        const moved = await moveTask(t.ctx.db.db, review.id, event, t.clock.now()).then(
          (r) => r.status,
          (e: { code?: string }) => e.code,
        );
        const want = allowed ? TASK_TRANSITIONS[event].to : 'task_state';
        if (moved !== want) wrong.push(`${from} --${event}--> ${moved}, expected ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses illegal moves through the API: cancel before a submit, claim or result before a submit, submit while in progress', async () => {
    const c = await preparedCase();
    const { review } = await api.tasksOf(c.o);
    const reviewer = await newStaff(t, 'reviewer');
    expectError(await api.cancel(c.o, review.id), 409, 'task_state');
    expectError(await api.claim(reviewer, review.id), 409, 'task_state');
    expectError(await api.result(reviewer, review.id, { comments: 'x' }), 409, 'task_state');
    expect((await api.submit(c.o, review.id, ['evidence'])).statusCode).toBe(200);
    expect((await api.claim(reviewer, review.id)).statusCode).toBe(200);
    expectError(await api.submit(c.o, review.id, ['evidence']), 409, 'task_state');
    expectError(await api.claim(reviewer, review.id), 409, 'task_state');
  });

  it('lets an admin release a claimed task: back in the queue, the case unlocked, audited with the reason', async () => {
    const c = await preparedCase();
    const { review } = await api.tasksOf(c.o);
    const reviewer = await newStaff(t, 'reviewer');
    const admin = await newStaff(t, 'admin');
    const release = (s: StaffLogin, id: number, reason: unknown = 'Holder on leave') =>
      api.asStaff(s, 'POST', `/api/staff/task/${id}/release/`, { payload: { reason } });
    expect((await api.submit(c.o, review.id, ['petition'])).statusCode).toBe(200);
    // Nothing to release before a claim; a blank reason is refused.
    expectError(await release(admin, review.id), 409, 'task_state');
    expect((await api.claim(reviewer, review.id)).statusCode).toBe(200);
    expect((await release(admin, review.id, '  ')).statusCode).toBe(400);
    const edit = async () => {
      const { version } = (await c.call('GET', 'documents/petition_letter/')).json();
      return c.call('PUT', 'documents/petition_letter/', { version, content: para('After release') });
    };
    expectError(await edit(), 409, 'case_locked');

    const released = await release(admin, review.id);
    expect(released.statusCode, released.body).toBe(200);
    expect(ZStaffTask.parse(released.json())).toMatchObject({ status: 'submitted', holder: null });
    expect(await auditActions(admin)).toContain('task.release');
    const [row] = await t.ctx.db.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, admin.id), eq(staffAudit.action, 'task.release')));
    expect(row!.detail).toMatchObject({ reason: 'Holder on leave' });
    expect(row!.before).toMatchObject({ status: 'in_progress', holder: reviewer.username });
    // Unlocked: the customer edits again; another reviewer claims it; the first can no longer send a result.
    expect((await edit()).statusCode).toBe(200);
    const next = await newStaff(t, 'reviewer');
    expect((await api.claim(next, review.id)).statusCode).toBe(200);
    expectError(await api.result(reviewer, review.id, { comments: 'late' }), 403, 'task_not_holder');
  });

  it('refuses a submit that covers nothing, and without the bought (running) right', async () => {
    const o = await taskOwner(t);
    const { review, translation } = await api.tasksOf(o);
    expectError(await api.submit(o, translation.id, ['evidence']), 409, 'task_nothing_covered');
    await t.ctx.db.db
      .update(entitlement)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(entitlement.id, review.id));
    expectError(await api.submit(o, review.id, ['petition']), 403, 'purchase_before_use');
    expectError(
      await api.asCustomer(o, 'GET', `/api/customer/task/${review.id}/get_zip_file_url/`),
      403,
      'buy_to_view',
    );
  });
});

describe('the zip of a task', () => {
  it('holds exactly the task’s materials, streamed from a signed link that expires', async () => {
    const c = await preparedCase();
    const { review, translation } = await api.tasksOf(c.o);
    expect((await api.submit(c.o, translation.id, ['evidence'])).statusCode).toBe(200);
    const link = await api.asCustomer(c.o, 'GET', `/api/customer/task/${translation.id}/get_zip_file_url/`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().expires_in).toBe(600);
    const url = link.json().url as string;
    const zip = await t.app.inject({ url });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    // Streamed: no length known up front.
    expect(zip.headers['content-length']).toBeUndefined();
    const entries = await zipContents(zip.rawPayload);
    expect([...entries.keys()]).toEqual(['evidence/001-Prize _ Award letter.pdf']);
    // The PDF the upload check made, not the customer's bytes (decision 0050).
    const awardLetter = entries.get('evidence/001-Prize _ Award letter.pdf')!;
    expect(awardLetter.equals(await checkedPdf(t, c.chineseUpload))).toBe(true);
    expect(awardLetter.equals(Buffer.from(c.chineseBytes))).toBe(false);

    // A review of petition + evidence: the letter rendered, both files.
    expect((await api.submit(c.o, review.id, ['petition', 'evidence'])).statusCode).toBe(200);
    const rl = (await api.asCustomer(c.o, 'GET', `/api/customer/task/${review.id}/get_zip_file_url/`)).json()
      .url;
    const all = await zipContents((await t.app.inject({ url: rl })).rawPayload);
    expect([...all.keys()]).toEqual([
      'petition/001-petition-letter.pdf',
      'evidence/002-Prize _ Certificate.pdf',
      'evidence/003-Prize _ Award letter.pdf',
    ]);
    expect(all.get('petition/001-petition-letter.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(all.get('evidence/002-Prize _ Certificate.pdf')!.equals(await checkedPdf(t, c.plainUpload))).toBe(
      true,
    );

    // Another task's id with this signature, a changed expiry: refused. Another customer: 404.
    expectError(
      await t.app.inject({
        url: url.replace(`/task/${translation.id}/`, `/task/${review.id}/`),
        headers: { Language: 'en' },
      }),
      403,
      'task_link_invalid',
    );
    const later = url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`);
    expectError(await t.app.inject({ url: later, headers: { Language: 'en' } }), 403, 'task_link_invalid');
    const stranger = await taskOwner(t);
    expectError(
      await api.asCustomer(stranger, 'GET', `/api/customer/task/${translation.id}/get_zip_file_url/`),
      404,
      'not_found',
    );
    expectError(await api.submit(stranger, translation.id, ['evidence']), 404, 'not_found');
    expectError(await api.cancel(stranger, translation.id), 404, 'not_found');
    expectError(
      await api.asCustomer(stranger, 'GET', `/api/customer/task/${translation.id}/`),
      404,
      'not_found',
    );
    // Expired: 410 with a localised message.
    t.clock.advance(601_000);
    for (const lang of ['en', 'zh'] as const) {
      expectError(await t.app.inject({ url, headers: { Language: lang } }), 410, 'task_link_expired', lang);
    }
  });
});

describe('staff authorisation of the queue', () => {
  it('wrong roles are refused (403), a customer token is refused (401), each role sees its own service', async () => {
    const c = await preparedCase();
    const { review, translation } = await api.tasksOf(c.o);
    await api.submit(c.o, review.id, ['evidence']);
    await api.submit(c.o, translation.id, ['evidence']);
    for (const role of ['finance', 'consultant', 'content_editor'] as const) {
      const s = await newStaff(t, role);
      expectError(await api.asStaff(s, 'GET', '/api/staff/task/'), 403, 'staff_forbidden');
      expectError(await api.claim(s, review.id), 403, 'staff_forbidden');
    }
    const customerAsStaff = await t.app.inject({
      method: 'POST',
      url: `/api/staff/task/${review.id}/claim/`,
      headers: { Language: 'en', ...c.o.user.auth },
    });
    expectError(customerAsStaff, 401, 'staff_unauthorized');
    const reviewer = await newStaff(t, 'reviewer');
    const translator = await newStaff(t, 'translator');
    const admin = await newStaff(t, 'admin');
    const ids = async (s: StaffLogin) =>
      (await api.asStaff(s, 'GET', '/api/staff/task/?size=100')).json().results as Array<{
        id: number;
        service: string;
      }>;
    expect((await ids(reviewer)).every((x) => x.service === 'REVIEW')).toBe(true);
    expect((await ids(reviewer)).map((x) => x.id)).toContain(review.id);
    expect((await ids(translator)).every((x) => x.service === 'TRANSLATION')).toBe(true);
    expect((await ids(admin)).map((x) => x.id)).toEqual(expect.arrayContaining([review.id, translation.id]));
    expectError(
      await api.asStaff(reviewer, 'GET', '/api/staff/task/?service=TRANSLATION'),
      403,
      'task_wrong_service',
    );
    expectError(
      await api.asStaff(translator, 'GET', `/api/staff/task/${review.id}/`),
      403,
      'task_wrong_service',
    );
    // A refused mutating call is audited too.
    const before = (await auditActions(translator)).length;
    await api.claim(translator, review.id);
    expect((await auditActions(translator)).length).toBe(before + 1);
    const [row] = await t.ctx.db.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, translator.id), eq(staffAudit.targetType, 'request')));
    expect((row!.detail as { status: number }).status).toBe(403);
    // Staff may fetch the materials' link of a task their role handles.
    const sl = await api.asStaff(translator, 'GET', `/api/staff/task/${translation.id}/get_zip_file_url/`);
    expect(sl.statusCode).toBe(200);
    expect((await t.app.inject({ url: sl.json().url })).statusCode).toBe(200);
  });

  it('answers another customer only what it answers for a task that does not exist', async () => {
    const o = await taskOwner(t);
    const someone = await login(t);
    const { review } = await api.tasksOf(o);
    const mine = await api.asCustomer({ ...o, user: someone }, 'GET', `/api/customer/task/${review.id}/`);
    const none = await api.asCustomer({ ...o, user: someone }, 'GET', '/api/customer/task/2147483000/');
    expect([mine.statusCode, none.statusCode]).toEqual([404, 404]);
    expect(mine.json()).toEqual(none.json());
    expect((await api.asCustomer({ ...o, user: someone }, 'GET', '/api/customer/task/')).json()).toEqual([]);
  });
});

describe("a refund ends the order's tasks", () => {
  it('a claimed review leaves the queue, its result is refused, the customer sees it cancelled', async () => {
    const { o } = await preparedCase();
    const { review } = await api.tasksOf(o);
    expect((await api.submit(o, review.id, ['petition'])).statusCode).toBe(200);
    const reviewer = await newStaff(t, 'reviewer');
    expect((await api.claim(reviewer, review.id)).statusCode).toBe(200);

    const shop = shopHelpers(() => t);
    const orders = (await injectAs(t, 'GET', '/api/customer/order/?page=1&size=5', { user: o.user })).json();
    const orderId = orders.results[0].id as number;
    const refunded = await shop.staff('POST', `/api/staff/order/${orderId}/refund/`, {
      payload: { reason: 'changed plans' },
      headers: { 'Idempotency-Key': shop.newKey() },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().status).toBe('refunded');

    expect((await api.tasksOf(o)).review.status).toBe('cancelled');
    const queue = await api.asStaff(reviewer, 'GET', '/api/staff/task/?service=REVIEW&size=100');
    expect(queue.json().results.some((x: { id: number }) => x.id === review.id)).toBe(false);
    expectError(await api.result(reviewer, review.id, { comments: 'Late comments' }), 409, 'task_state');
    // The customer cannot submit it again: the service ended with the refund.
    expect((await api.submit(o, review.id, ['petition'])).statusCode).toBe(403);
  });
});
