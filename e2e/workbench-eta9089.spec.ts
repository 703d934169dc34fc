import { LANGUAGE_HEADER, LOCALES, type Locale, PACKET_PATHS, ZReadme } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { APIRequestContext, Page } from '@playwright/test';
import { buttonName, buyBaseViaApi } from './accounts-support.ts';
import { caseSeed, seedPdf } from './case-seed.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 28 item 6 (decision 0060), in Chinese and in English, on a desktop and on a 390 px phone: a whole NIW case
 * built over the real API but for its signed Form ETA-9089. The real checklist's forms part blocks with the
 * message; its Fix link opens the Form tab's ETA-9089 page; the signed form uploaded there (the tus uploader,
 * attached at once) is listed with its status, and the forms part completes.
 */

/** The Form tab's overview, past the form instructions a first visit shows ("Got it"). */
async function formsOverview(page: Page, gotIt: string): Promise<void> {
  const overview = page.getByTestId('forms-overview');
  const instructions = page.getByTestId('form-instructions');
  await expect(overview.or(instructions)).toBeVisible({ timeout: 30_000 });
  if (await instructions.isVisible())
    await press(instructions.getByRole('button', { name: buttonName(gotIt) }));
  await expect(overview).toBeVisible();
}

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

async function readmeOf(request: APIRequestContext, token: string, locale: Locale, caseId: number) {
  const r = await request.get(PACKET_PATHS.readme(caseId), {
    headers: { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale },
  });
  expect(r.ok(), await r.text()).toBe(true);
  return ZReadme.parse(await r.json());
}

for (const locale of LOCALES) {
  const R = resources[locale].preview;
  const C = resources[locale].checklist;
  const F = resources[locale].forms;
  const U = resources[locale].uploads;

  test.describe(`NIW: the signed ETA-9089 (${locale})`, () => {
    const login = sharedLogin();
    let token = '';

    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
      token = (await login.start(page)).access_token;
    });
    test.afterEach(async ({ page }) => {
      await login.keep(page);
    });

    test('the checklist blocks without it; Fix opens the ETA-9089 page; uploaded, the forms part completes', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const errors = collectPageErrors(page);
      await buyBaseViaApi(page.request, token, 'USA_NIW');
      const seed = caseSeed(page.request, token, 'USA_NIW', locale);
      const { caseId } = await test.step('a whole NIW case over the API, but for the signed ETA-9089', () =>
        seed.complete({ eta9089: false }));
      await page.goto('/NIW/readMe');
      const forms = page.getByTestId('readme-part-forms');
      await expect(forms).toBeVisible({ timeout: 30_000 });

      await test.step('the forms part names the missing signed form; "I confirm" is refused', async () => {
        const readme = await readmeOf(page.request, token, locale, caseId);
        expect(readme.parts.filter((p) => !p.complete).map((p) => p.key)).toEqual(['forms']);
        const missing = readme.parts.find((p) => p.key === 'forms')!.missing;
        expect(missing.map((m) => [m.code, m.tab, m.target])).toEqual([
          ['readme_eta9089_missing', 'form', 'eta9089'],
        ]);
        expect(missing[0]!.msg).toBe(C.missing.eta9089_missing);
        await expect(forms).toHaveAttribute('data-complete', 'false');
        await expect(forms).toContainText(C.missing.eta9089_missing);
        await expect(page.getByRole('checkbox', { name: new RegExp(R.confirm) })).toBeDisabled();
        await checkScreen(page, '/NIW/readMe (ETA-9089 missing)');
      });

      await test.step("the Form tab's ETA-9089 card says the signed form is not uploaded yet", async () => {
        await page.goto('/NIW/form');
        await formsOverview(page, F.instructions.know_it);
        const card = page.getByTestId('form-card-ETA-9089').getByTestId('eta9089-card-state');
        await expect(card).toHaveAttribute('data-uploaded', 'false', { timeout: 30_000 });
        await expect(card).toContainText(F.eta9089.signed.none);
        await page.goto('/NIW/readMe');
        await expect(forms).toBeVisible({ timeout: 30_000 });
      });

      await test.step('the Fix link opens the ETA-9089 page; the signed form is uploaded there', async () => {
        await press(forms.getByRole('link', { name: R.fix }));
        await expect(page).toHaveURL(/\/NIW\/form\?view=eta9089$/);
        const signed = page.getByTestId('eta9089-signed');
        await expect(signed).toContainText(F.eta9089.signed.heading);
        const slot = page.getByTestId('eta9089-signed-form');
        await expect(slot).toHaveAttribute('data-uploaded', 'false');
        await expect(slot).toContainText(F.eta9089.signed.kinds.form);
        await expect(page.getByTestId('eta9089-signed-final_determination')).toContainText(
          F.eta9089.signed.kinds.final_determination,
        );
        await expectFitsViewport(page);
        await checkScreen(page, '/NIW/form?view=eta9089');
        await slot.getByTestId('upload-input').setInputFiles({
          name: 'ETA-9089 signed.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(await seedPdf()),
        });
        await expect(slot).toHaveAttribute('data-uploaded', 'true', { timeout: 30_000 });
        await expect(slot.getByTestId('file-ref')).toContainText('ETA-9089 signed.pdf');
        // The server's check runs in the worker: the page follows it until the file is ready.
        await expect(slot.getByTestId('file-ready')).toBeVisible({ timeout: 30_000 });
        // The uploader is empty again, ready for a replacement.
        await expect(slot.getByTestId('upload-field')).not.toContainText(U.widget.uploaded);
        await expectFitsViewport(page);
        await checkScreen(page, '/NIW/form?view=eta9089 (uploaded)');
      });

      await test.step("the Form tab's ETA-9089 card shows the signed form as uploaded", async () => {
        await press(page.getByRole('link', { name: F.wizard.back }));
        await expect(page).toHaveURL(/\/NIW\/form$/);
        await formsOverview(page, F.instructions.know_it);
        const card = page.getByTestId('form-card-ETA-9089').getByTestId('eta9089-card-state');
        await expect(card).toHaveAttribute('data-uploaded', 'true');
        await expect(card.getByTestId('file-ref')).toContainText('ETA-9089 signed.pdf');
        await expect(card.getByTestId('file-ready')).toBeVisible();
        await expectFitsViewport(page);
        await checkScreen(page, '/NIW/form (signed ETA-9089 uploaded)');
      });

      await test.step('the forms part completes, and with it the checklist', async () => {
        await page.goto('/NIW/readMe');
        for (const key of ['forms', 'evidence', 'letters', 'plan', 'petition'] as const)
          await expect(page.getByTestId(`readme-part-${key}`)).toHaveAttribute('data-complete', 'true', {
            timeout: 30_000,
          });
        await expect(page.getByRole('checkbox', { name: new RegExp(R.confirm) })).toBeEnabled();
        expect((await readmeOf(page.request, token, locale, caseId)).can_confirm).toBe(true);
      });
      expect(unexpected(errors)).toEqual([]);
    });
  });
}
