import type { Locale, ProjectCode } from '@dossier/contract';
import { LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Page } from '@playwright/test';
import { buttonName, logInAs, storedSession } from './accounts-support.ts';
import { expect as baseExpect, checkScreen, expectNoClippedTables, press, test } from './fixtures.ts';
import { financeToken } from './staff-support.ts';
import { collectPageErrors, rememberLocale } from './support.ts';

// Whole purchase journeys on a shared 2-core machine: more time per test and per wait than the defaults.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** The client logs refused calls (4xx) in the console; anything else is a real error. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/status of 4\d\d/.test(e));
}

/** The shop from the package comparison to the payment dialog, for the base service of `project`. */
async function orderBase(page: Page, locale: Locale, project: ProjectCode) {
  const S = resources[locale].shop;
  await page.goto('/payService');
  await expect(page.getByRole('heading', { level: 2, name: S.intro.title })).toBeVisible();
  await page.locator('label.ant-radio-button-wrapper', { hasText: S.projects[project] }).click();
  await expect(page.getByRole('radio', { name: S.projects[project], exact: true })).toBeChecked();
  const base = page.getByTestId('package-DIY_STANDARD');
  await expect(base).toContainText('$599.00');
  await expect(base).toContainText(S.card.singleUse);
  // Add-ons are not for sale alone: their cards offer them together with the base, as the order panel does.
  await expect(page.getByTestId('package-TRANSLATION').getByTestId('package-with-base')).toBeEnabled();
  await expect(page.getByTestId('package-not-available')).toHaveCount(0);
  await checkScreen(page, '/payService');
  await base.getByTestId('package-purchase-now').click();

  const notice = page.getByRole('dialog', { name: S.notice.title });
  await expect(notice).toBeVisible();
  const go = notice.getByRole('button', { name: buttonName(S.notice.continue) });
  await expect(go).toBeDisabled();
  await checkScreen(page, '/payService purchase notice');
  await notice.getByLabel(S.agreement.accept).check();
  await go.click();
  await expect(notice).toBeHidden();

  const panel = page.getByTestId('shop-order');
  await expect(panel.getByTestId('quote-payable')).toHaveText('$599.00');
  await expect(panel).toContainText(S.quote.rate.split('{{')[0]!.trim());
  await panel.getByTestId('create-order').click();
  const pay = page.getByRole('dialog', { name: S.payment.title });
  await expect(pay).toBeVisible();
  await checkScreen(page, '/payService payment dialog');
  return pay;
}

/**
 * The base on its card, the purchase notice accepted, then "Buy with the basic service" on Review and on
 * Translation (issue 27 item 12): the order panel, quoted at $599 + $299 + $399.
 */
async function chooseBaseAndTwoAddons(page: Page, locale: Locale) {
  const S = resources[locale].shop;
  await page.goto('/payService?project=USA_EB1A');
  await expect(page.getByRole('radio', { name: S.projects.USA_EB1A, exact: true })).toBeChecked();
  await press(page.getByTestId('package-DIY_STANDARD').getByTestId('package-purchase-now'));
  const notice = page.getByRole('dialog', { name: S.notice.title });
  await notice.getByLabel(S.agreement.accept).check();
  await press(notice.getByRole('button', { name: buttonName(S.notice.continue) }));
  await expect(notice).toBeHidden();
  const panel = page.getByTestId('shop-order');
  await expect(panel.getByTestId('quote-payable')).toHaveText('$599.00');
  // Each add-on joins the base and the add-ons before it; none replaces another.
  await press(page.getByTestId('package-REVIEW').getByTestId('package-with-base'));
  await expect(panel.getByTestId('quote-payable')).toHaveText('$898.00');
  await press(page.getByTestId('package-TRANSLATION').getByTestId('package-with-base'));
  await expect(panel.getByTestId('quote-payable')).toHaveText('$1,297.00');
  return panel;
}

