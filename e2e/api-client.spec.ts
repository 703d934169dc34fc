import { expect, test } from './fixtures.ts';

const STATIC_FILES = '**/api/customer/messy/static_files/';

test('a non-2xx answer shows the server msg once, even when the query retries', async ({ page }) => {
  let calls = 0;
  await page.route(STATIC_FILES, (route) => {
    calls++;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'not_ready', msg: '服务尚未就绪' }),
    });
  });
  await page.goto('/index/firstTerm');
  await expect(page.locator('.ant-message-notice', { hasText: '服务尚未就绪' })).toHaveCount(1);
  // The page itself keeps working: the catalogue is not needed to read the home page.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => calls, { timeout: 10_000 }).toBeGreaterThan(1);
  await expect(page.locator('.ant-message-notice', { hasText: '服务尚未就绪' })).toHaveCount(1);
});

test('a 4xx answer is shown and not retried', async ({ page }) => {
  let calls = 0;
  await page.route(STATIC_FILES, (route) => {
    calls++;
    return route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'forbidden', msg: 'You do not have access to this' }),
    });
  });
  // The page's clock is ours (decision 0059): after the message, every timer the next minute holds is run at once
  // (a retry would be one: TanStack Query waits 1 s, then 2 s), and the network is idle before counting.
  await page.clock.install();
  await page.goto('/index/firstTerm');
  await expect(page.getByText('You do not have access to this')).toBeVisible();
  await page.clock.runFor(60_000);
  await page.waitForLoadState('networkidle');
  expect(calls).toBe(1);
});

test('an answer without the error shape gets a localised generic message', async ({ page }) => {
  await page.route(STATIC_FILES, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
  );
  await page.goto('/index/firstTerm');
  await expect(page.getByText('请求失败，请稍后再试')).toBeVisible();
});

test('a network failure gets a localised message', async ({ page }) => {
  await page.route(STATIC_FILES, (route) => route.abort('internetdisconnected'));
  await page.goto('/index/firstTerm');
  await expect(page.getByText('网络连接失败，请检查网络后重试')).toBeVisible();
});

test('a long toast stays inside a 390 px screen and wraps', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const msg =
    '服务暂时无法处理您的请求，请稍后再试；如果问题持续存在，请通过页面底部的联系方式告诉我们（The service cannot handle your request right now: https://example.com/a-very-long-address-without-any-spaces-in-it）';
  await page.route(STATIC_FILES, (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'forbidden', msg }),
    }),
  );
  await page.goto('/index/firstTerm');
  const toast = page.locator('.ant-message-notice', { hasText: 'a-very-long-address' });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // Wrapped, not cut: no part of the toast (its text included) reaches past the screen's edges.
  const outside = await toast.evaluate(
    (notice) =>
      [notice, ...Array.from(notice.querySelectorAll('*'))]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && (r.left < -0.5 || r.right > window.innerWidth + 0.5)).length,
  );
  expect(outside).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
