import { LOCALE_STORAGE_KEY } from '@dossier/contract';
import { checkScreen, expect, isPhone, test } from './fixtures.ts';
import {
  collectPageErrors,
  expectedTitle,
  NAV_LABELS,
  navFitsOnOneLine,
  openMainNav,
  rememberLocale,
  switchLanguage,
} from './support.ts';

const ZH_NAV = ['首页', 'EB-1A', 'NIW', '移民中介服务', '免费评估', '问答专区'];
const EN_NAV = ['Home', 'EB-1A', 'NIW', 'Immigration agent', 'Free assessment', 'Q&A zone'];

test('/ lands on the Chinese home page, English is chosen, remembered and survives a reload', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/index\/firstTerm$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveTitle(expectedTitle('zh', 'firstTerm'));

  const zhNav = page.getByRole('navigation', { name: NAV_LABELS.zh });
  await checkScreen(page, '/index/firstTerm');
  await openMainNav(page);
  for (const label of ZH_NAV)
    await expect(zhNav.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '登录 / 注册' })).toBeVisible();
  expect(isPhone() || (await navFitsOnOneLine(page))).toBe(true);

  await switchLanguage(page, 'English');
  const enNav = page.getByRole('navigation', { name: NAV_LABELS.en });
  await openMainNav(page);
  await expect(enNav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(expectedTitle('en', 'firstTerm'));
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_STORAGE_KEY)).toBe('en');

  await page.reload();
  await checkScreen(page, '/index/firstTerm');
  await openMainNav(page);
  for (const label of EN_NAV)
    await expect(enNav.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in / Register' })).toBeVisible();
  // English labels are longer: all six entries must still fit on one line at a laptop width.
  expect(isPhone() || (await navFitsOnOneLine(page))).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(expectedTitle('en', 'firstTerm'));

  await switchLanguage(page, '中文');
  await openMainNav(page);
  await expect(zhNav.getByRole('link', { name: '首页', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveTitle(expectedTitle('zh', 'firstTerm'));
  expect(errors).toEqual([]);
});

test('an unknown remembered locale falls back to Chinese', async ({ page }) => {
  await rememberLocale(page, 'fr');
  await page.goto('/index/firstTerm');
  await expect(page.getByRole('navigation', { name: NAV_LABELS.zh })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('API requests carry the current locale in the Language header', async ({ page }) => {
  const zhRequest = page.waitForRequest('**/api/customer/messy/static_files/');
  await page.goto('/index/firstTerm');
  expect((await zhRequest).headers().language).toBe('zh');

  await rememberLocale(page, 'en');
  const enRequest = page.waitForRequest('**/api/customer/messy/static_files/');
  await page.goto('/index/diyEb');
  expect((await enRequest).headers().language).toBe('en');
});
