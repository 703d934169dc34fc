import { LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buyBaseViaApi, logInAs } from './accounts-support.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { rememberLocale } from './support.ts';

/**
 * Issue 11 item 2, the workbench's right side: with only the base plan bought, My services offers each add-on
 * (spec §6) — its details and its activation — instead of a right; the activation leads to the shop with the
 * add-on chosen, the details to the service's public page. Desktop and 390 px phone, zh and en.
 */
for (const locale of LOCALES) {
  const W = resources[locale].workbench as { side: Record<string, string> };
  const S = resources[locale].shop as { services: Record<string, { name: string }> };

  test(`My services offers a review not bought: details and activation (${locale})`, async ({ page }) => {
    if (locale === 'en') await rememberLocale(page, 'en');
    const { access_token } = await logInAs(page);
    await buyBaseViaApi(page.request, access_token, 'USA_EB1A');
    await page.goto('/EB-1A');
    const side = page.getByRole('complementary', { name: W.side.label });
    await press(side.getByRole('button', { name: S.services.REVIEW!.name }));
    const offer = page.getByTestId('addon-offer');
    await expect(offer).toBeVisible();
    await expect(page.getByRole('dialog').getByText(S.services.REVIEW!.name).first()).toBeVisible();
    await checkScreen(page, 'workbench add-on offer');
    await expect(offer.getByRole('link', { name: W.side.activate })).toHaveAttribute('href', /REVIEW/);
    await press(offer.getByRole('link', { name: W.side.details }));
    await expect(page).toHaveURL(/\/index\/audit$/);

    // Consultation has no public page of its own: its offer activates only.
    await page.goto('/EB-1A');
    await press(side.getByRole('button', { name: S.services.CONSULTATION!.name }));
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('link', { name: W.side.details })).toHaveCount(0);
    await press(offer.getByRole('link', { name: W.side.activate }));
    await expect(page).toHaveURL(/CONSULTATION/);
  });
}
