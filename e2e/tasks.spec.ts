import { LANGUAGE_HEADER, type Locale } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { apiLogin, buttonName, buyBaseViaApi, storeSession } from './accounts-support.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { reviewerCredentials } from './staff-support.ts';
import { rememberLocale } from './support.ts';

/**
 * Issue 16 (web, decision 0032), in Chinese and in English, on a desktop and on a 390 px phone: a customer with
 * base + review submits a review from the personal centre; the reviewer signs in at /staff, claims it and sends
 * comments; the customer opens Review result and reads them.
 */
for (const locale of ['zh', 'en'] as Locale[]) {
  const T = resources[locale].tasks as typeof resources.en.tasks;
  const S = resources[locale].staff as typeof resources.en.staff;
  const R = resources[locale].shop.rights.tasks as Record<string, string>;
  const N = resources[locale].notifications as Record<string, string>;
  const WB = resources[locale].workbench as typeof resources.en.workbench;
  const W = WB.documents;
  const M = resources[locale].messages as Record<string, string>;
  const E = resources[locale].errors as Record<string, string>;

  test(`review: submit, claim, comments, Review result (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const login = await apiLogin(page.request);
    await buyBaseViaApi(page.request, login.access_token, 'USA_EB1A', ['REVIEW', 'TRANSLATION']);
    await storeSession(page, login);
    await rememberLocale(page, locale);
    const headers = { Authorization: `Bearer ${login.access_token}`, [LANGUAGE_HEADER]: locale };

    // Both services bought (issue 13 item 7): submitting the petition letter from the schedule asks "Please
    // choose service used" first; the customer chooses review, and only then is the letter submitted.
    const caseId = (
      (await (await page.request.get('/api/customer/case/?project_code=USA_EB1A', { headers })).json()) as {
        id: number;
      }
    ).id;
    const letter = await page.request.put(`/api/customer/case/${caseId}/documents/petition_letter/`, {
      headers,
      data: {
        version: 0,
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Dear Officer,' }] }],
        },
      },
    });
    expect(letter.ok(), await letter.text()).toBe(true);
    await page.goto('/EB-1A');
    const stage = page.getByTestId('stage-petition');
    await expect(stage.getByTestId('stage-status')).toHaveText(WB.stage_status.complete);
    await press(stage.getByRole('button', { name: buttonName(WB.schedule.submit) }));
    const choice = page.getByRole('dialog', { name: W.services.title });
    await expect(choice).toBeVisible();
    await expect(stage.getByTestId('stage-status')).toHaveText(WB.stage_status.complete);
    await checkScreen(page, `service-choice-${locale}`);
    await press(choice.getByText(W.services.review, { exact: true }));
    // antd's own OK of the dialog, in the page's language.
    await press(choice.getByRole('button', { name: buttonName(locale === 'zh' ? '确定' : 'OK') }));
    await expect(page.getByText(M.service_choice_saved!)).toBeVisible();
    await expect(page.getByText(WB.stage_submitted)).toBeVisible();
    // The schedule then goes on to the next stage's tab; the petition stage is recorded as submitted.
    await expect
      .poll(async () => {
        const c = (await (await page.request.get(`/api/customer/case/${caseId}/`, { headers })).json()) as {
          stages: { key: string; status: string }[];
        };
        return c.stages.find((x) => x.key === 'petition')?.status;
      })
      .toBe('submitted');
    // The petition letter screen shows the stored choice (the document's GET answers it).
    await page.goto('/EB-1A/petition');
    await press(page.getByRole('button', { name: buttonName(W.services.open) }));
    await expect(
      page.getByRole('dialog', { name: W.services.title }).getByRole('radio', { name: W.services.review }),
    ).toBeChecked();
    await press(
      page
        .getByRole('dialog', { name: W.services.title })
        .getByRole('button', { name: buttonName(locale === 'zh' ? '取消' : 'Cancel') }),
    );

    // Customer: the review row offers Submit; the dialog chooses what it covers (the petition letter).
    const tasks = await (
      await page.request.get('/api/customer/task/?project_code=USA_EB1A', { headers })
    ).json();
    const taskId = (tasks as { id: number; service: string }[]).find((x) => x.service === 'REVIEW')!.id;
    await page.goto('/personalCenter/purchaseRecord');
    await expect(page.getByTestId(/^task-actions-\d+$/)).toHaveCount(2);
    const actions = page.getByTestId(`task-actions-${taskId}`);
    await expect(actions.getByRole('button', { name: buttonName(T.actions.cancel) })).toHaveCount(0);
    await press(actions.getByRole('button', { name: buttonName(T.actions.submit) }));
    const submit = page.getByRole('dialog');
    await expect(submit.getByRole('checkbox', { name: T.covers.petition })).toBeChecked();
    for (const cover of ['plan', 'evidence', 'letters'] as const)
      await press(submit.getByRole('checkbox', { name: T.covers[cover] }));
    await checkScreen(page, `task-submit-${locale}`);
    await press(submit.getByRole('button', { name: buttonName(T.actions.submit) }));
    await expect(submit).toBeHidden();
    await expect(page.getByText(R.submitted!, { exact: true })).toBeVisible();
    await checkScreen(page, `task-rights-${locale}`);
    // Cancel (confirmed) before it is claimed, then submit again with the same choice.
    await press(actions.getByRole('button', { name: buttonName(T.actions.cancel) }));
    const cancel = page.getByRole('dialog');
    await expect(cancel).toContainText(T.cancel.body);
    await press(cancel.getByRole('button', { name: buttonName(T.cancel.ok) }));
    await expect(page.getByText(R.cancelled!, { exact: true })).toBeVisible();
    await press(actions.getByRole('button', { name: buttonName(T.actions.submit) }));
    await expect(page.getByRole('dialog').getByRole('checkbox', { name: T.covers.plan })).not.toBeChecked();
    await press(page.getByRole('dialog').getByRole('button', { name: buttonName(T.actions.submit) }));
    await expect(page.getByText(R.submitted!, { exact: true })).toBeVisible();

    // Reviewer: signs in on the console's own screen, finds the task in the queue, claims it, sends comments.
    const reviewer = await reviewerCredentials(page.request);
    await page.goto('/staff');
    await page.getByLabel(S.signIn.username).fill(reviewer.username);
    await page.getByLabel(S.signIn.password).fill(reviewer.password);
    await checkScreen(page, `staff-sign-in-${locale}`);
    await press(page.getByRole('button', { name: buttonName(S.signIn.submit) }));
    await expect(page.getByRole('heading', { name: S.queue.title })).toBeVisible();
    await checkScreen(page, `staff-queue-${locale}`);
    await press(page.getByRole('button', { name: S.queue.openTask.replace('{{id}}', String(taskId)) }));
    await expect(
      page.getByRole('heading', { name: S.task.title.replace('{{id}}', String(taskId)) }),
    ).toBeVisible();
    await press(page.getByRole('button', { name: buttonName(S.task.claim) }));
    await expect(page.getByTestId('staff-task-status')).toHaveText(R.in_progress!);
    await checkScreen(page, `staff-task-${locale}`);
    // While the review is in progress the petition letter is locked: the customer's save is refused with the
    // spec's message (the workbench shows the same answer).
    const kase = await (
      await page.request.get('/api/customer/case/?project_code=USA_EB1A', { headers })
    ).json();
    const docUrl = `/api/customer/case/${kase.id}/documents/petition_letter/`;
    const doc = await (await page.request.get(docUrl, { headers })).json();
    const save = await page.request.put(docUrl, {
      headers,
      data: {
        version: doc.version,
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Edit' }] }] },
      },
    });
    expect(save.status()).toBe(409);
    expect((await save.json()).msg).toBe(E.case_locked);
    const comments = `Comments ${locale} ${taskId}: strengthen the awards section.`;
    await page.getByLabel(S.task.comments).fill(comments);
    await press(page.getByRole('button', { name: buttonName(S.task.sendResult) }));
    await expect(page.getByTestId('staff-task-status')).toHaveText(R.audited!);
    await expect(page.getByTestId('task-result-comments')).toHaveText(comments);

    // Customer: the row now shows the result and offers Review result and Resubmit.
    await page.goto('/personalCenter/purchaseRecord');
    await expect(page.getByText(R.audited!, { exact: true })).toBeVisible();
    await expect(actions.getByRole('button', { name: buttonName(T.actions.resubmit) })).toBeVisible();
    await press(actions.getByRole('button', { name: buttonName(T.actions.result) }));
    const result = page.getByRole('dialog');
    await expect(result.getByTestId('task-result-comments')).toHaveText(comments);
    await expect(result).toContainText(reviewer.username);
    await checkScreen(page, `task-result-${locale}`);

    // Both steps were notified, in the customer's language.
    await page.goto('/personalCenter/messageRemind');
    await expect(page.getByText(N.task_claimed_review!, { exact: true })).toBeVisible();
    await expect(page.getByText(N.task_result_review!, { exact: true })).toBeVisible();

    // The workbench's right side (My services) shows the same task and actions.
    await page.goto('/EB-1A');
    const side = page.getByTestId('side-task');
    await expect(side.getByText(R.audited!, { exact: true })).toBeVisible();
    await press(side.getByRole('button', { name: buttonName(T.actions.result) }));
    await expect(page.getByRole('dialog').getByTestId('task-result-comments')).toHaveText(comments);
  });
}
