import type { Locale } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buttonName, logInAs } from './accounts-support.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { signInAtConsole } from './staff-console.ts';
import { editorCredentials } from './staff-support.ts';
import { rememberLocale } from './support.ts';

/**
 * Issue 16 item 8 (decision 0035), in Chinese and in English, on a desktop and on a 390 px phone: a customer
 * asks a question in the Q&A zone; the content editor signs in at /staff, answers it in both languages and
 * publishes it; the customer finds the notification in their language and the answered question in the zone.
 */
for (const locale of ['zh', 'en'] as Locale[]) {
  const Q = resources[locale].qa as typeof resources.en.qa;
  const S = resources[locale].staff as typeof resources.en.staff;
  const W = resources[locale].queues as typeof resources.en.queues;
  const N = resources[locale].notifications as typeof resources.en.notifications;

  test(`Q&A: ask, answer and publish, notified, found (${locale})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const tag = `${locale}${testInfo.project.name}${Date.now()}`;
    const question =
      locale === 'zh' ? `加急处理要多久 ${tag}？` : `How long does premium processing take ${tag}?`;
    await logInAs(page);
    await rememberLocale(page, locale);

    // Customer: asks in the Q&A zone.
    await page.goto('/index/answer');
    await press(page.getByRole('button', { name: buttonName(Q.ask.button) }));
    const dialog = page.getByRole('dialog', { name: Q.ask.title });
    await dialog.getByLabel(Q.ask.question).fill(question);
    const asked = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/customer/qa/' && r.request().method() === 'POST',
    );
    await press(dialog.getByRole('button', { name: buttonName(Q.ask.submit) }));
    const id = ((await (await asked).json()) as { id: number }).id;
    await expect(dialog).toBeHidden();

    // Content editor: signs in, opens the questions waiting for an answer, answers in both languages, publishes.
    const editor = await editorCredentials(page.request);
    await signInAtConsole(page, locale, editor);
    await press(page.getByRole('button', { name: buttonName(S.nav.inbox) }));
    await expect(page.getByRole('heading', { name: W.inbox.title })).toBeVisible();
    await expect(page.getByText(question)).toBeVisible();
    await checkScreen(page, `staff-inbox-qa-${locale}`);
    await press(page.getByRole('button', { name: W.qa.answer.replace('{{id}}', String(id)) }));
    await expect(page.getByRole('heading', { name: W.qa.title.replace('{{id}}', String(id)) })).toBeVisible();
    const other = locale === 'zh' ? W.qa.questionEn : W.qa.questionZh;
    await expect(page.getByLabel(locale === 'zh' ? W.qa.questionZh : W.qa.questionEn)).toHaveValue(question);
    await page
      .getByLabel(other)
      .fill(locale === 'zh' ? `How long does premium processing take ${tag}?` : `加急处理要多久 ${tag}？`);
    await page.getByLabel(W.qa.answerZh).fill(`十五个工作日左右 ${tag}。`);
    await page.getByLabel(W.qa.answerEn).fill(`About fifteen business days ${tag}.`);
    await press(page.getByRole('button', { name: buttonName(W.qa.save) }));
    await expect(page.getByRole('button', { name: buttonName(W.qa.publish) })).toBeEnabled();
    await press(page.getByRole('button', { name: buttonName(W.qa.publish) }));
    await expect(page.getByTestId('qa-published')).toHaveText(W.qa.isPublished);
    await checkScreen(page, `staff-qa-answer-${locale}`);
    // The content screen: files, form editions, the dated fee table (shipped rows listed).
    await press(page.getByRole('button', { name: buttonName(S.nav.content) }));
    await expect(page.getByRole('heading', { name: W.content.fees })).toBeVisible();
    await expect(page.getByText(W.content.feeKeys.i907).first()).toBeVisible();
    await checkScreen(page, `staff-content-${locale}`);

    // Customer: the notification in their language, and the question answered in the zone.
    await page.goto('/personalCenter/messageRemind');
    await expect(page.locator('.message-row').getByText(N.qa_answered)).toBeVisible();
    await page.goto('/index/answer');
    const box = page.getByRole('searchbox', { name: Q.search.label });
    await box.fill(tag);
    await box.press('Enter');
    const list = page.getByRole('region', { name: Q.list.label });
    await expect(list.getByText(question)).toBeVisible();
    await list.getByText(question).click();
    await expect(
      list.getByText(locale === 'zh' ? `十五个工作日左右 ${tag}。` : `About fifteen business days ${tag}.`),
    ).toBeVisible();
  });
}
