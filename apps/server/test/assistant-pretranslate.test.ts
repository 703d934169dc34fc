import { ZAssistantState, ZPretranslation } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantProviderError } from '../src/providers/assistant/assistant-provider.ts';
import { AWARD_PAGES, awardCase, consent, ScriptedProvider } from './assistant-fakes.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { expectError, fakeUpload, onCase } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';
import { newStaff } from './staff-factories.ts';
import { taskCalls, taskOwner } from './task-helpers.ts';

/**
 * Staff pre-translation of an exhibit's text (issue 33 item 5, staff side; decision 0086): a translator of the
 * task's service, the upload of the task's case, the customer's consent, the customer's quota.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());
const api = taskCalls(() => t);
const url = (task: number) => `/api/staff/task/${task}/assistant/pretranslate/`;

describe('pre-translation', () => {
  it('translates the pages of the task case’s upload, after the customer’s consent, on the customer’s quota', async () => {
    const p = new ScriptedProvider();
    t.ctx.assistant = p;
    const a = await taskOwner(t);
    const { file } = await awardCase(t, a);
    const { translation, review } = await api.tasksOf(a);
    const translator = await newStaff(t, 'translator');
    const reviewer = await newStaff(t, 'reviewer');
    const body = { upload_id: file.original, to: 'zh' };

    // No consent for the case: nothing is sent.
    for (const lang of ['en', 'zh'] as const) {
      expectError(
        await api.asStaff(translator, 'POST', url(translation.id), { payload: body, lang }),
        409,
        'assistant_consent_required',
        lang,
      );
    }
    expect(p.calls).toBe(0);
    await consent(t, a, p);

    p.next(async (req) => {
      const user = req.messages.find((m) => m.role === 'user')!.content;
      expect(user).toContain('<page n="1">');
      expect(user).toContain('412 nominations');
      return {
        text: '<page n="1">中国人工智能学会授予李伟博士2023年吴文俊优秀青年奖。</page>\n<page n="2">评奖委员会从412项提名中选出五名获奖者。<script>x</script></page>',
        finishReason: 'stop',
        usage: { promptTokens: 300, completionTokens: 80, totalTokens: 380 },
      };
    });
    const r = await api.asStaff(translator, 'POST', url(translation.id), { payload: body, lang: 'zh' });
    expect(r.statusCode, r.body).toBe(200);
    const out = ZPretranslation.parse(r.json());
    expect(out.pages).toEqual([
      { page: 1, text: '中国人工智能学会授予李伟博士2023年吴文俊优秀青年奖。' },
      { page: 2, text: '评奖委员会从412项提名中选出五名获奖者。' },
    ]);
    expect(out.msg).toBe(translate('zh', 'assistant:server.pretranslated', { pages: 2 }));
    expect(p.calls).toBe(1);
    // Counted to the customer.
    const q = ZAssistantState.parse((await onCase(t, a)('GET', 'assistant/')).json()).quota;
    expect(q.used_requests).toBe(1);
    expect(q.used_tokens).toBe(380);

    // A reviewer is not a translator (403 by role); a translator on a review task learns nothing (404).
    expect((await api.asStaff(reviewer, 'POST', url(review.id), { payload: body })).statusCode).toBe(403);
    expectError(await api.asStaff(translator, 'POST', url(review.id), { payload: body }), 404, 'not_found');
    // Another customer's task does not reach A's upload; an upload A's case does not use is 404 too.
    const b = await taskOwner(t);
    const bTasks = await api.tasksOf(b);
    expectError(
      await api.asStaff(translator, 'POST', url(bTasks.translation.id), { payload: body }),
      404,
      'not_found',
    );
    const loose = await fakeUpload(t, a, { name: 'unused.pdf' });
    expectError(
      await api.asStaff(translator, 'POST', url(translation.id), { payload: { upload_id: loose, to: 'en' } }),
      404,
      'not_found',
    );
    expect(p.calls).toBe(1);

    // The model failing on every chunk: 503 in the reader's language, never its text.
    p.next(async () => {
      throw new AssistantProviderError('unavailable', 'upstream 502', null, 502);
    });
    expectError(
      await api.asStaff(translator, 'POST', url(translation.id), { payload: body }),
      503,
      'assistant_provider_failed',
    );
    expect(AWARD_PAGES).toHaveLength(2);
  });
});