for (const locale of LOCALES) {
  const S = resources[locale].shop;
  const E = resources[locale].errors as Record<string, string>;
  const M = resources[locale].messages as Record<string, string>;
  const W = resources[locale].workbench;

  test.describe(`shop (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
    });

    test('buys the EB-1A base with the sandbox TEST checkout, then the workbench opens', async ({ page }) => {
      const errors = collectPageErrors(page);
      await logInAs(page);
      const pay = await orderBase(page, locale, 'USA_EB1A');
      await pay.getByText(S.payment.methods.online.label).click();
      await pay.getByRole('button', { name: buttonName(S.payment.confirm) }).click();

      await expect(page).toHaveURL(/\/payService\/sandbox\?token=/);
      await expect(page.getByTestId('sandbox-banner')).toContainText('TEST / 测试');
      await expect(page.getByTestId('sandbox-banner')).toContainText(S.sandbox.noRealMoney);
      await expect(page.getByTestId('sandbox-amount')).toHaveText('$599.00');
      const orderNo = (await page.getByTestId('sandbox-order-no').textContent()) ?? '';
      expect(orderNo).toMatch(/^D\d{8}-/);
      await page.getByTestId('sandbox-pay').click();

      await expect(page).toHaveURL(/\/personalCenter\/purchaseRecord\?order=/);
      // One message, matching the status ("please wait" is for a payment not confirmed yet).
      await expect(page.getByText(S.sandbox.paid)).toBeVisible();
      await expect(page.getByText(S.sandbox.completed)).toHaveCount(0);
      await expect(page.getByTestId('returned-order')).toContainText(S.status.paid);
      const row = page.locator('.order-row', { hasText: orderNo });
      await expect(row.getByTestId('order-status')).toHaveText(S.status.paid);
      await expect(page.locator('.right-row').first()).toContainText(S.services.DIY_STANDARD.name);
      await checkScreen(page, '/personalCenter/purchaseRecord');
      // At 1,440 × 900 the purchase history is a table again, and its Status and amount columns are not clipped.
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(page.locator('.ant-table-tbody .order-row', { hasText: orderNo })).toBeVisible();
      await expectNoClippedTables(page);
      await page.setViewportSize(size);

      await page.goto('/EB-1A');
      await expect(page.getByRole('navigation', { name: W.menuLabel })).toBeVisible();
      await expect(page.getByTestId('workbench-gate-purchase')).toHaveCount(0);
      await expect(page.getByTestId('workbench-read-only')).toHaveCount(0);

      // The plan is created with the base service.
      await page.goto('/personalCenter/myPlan');
      await expect(page.getByTestId('plan-card')).toHaveCount(1);
      await checkScreen(page, '/personalCenter/myPlan');
      expect(unexpected(errors)).toEqual([]);
    });

    test('buys NIW by bank transfer: awaiting confirmation, staff confirms, paid and notified', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      const login = await logInAs(page);
      const pay = await orderBase(page, locale, 'USA_NIW');
      await pay.getByText(S.payment.methods.bank_transfer.label).click();
      await pay.getByRole('button', { name: buttonName(S.payment.confirm) }).click();

      await expect(page).toHaveURL(/\/payService\/transfer\/\d+$/);
      const orderId = Number(/\/transfer\/(\d+)$/.exec(page.url())?.[1]);
      await expect(page.getByTestId('transfer-phone')).toContainText(login.customer.phone);
      await expect(page.getByText(S.transfer.noteRule)).toBeVisible();
      await expect(page.getByText(S.transfer.activation)).toBeVisible();
      await expect(page.getByTestId('transfer-amount')).toContainText('¥');
      await expect(page.getByTestId('transfer-status')).toHaveText(S.status.unpaid);
      await checkScreen(page, '/payService/transfer/:orderId');
      await page.getByRole('button', { name: buttonName(S.transfer.completed) }).click();
      await expect(page.getByText(S.transfer.confirmed)).toBeVisible();
      await expect(page.getByTestId('transfer-status')).toHaveText(S.status.processing);

      const confirmed = await page.request.post(`/api/staff/order/${orderId}/confirm_transfer/`, {
        // One Idempotency-Key per staff click, as the staff console sends it.
        headers: {
          authorization: `Bearer ${await financeToken(page.request)}`,
          'Idempotency-Key': `e2e-confirm-${orderId}-${locale}`,
        },
        data: {},
      });
      expect(confirmed.status()).toBe(200);
      const order = (await confirmed.json()) as { order_no: string; status: string };
      expect(order.status).toBe('paid');

      await page.goto('/personalCenter/purchaseRecord');
      const row = page.locator('.order-row', { hasText: order.order_no });
      await expect(row.getByTestId('order-status')).toHaveText(S.status.paid);

      await page.goto('/personalCenter/messageRemind');
      await expect(
        page.getByTestId('notification-message').filter({ hasText: order.order_no }),
      ).toBeVisible();

      await page.goto('/NIW');
      await expect(page.getByRole('navigation', { name: W.menuLabel })).toBeVisible();
      await expect(page.getByTestId('workbench-gate-purchase')).toHaveCount(0);
      expect(unexpected(errors)).toEqual([]);
    });

    test('keeps every add-on chosen with the base: three lines and $1,297 before paying, and in the paid order', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await logInAs(page);
      const panel = await chooseBaseAndTwoAddons(page, locale);
      // What the order will contain, as the server priced it: every line with its price, and the total.
      const lines = panel.getByTestId('order-line');
      await expect(lines).toHaveCount(3);
      await expect(lines.nth(0)).toContainText('$599.00');
      await expect(lines.nth(1)).toContainText('$299.00');
      await expect(lines.nth(2)).toContainText('$399.00');
      await expect(panel.getByTestId('order-lines-total')).toContainText('$1,297.00');
      await checkScreen(page, '/payService order with add-ons');

      await press(panel.getByTestId('create-order'));
      const pay = page.getByRole('dialog', { name: S.payment.title });
      await expect(pay.getByTestId('order-line')).toHaveCount(3);
      await expect(pay.getByTestId('order-lines-total')).toContainText('$1,297.00');
      await checkScreen(page, '/payService payment dialog with add-ons');
      await press(pay.getByText(S.payment.methods.online.label));
      await press(pay.getByRole('button', { name: buttonName(S.payment.confirm) }));

      await expect(page).toHaveURL(/\/payService\/sandbox\?token=/);
      await expect(page.getByTestId('sandbox-amount')).toHaveText('$1,297.00');
      const orderNo = (await page.getByTestId('sandbox-order-no').textContent()) ?? '';
      await press(page.getByTestId('sandbox-pay'));

      await expect(page).toHaveURL(/\/personalCenter\/purchaseRecord\?order=/);
      const row = page.locator('.order-row', { hasText: orderNo });
      await expect(row.getByTestId('order-status')).toHaveText(S.status.paid);
      for (const service of ['DIY_STANDARD', 'REVIEW', 'TRANSLATION'] as const)
        await expect(row).toContainText(S.services[service].name);
      await expect(row).toContainText('$1,297.00');
      await checkScreen(page, '/personalCenter/purchaseRecord');

      // The order itself, from the API: the three items and the paid total.
      const token = (await storedSession(page)).accessToken;
      const answer = await page.request.get('/api/customer/order/?page=1&size=10', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status()).toBe(200);
      const { results } = (await answer.json()) as {
        results: {
          order_no: string;
          status: string;
          items: { service: string }[];
          paid: { amount: number; currency: string } | null;
        }[];
      };
      const order = results.find((o) => o.order_no === orderNo);
      expect(order?.items.map((i) => i.service)).toEqual(['DIY_STANDARD', 'REVIEW', 'TRANSLATION']);
      expect(order).toMatchObject({ status: 'paid', paid: { amount: 129_700, currency: 'USD' } });
      expect(unexpected(errors)).toEqual([]);
    });

    test('unticking an add-on takes it out; unticking the base leaves the add-ons, refused alone', async ({
      page,
    }) => {
      await logInAs(page);
      const panel = await chooseBaseAndTwoAddons(page, locale);
      const lines = panel.getByTestId('order-line');
      await press(panel.getByTestId('order-choice-REVIEW'));
      await expect(panel.getByTestId('quote-payable')).toHaveText('$998.00');
      await expect(lines).toHaveCount(2);
      // Without the base the server refuses the add-ons with its message, and no order can be made.
      await press(panel.getByTestId('order-choice-DIY_STANDARD'));
      await expect(panel.getByTestId('quote-error')).toContainText(E.addon_requires_base!);
      await expect(panel.getByTestId('create-order')).toBeDisabled();
      await checkScreen(page, '/payService add-ons without the base');
      // Ticked again: the same order as before.
      await press(panel.getByTestId('order-choice-DIY_STANDARD'));
      await press(panel.getByTestId('order-choice-REVIEW'));
      await expect(panel.getByTestId('quote-payable')).toHaveText('$1,297.00');
      await expect(lines).toHaveCount(3);
      await expect(panel.getByTestId('create-order')).toBeEnabled();
    });

    test('cancels an unpaid order after confirmation', async ({ page }) => {
      await logInAs(page);
      const pay = await orderBase(page, locale, 'USA_EB1A');
      await pay.getByRole('button', { name: buttonName(S.payment.cancel) }).click();
      await expect(pay).toBeHidden();

      await page.goto('/personalCenter/purchaseRecord');
      const row = page.locator('.order-row').first();
      await expect(row.getByTestId('order-status')).toHaveText(S.status.unpaid);
      await expect(row.getByRole('button', { name: buttonName(S.record.proceed) })).toBeVisible();
      await row.getByRole('button', { name: buttonName(S.record.cancel) }).click();
      const confirm = page.locator('.ant-popconfirm');
      await expect(confirm).toContainText(S.record.cancelConfirm);
      await confirm.getByRole('button', { name: buttonName(S.record.cancelOk) }).click();
      await expect(page.getByText(M.order_cancelled!)).toBeVisible();
      await expect(row.getByTestId('order-status')).toHaveText(S.status.cancelled);
      await expect(row.getByRole('button')).toHaveCount(0);
    });

    test('the promotion page offers a code; its Buy applies it to the first purchase', async ({ page }) => {
      const P = resources[locale].pages.promotion.current;
      await logInAs(page);
      await page.goto('/promotion');
      const offer = page.getByTestId('promotion-offer').filter({ hasText: 'WELCOME50' });
      // $50 off (formatted for the language: "$50" / "US$50").
      await expect(offer.locator('.promotion__headline')).toHaveText(
        P.amount.replace('{{amount}}', locale === 'zh' ? 'US$50' : '$50'),
      );
      await checkScreen(page, '/promotion');
      await offer.getByRole('link', { name: P.buy }).click();
      await expect(page).toHaveURL(/\/payService\?project=USA_EB1A&service=DIY_STANDARD&promo=WELCOME50$/);
      const panel = page.getByTestId('shop-order');
      await expect(panel.getByText(S.quote.promoApplied.replace('{{code}}', 'WELCOME50'))).toBeVisible();
      await expect(panel.getByTestId('quote-payable')).toHaveText('$549.00');
    });

    test('trying to buy Translation alone is refused with the server message', async ({ page }) => {
      await logInAs(page);
      await page.goto('/payService?project=USA_NIW&service=TRANSLATION');
      await expect(page.getByRole('radio', { name: S.projects.USA_NIW, exact: true })).toBeChecked();
      const panel = page.getByTestId('shop-order');
      await expect(panel).toContainText(S.services.TRANSLATION.name);
      const refusal = panel.getByTestId('quote-error');
      await expect(refusal).toContainText(S.quote.failed);
      await expect(refusal).toContainText(E.addon_requires_base!);
      await expect(panel.getByTestId('create-order')).toBeDisabled();
    });

    test('a customer without a purchase sees the purchase-required message with Buy', async ({ page }) => {
      await page.goto('/NIW');
      await expect(page.getByTestId('workbench-gate-login')).toContainText(S.gate.needLogin);

      await logInAs(page);
      await page.goto('/EB-1A');
      const gate = page.getByTestId('workbench-gate-purchase');
      await expect(gate).toContainText(E.purchase_required!);
      await expect(gate.getByRole('button', { name: buttonName(S.gate.login) })).toBeVisible();
      await expect(page.getByRole('navigation', { name: W.menuLabel })).toHaveCount(0);
      await gate.getByRole('link', { name: buttonName(S.gate.buy) }).click();
      await expect(page).toHaveURL(/\/payService\?project=USA_EB1A&service=DIY_STANDARD$/);
      await expect(page.getByTestId('shop-order')).toContainText(S.services.DIY_STANDARD.name);
    });

    test('a visitor is asked to log in for purchasing and comes back to the shop', async ({ page }) => {
      await page.goto('/payService?project=USA_NIW');
      await page.getByTestId('package-DIY_STANDARD').getByTestId('package-purchase-now').click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(S.login.required).first()).toBeVisible();
      const from = await page.evaluate(() => (history.state as { usr?: { from?: string } })?.usr?.from);
      expect(from).toBe('/payService?project=USA_NIW&service=DIY_STANDARD');
    });
  });
}
