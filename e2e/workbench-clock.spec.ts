import { LOCALES, type Locale, localDate, type TCaseSummary } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buyBaseViaApi, logInAs } from './accounts-support.ts';
import { checkScreen, expect, test } from './fixtures.ts';
import { rememberLocale } from './support.ts';
import { customerApi } from './workbench-support.ts';

/**
 * Issue 28 item 7 (decision 0061): the customer's dates follow the profile's time zone, not the browser's. The
 * browser runs in Los Angeles; the profile names a zone whose calendar day differs from Los Angeles' at the
 * instant shown (Shanghai when it does at the time the test runs, else Kiritimati or Honolulu, so the test does
 * not depend on the hour). The workbench's rights line and the purchase record show the profile zone's day,
 * never the browser's.
 */
test.use({ timezoneId: 'America/Los_Angeles' });

const BROWSER_ZONE = 'America/Los_Angeles';
/** Seeded zones (GET /customer/messy/timezones/): at any instant one of them is on another day than Los Angeles. */
const CANDIDATES = ['Asia/Shanghai', 'Pacific/Kiritimati', 'Pacific/Honolulu'];
const INTL: Record<Locale, string> = { zh: 'zh-CN', en: 'en-US' };

const longDay = (instant: Date, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'long', timeZone }).format(instant);

for (const locale of LOCALES) {
  const W = resources[locale].workbench as { side: Record<string, string> };

  test(`the rights' dates are in the profile's time zone, not the browser's (${locale})`, async ({
    page,
  }) => {
    if (locale === 'en') await rememberLocale(page, 'en');
    const { access_token } = await logInAs(page);
    await buyBaseViaApi(page.request, access_token, 'USA_EB1A');
    const api = customerApi(page.request, access_token);
    const summary = await api.get<TCaseSummary>('/api/customer/case/?project_code=USA_EB1A');
    const expires = new Date(summary.access.expires_at as string);
    const zone = CANDIDATES.find((z) => localDate(expires, z) !== localDate(expires, BROWSER_ZONE))!;
    await api.patch('/api/customer/customer/edit/', { timezone: zone });

    const profileDay = longDay(expires, locale, zone);
    const browserDay = longDay(expires, locale, BROWSER_ZONE);
    expect(profileDay).not.toBe(browserDay);

    await page.goto('/EB-1A');
    // The premise: this page's own clock is Los Angeles'.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    const validity = page.getByTestId('right-validity');
    await expect(validity).toHaveText(W.side.validUntil!.replace('{{date}}', profileDay));
    await expect(validity).not.toContainText(browserDay);
    await checkScreen(page, 'workbench side in the profile zone');

    await page.goto('/personalCenter/purchaseRecord');
    const shortDay = (tz: string) =>
      new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'medium', timeZone: tz }).format(expires);
    const rights = page.getByTestId('right-status').first();
    await expect(rights).toBeVisible();
    await expect(page.getByText(shortDay(zone), { exact: false }).first()).toBeVisible();
    await expect(page.getByText(shortDay(BROWSER_ZONE), { exact: false })).toHaveCount(0);
  });
}
