import { LANGUAGE_HEADER, type Locale, ZFiling } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Page } from '@playwright/test';
import { buttonName, buyBaseViaApi } from './accounts-support.ts';
import { caseSeed } from './case-seed.ts';
import { checkScreen, chooseOption, expect, isPhone, press, test } from './fixtures.ts';
import { blankPdf } from './pdf-bytes.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 32 items 1, 2, 3, 5 (decision 0081), desktop in Chinese and a 390 px phone in English, over the real server
 * with the console case status provider and the scheduler on a 2 s tick (playwright.config.ts): on the Schedule tab
 * the mailing is recorded, a receipt with an invalid number is refused under its field, IOE… is accepted with its
 * I-797C uploaded, the first status polled from USCIS arrives without a reload, a status is entered by hand, and
 * the stage set to approved shows its next steps.
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));
const day = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => day(new Date(Date.now() - n * 86_400_000));

async function fillDay(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(value);
  // Tab, not Enter: Enter in a picker inside a form also submits the form (the mailing was saved without its carrier).
  await input.press('Tab');
  await expect(input).toHaveValue(value);
}

test('record the mailing and a receipt, see USCIS status arrive, enter one by hand, set the stage', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const locale: Locale = isPhone() ? 'en' : 'zh';
  const T = resources[locale].filing;
  const errors = collectPageErrors(page);
  if (locale === 'en') await rememberLocale(page, 'en');
  const token = (await sharedLogin().start(page)).access_token;
  const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
  await buyBaseViaApi(page.request, token, 'USA_EB1A');
  const caseId = await caseSeed(page.request, token, 'USA_EB1A', locale).open();

  await page.goto('/EB-1A');
  const panel = page.getByTestId('after-filing');
  await expect(panel).toBeVisible({ timeout: 30_000 });

  await test.step('record the mailing', async () => {
    await fillDay(page, 'mailing-date', daysAgo(20));
    await chooseOption(page, page.getByTestId('mailing-carrier'), T.carriers.fedex);
    await page.getByTestId('mailing-tracking').fill('7712 3456 7890');
    await press(page.getByTestId('mailing-save'));
    await expect(page.getByTestId('filing-mailed')).toContainText(T.carriers.fedex);
    await expect(page.getByTestId('receipt-add')).toBeVisible();
  });

  // A number of this run's own: the console provider keeps one timeline per receipt number in the server process,
  // which both projects share (an even last digit: Received, then Approved).
  const number = `IOE${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}8`;
  await test.step('a receipt: an invalid number refused under its field, IOE… accepted with the I-797C', async () => {
    await press(page.getByTestId('receipt-add'));
    const dialog = page.getByTestId('receipt-dialog');
    await page.getByTestId('receipt-number').fill('ABC12345');
    await fillDay(page, 'receipt-notice-date', daysAgo(10));
    await page.getByTestId('receipt-premium').click();
    await press(page.getByRole('dialog').getByRole('button', { name: buttonName(T.actions.save) }));
    await expect(dialog).toContainText(T.server.receipt_number_invalid);
    await page.getByTestId('receipt-number').fill(number);
    await dialog.getByTestId('upload-input').setInputFiles({
      name: 'i-797c.pdf',
      mimeType: 'application/pdf',
      buffer: blankPdf(1),
    });
    await expect(dialog.getByTestId('upload-ready')).toBeVisible({ timeout: 60_000 });
    await expectFitsViewport(page);
    await press(page.getByRole('dialog').getByRole('button', { name: buttonName(T.actions.save) }));
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`receipt-${number}`)).toBeVisible();
    await expect(page.getByTestId('premium-clock')).toBeVisible();
  });

  const card = page.getByTestId(`receipt-${number}`);
  await test.step("the console provider's first status arrives on the screen without a reload", async () => {
    await expect(card.getByTestId('receipt-status-title')).toHaveText('Case Was Received', {
      timeout: 40_000,
    });
    await expect(card.getByTestId('receipt-status-source')).toHaveText(T.source_kind.uscis);
  });

  await test.step('enter a status by hand', async () => {
    await press(card.getByTestId('receipt-enter-status'));
    await chooseOption(page, page.getByTestId('status-code'), T.codes.fingerprints);
    const words = locale === 'zh' ? '已在 ASC 采集指纹' : 'Biometrics taken at the ASC';
    await page.getByTestId('status-text').fill(words);
    await fillDay(page, 'status-occurred-on', daysAgo(2));
    await press(page.getByRole('dialog').getByRole('button', { name: buttonName(T.actions.save) }));
    await expect(card.getByTestId('receipt-status-title')).toHaveText(words);
    await expect(card.getByTestId('receipt-status-source')).toHaveText(T.source_kind.manual);
  });

  await test.step('the stage set to approved shows its next steps', async () => {
    await chooseOption(page, page.getByTestId('stage-select'), T.stages.approved);
    await fillDay(page, 'stage-date', daysAgo(1));
    await press(page.getByTestId('stage-save'));
    await expect(page.getByTestId('filing-stage-current')).toHaveText(T.stages.approved);
    await expect(page.getByTestId('next-steps')).toContainText(T.next_steps.adjust_status.title);
    const filing = ZFiling.parse(
      await (await page.request.get(`/api/customer/case/${caseId}/filing/`, { headers })).json(),
    );
    expect(filing.stage).toBe('approved');
    expect(filing.receipts[0]!.history.some((h) => h.source === 'uscis')).toBe(true);
    await checkScreen(page, '/EB-1A (after filing)');
    await expectFitsViewport(page);
  });
  expect(unexpected(errors)).toEqual([]);
});
