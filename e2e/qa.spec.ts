import type { Locale } from '@dossier/contract';
import { LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Page } from '@playwright/test';
import { buttonName, logInAs } from './accounts-support.ts';
import { checkScreen, expect, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';

/** A keyword in each language and a seeded question it finds (apps/server/src/db/seed/qa.data.ts). */
const SEARCHES: Record<Locale, { keyword: string; finds: string; other: string }[]> = {
  zh: [
    { keyword: '推荐信', finds: '推荐信需要几封？应该找谁写？', other: 'EB-1A 的十项标准是什么？' },
    { keyword: 'Dhanasar', finds: 'NIW 的 Dhanasar 三要素是什么？', other: 'EB-1A 的十项标准是什么？' },
  ],
  en: [
    {
      keyword: 'premium processing',
      finds: 'How much does premium processing cost, and how fast is it?',
      other: 'What are the ten EB-1A criteria?',
    },
    {
      keyword: 'Dhanasar',
      finds: 'What are the three Dhanasar prongs for NIW?',
      other: 'What are the ten EB-1A criteria?',
    },
  ],
};

async function searchFor(page: Page, locale: Locale, keyword: string) {
  const T = resources[locale].qa;
  const box = page.getByRole('searchbox', { name: T.search.label });
  await box.fill(keyword);
  await box.press('Enter');
}

for (const locale of LOCALES) {
  const T = resources[locale].qa;
  const messages = resources[locale].messages;

  test.describe(`Q&A zone (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
    });

    test('searches by keyword in both scripts and shows matching questions with answers', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await page.goto('/index/answer');
      const list = page.getByRole('region', { name: T.list.label });
      await expect(list).toBeVisible();
      await checkScreen(page, '/index/answer');
      for (const s of SEARCHES[locale]) {
        await searchFor(page, locale, s.keyword);
        await expect(list.getByText(s.finds)).toBeVisible();
        await expect(list.getByText(s.other)).toHaveCount(0);
      }
      // A question expands to its answer.
      await list.getByText(SEARCHES[locale][1]!.finds).click();
      await expect(list.locator('.qa-zone__answer').first()).toBeVisible();
      await checkScreen(page, '/index/answer results');
      // The searches became hot keywords; clicking one searches again.
      const hot = page.locator('.qa-zone__hot');
      await expect(hot.getByText(SEARCHES[locale][0]!.keyword.toLowerCase(), { exact: true })).toBeVisible();
      await hot.getByText(SEARCHES[locale][0]!.keyword.toLowerCase(), { exact: true }).click();
      await expect(list.getByText(SEARCHES[locale][0]!.finds)).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('a visitor who asks is sent to /login; a logged-in user asks and is thanked', async ({ page }) => {
      await page.goto('/index/answer');
      await page.getByRole('button', { name: buttonName(T.ask.button) }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(T.ask.needLogin)).toBeVisible();

      await logInAs(page);
      await page.goto('/index/answer');
      await page.getByRole('button', { name: buttonName(T.ask.button) }).click();
      const dialog = page.getByRole('dialog', { name: T.ask.title });
      await expect(dialog).toBeVisible();
      await checkScreen(page, '/index/answer ask dialog');
      await dialog.getByRole('button', { name: buttonName(T.ask.submit) }).click();
      await expect(dialog.getByText(T.ask.blank)).toBeVisible();
      await checkScreen(page, '/index/answer ask dialog (blank refused)');
      await dialog
        .getByLabel(T.ask.question)
        .fill(locale === 'zh' ? '配偶可以一起申请吗？' : 'Can my spouse apply with me?');
      await dialog.getByRole('button', { name: buttonName(T.ask.submit) }).click();
      await expect(page.getByText(messages.qa_question_submitted)).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    test('a visitor makes a suggestion and is thanked', async ({ page }) => {
      await page.goto('/index/answer');
      await page.getByRole('button', { name: buttonName(T.advice.button) }).click();
      const dialog = page.getByRole('dialog', { name: T.advice.title });
      await expect(dialog).toBeVisible();
      await checkScreen(page, '/index/answer suggestion dialog');
      await dialog
        .getByLabel(T.advice.content)
        .fill(locale === 'zh' ? '希望增加更多案例' : 'More examples, please');
      await dialog.getByRole('button', { name: buttonName(T.advice.submit) }).click();
      await expect(page.getByText(messages.advice_submitted)).toBeVisible();
    });
  });
}
