import { LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buttonName, fill, logInAs } from './accounts-support.ts';
import { expect as baseExpect, checkScreen, press, test } from './fixtures.ts';
import { financeToken } from './staff-support.ts';
import { rememberLocale } from './support.ts';

/**
 * Refund journey (issue 16 item 7; decision 0034): a customer pays an EB-1A order with the sandbox provider; the
 * finance member finds it on the staff console's Orders tab, refunds it in the dialog; the customer's purchase
 * record says refunded, the message centre has the refund notice, the workbench is read-only.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

for (const locale of LOCALES) {
  const S = resources[locale].shop;
  const F = resources[locale].staff.finance;
  const N = resources[locale].notifications as Record<string, string>;

  test(`finance (${locale}): an order paid via sandbox is found, refunded, and the customer sees refunded`, async ({
    page,
  }) => {
    if (locale === 'en') await rememberLocale(page, 'en');
    const login = await logInAs(page);
    const auth = { authorization: `Bearer ${login.access_token}` };
    // The purchase itself is the shop journey's (shop.spec.ts): here through the same API calls.
    const products = (await (
      await page.request.get('/api/customer/product/?project_code=USA_EB1A')
    ).json()) as {
      id: number;
      service: string;
    }[];
    const base = products.find((p) => p.service === 'DIY_STANDARD')!;
    const created = await page.request.post('/api/customer/order/', {
      headers: auth,
      data: { product_ids: [base.id], agreement_accepted: true },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const order = (await created.json()) as { id: number; order_no: string };
    const pay = await page.request.post(`/api/customer/order/${order.id}/pay/`, {
      headers: auth,
      data: { method: 'online' },
    });
    const token = new URL((await pay.json()).redirect_url, 'http://x').searchParams.get('token');
    const paid = await page.request.post(`/api/payment/sandbox/session/${token}/complete/`, {
      data: { outcome: 'paid' },
    });
    expect((await paid.json()).order_status).toBe('paid');

    // The finance member's console in a second tab (signed in through the API: the sign-in screen with its
    // second factor is the tasks journey's).
    const staffToken = await financeToken(page.request);
    const staff = await page.context().newPage();
    await staff.addInitScript(([k, v]) => sessionStorage.setItem(k, v), [
      'dossier.staff.token',
      staffToken,
    ] as const);
    await staff.goto('/staff?view=finance&tab=orders');
    await staff.getByTestId('finance-search-order-no').fill(order.order_no);
    await press(staff.getByRole('button', { name: buttonName(F.search) }));
    const row = staff.locator('.finance-order-row', { hasText: order.order_no });
    await expect(row.getByTestId('finance-order-status')).toHaveText(S.status.paid);
    await checkScreen(staff, `staff-finance-orders-${locale}`);
    await press(row.getByRole('button', { name: buttonName(F.refund) }));
    const dialog = staff.getByRole('dialog', { name: fill(F.refundTitle, { orderNo: order.order_no }) });
    await expect(dialog).toContainText('$599.00');
    await dialog.getByLabel(F.reason).fill('e2e: customer asked');
    await checkScreen(staff, `staff-finance-refund-${locale}`);
    await press(dialog.getByRole('button', { name: buttonName(F.confirmRefund) }));
    await expect(dialog.getByRole('status')).toContainText(
      fill(F.refunded, { orderNo: order.order_no, status: S.status.refunded }),
    );
    await press(dialog.getByTestId('finance-refund-done'));
    await expect(row.getByTestId('finance-order-status')).toHaveText(S.status.refunded);
    await staff.close();

    // The customer: refunded in the purchase record, told in the message centre, the workbench read-only.
    await page.goto('/personalCenter/purchaseRecord');
    const mine = page.locator('.order-row', { hasText: order.order_no });
    await expect(mine.getByTestId('order-status')).toHaveText(S.status.refunded);
    await page.goto('/personalCenter/messageRemind');
    await expect(
      page
        .getByTestId('notification-message')
        .filter({ hasText: fill(N.order_refunded!.split(/[(（]/)[0]!, { order_no: order.order_no }) }),
    ).toBeVisible();
    await page.goto('/EB-1A');
    await expect(page.getByTestId('workbench-read-only')).toBeVisible();
  });
}
