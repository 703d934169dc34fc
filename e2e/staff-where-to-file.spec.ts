import type { Locale } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buttonName } from './accounts-support.ts';
import { animationsSettled, checkScreen, expect, press, test } from './fixtures.ts';
import { signInAtConsole } from './staff-console.ts';
import { editorCredentials } from './staff-support.ts';
import { rememberLocale } from './support.ts';

/**
 * Where to file (issue 30 item 3; decision 0067): a content editor opens the content screen, sees the shipped
 * version of the I-140 filing-address table in force, is refused a version taking effect today, and publishes
 * one from a future date (listed as upcoming, the old one still in force).
 */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const locale of ['zh', 'en'] as Locale[]) {
  test(`Where to file: a content editor publishes a new version (${locale})`, async ({ page }, testInfo) => {
    const S = resources[locale].staff as typeof resources.en.staff;
    const W = resources[locale].queues as typeof resources.en.queues;
    const E = resources[locale].errors as typeof resources.en.errors;
    // Each run of this journey (language × project × repetition) its own effective date: one version per day.
    const run = (locale === 'zh' ? 0 : 1) + (testInfo.project.name === 'mobile' ? 2 : 0);
    const from = day(40 + run + 4 * (testInfo.repeatEachIndex + 10 * testInfo.retry));
    await rememberLocale(page, locale);
    await signInAtConsole(page, locale, await editorCredentials(page.request));
    await press(page.getByRole('button', { name: buttonName(S.nav.content) }));
    const section = page.getByRole('region', { name: W.whereToFile.title });
    await expect(section).toBeVisible();
    await expect(section.getByText('2024-04-01')).toBeVisible();
    await expect(section.getByText(W.whereToFile.inForce).first()).toBeVisible();

    const date = async (label: string, value: string) => {
      const input = section.getByLabel(label);
      await input.click();
      await input.fill(value);
      await input.press('Enter');
      await expect(input).toHaveValue(value);
      // On to the next text field: a picker left focused takes the focus back and scrolls the page to itself.
      await press(section.getByLabel(W.whereToFile.sourceUrl));
      await animationsSettled(page);
      await expect(section.getByLabel(W.whereToFile.sourceUrl)).toBeFocused();
      await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
    };
    await date(W.whereToFile.checked, day(0));
    // Today: refused, the table's history is never rewritten.
    await date(W.whereToFile.from, day(0));
    await press(section.getByRole('button', { name: buttonName(W.whereToFile.publish) }));
    await expect(section.getByRole('alert')).toContainText(E.where_to_file_past);

    // The editor comes back to the screen and publishes from a future date.
    await page.reload();
    await expect(section.getByText(W.whereToFile.inForce).first()).toBeVisible();
    await date(W.whereToFile.checked, day(0));
    await date(W.whereToFile.from, from);
    const published = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/staff/where_to_file/' && r.request().method() === 'POST',
    );
    await press(section.getByRole('button', { name: buttonName(W.whereToFile.publish) }));
    expect((await published).status()).toBe(200);
    await expect(section.getByText(from)).toBeVisible();
    await expect(section.getByText(W.whereToFile.future).first()).toBeVisible();
    await checkScreen(page, `staff-where-to-file-${locale}`);
  });
}
