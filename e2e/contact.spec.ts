import type { Locale } from '@dossier/contract';
import { DIALOG_WIDTH_APPOINTMENT, DIALOG_WIDTH_CONFIRMATION, LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Locator, Page } from '@playwright/test';
import { buttonName, logInAs, uniquePhone } from './accounts-support.ts';
import { checkScreen, expect, isPhone, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';

/** A day well in the future (in every time zone), as the date picker takes it. */
function futureDate(): string {
  const d = new Date(Date.now() + 10 * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The rendered width once the opening animation (a zoom) has finished; on a phone a dialog is a full-width sheet. */
async function expectWidth(modal: Locator, width: number) {
  const expected = isPhone() ? 390 : width;
  await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(expected);
}

/** The `.ant-modal` box of the dialog titled `title`. */
function modalTitled(page: Page, title: string): Locator {
  return page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
}

async function fillAppointment(page: Page, locale: Locale, dialog: Locator) {
  const T = resources[locale].contact;
  await dialog.getByLabel(T.form.name, { exact: true }).fill(locale === 'zh' ? '李四' : 'Jane Doe');
  await dialog.getByLabel(T.form.email, { exact: true }).fill('jane@example.com');
  await dialog.getByLabel(T.form.wechat, { exact: true }).fill('jane_wx');
  // The hour select is disabled until a date is chosen.
  const range = dialog.locator('.appointment-modal__range');
  await expect(range).toHaveClass(/ant-select-disabled/);
  const date = dialog.locator('.appointment-modal__date input');
  const day = futureDate();
  await date.click();
  await date.fill(day);
  // Tab, not Enter: Enter in a picker inside a form also submits the form, whose re-render then closed the hour
  // list under the click (the logged-in journey failed its first try so, on both sizes, in the 2026-11-30 rehearsal).
  await date.press('Tab');
  await expect(date).toHaveValue(day);
  await expect(range).not.toHaveClass(/ant-select-disabled/);
  // Both pressed in view (press): on a phone the list opens below the fold of the sheet.
  await press(range);
  await press(
    page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: T.form.ranges.pm })
      .first(),
  );
  await expect(range).toContainText(T.form.ranges.pm);
}

for (const locale of LOCALES) {
  const T = resources[locale].contact;
  const A = resources[locale].account;
  const M = resources[locale].messages;

  test.describe(`agent appointment (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
    });

    test('a visitor books with the SMS code and sees the 550 px form and the 400 px confirmation', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await page.goto('/index/immigrant');
      await expect(page.getByRole('heading', { level: 2, name: T.intro.title })).toBeVisible();
      await page.getByRole('button', { name: buttonName(T.intro.cta) }).click();
      const dialog = page.getByRole('dialog', { name: T.form.title });
      await expect(dialog).toBeVisible();
      await expectWidth(modalTitled(page, T.form.title), DIALOG_WIDTH_APPOINTMENT);
      await checkScreen(page, '/index/immigrant appointment dialog');

      await dialog.getByLabel(T.form.phone, { exact: true }).fill(uniquePhone());
      await dialog.getByRole('button', { name: buttonName(A.form.getCode) }).click();
      const captcha = page.getByRole('dialog', { name: A.captcha.title });
      await expect(captcha.getByRole('img', { name: A.captcha.imageAlt })).toBeVisible();
      await captcha.getByPlaceholder(A.captcha.input).fill('e2e3');
      await captcha.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(captcha).toBeHidden();
      await expect(dialog.getByPlaceholder(A.form.smsCodePlaceholder)).toHaveValue(/^\d{6}$/);

      await fillAppointment(page, locale, dialog);
      await dialog.getByRole('button', { name: buttonName(T.form.submit) }).click();

      await expect(page.getByText(M.contact_submitted)).toBeVisible();
      await expect(dialog).toBeHidden();
      const done = page.getByRole('dialog', { name: T.done.title });
      await expect(done).toBeVisible();
      await expectWidth(modalTitled(page, T.done.title), DIALOG_WIDTH_CONFIRMATION);
      await done.getByRole('button', { name: buttonName(T.done.ok) }).click();
      await expect(done).toBeHidden();
      expect(errors).toEqual([]);
    });

    test('a typed past date is kept and refused with the reason', async ({ page }) => {
      const E = resources[locale].errors as Record<string, string>;
      await logInAs(page);
      await page.goto('/index/immigrant');
      await page.getByRole('button', { name: buttonName(T.intro.cta) }).click();
      const dialog = page.getByRole('dialog', { name: T.form.title });
      const date = dialog.locator('.appointment-modal__date input');
      const past = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
      await date.click();
      await date.fill(past);
      await date.press('Enter');
      await expect(date).toHaveValue(past);
      const item = dialog.locator('.ant-form-item').filter({ has: page.locator('.appointment-modal__date') });
      await expect(item.locator('.ant-form-item-explain-error')).toHaveText(E.contact_date_past!);
      // Still there after leaving the field.
      await dialog.getByLabel(T.form.name, { exact: true }).click();
      await expect(date).toHaveValue(past);
    });

    test('a logged-in customer books without a code, the phone prefilled and locked', async ({ page }) => {
      const errors = collectPageErrors(page);
      const me = await logInAs(page);
      await page.goto('/index/immigrant');
      await page.getByRole('button', { name: buttonName(T.intro.cta) }).click();
      const dialog = page.getByRole('dialog', { name: T.form.title });
      const phone = dialog.getByLabel(T.form.phone, { exact: true });
      await expect(phone).toHaveValue(me.customer.phone);
      await expect(phone).toBeDisabled();
      await expect(dialog.getByPlaceholder(A.form.smsCodePlaceholder)).toHaveCount(0);

      await fillAppointment(page, locale, dialog);
      await dialog.getByRole('button', { name: buttonName(T.form.submit) }).click();
      await expect(page.getByText(M.contact_submitted)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('dialog', { name: T.done.title })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
