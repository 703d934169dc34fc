import { LANGUAGE_HEADER, LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buttonName, buyBaseViaApi, logInAs } from './accounts-support.ts';
import { animationsSettled, checkScreen, expect, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport } from './workbench-support.ts';

/**
 * Issue 31 item 5: the recommender's relation to the petitioner and whether they co-authored, stated in the letter
 * dialog (zh/en, desktop and 390 px), shown on the row, and read by the case review (rule `letters`).
 */
for (const locale of LOCALES) {
  const W = resources[locale].workbench;
  const V = W.evidence;
  const R = W.letter_relation;

  test(`states a recommender's relation and co-authorship (${locale})`, async ({ page }) => {
    const errors = collectPageErrors(page);
    if (locale === 'en') await rememberLocale(page, 'en');
    const token = (await logInAs(page)).access_token;
    await buyBaseViaApi(page.request, token, 'USA_EB1A');
    await page.goto('/EB-1A/reference');
    await expect(page.getByTestId('letters-screen')).toBeVisible();

    await page.getByTestId('add-letter').click();
    const dialog = page.getByTestId('letter-dialog');
    await expect(dialog).toBeVisible();
    await animationsSettled(page);
    const name = locale === 'zh' ? '李主任' : 'Dr. Ada Lee';
    await dialog.getByLabel(V.letters.name, { exact: true }).fill(name);
    await dialog
      .getByLabel(V.letters.position, { exact: true })
      .fill(locale === 'zh' ? '研究所主任' : 'Director');
    await dialog.getByRole('radio', { name: V.fields.no, exact: true }).check();
    await dialog.getByRole('radio', { name: R.options.supervisor, exact: true }).check();
    await dialog.getByRole('checkbox', { name: R.coauthored, exact: true }).check();
    await expectFitsViewport(page);
    await checkScreen(page, 'letter-relation');
    await page.getByRole('button', { name: buttonName(V.actions.save) }).click();
    await expect(dialog).toBeHidden();

    const row = page.locator('.ant-table-row, .table-cards__card').filter({ hasText: name });
    await expect(row.getByTestId('letter-relation-tag')).toHaveText(R.options.supervisor);
    await expect(row.getByTestId('letter-referrer')).toContainText(R.coauthored);
    await expect(row.getByTestId('letter-referrer')).not.toContainText(V.letters.independent_tag);

    await test.step('a co-author: co-authorship follows; independent: the count follows', async () => {
      await row.getByRole('button', { name: buttonName(V.actions.edit) }).click();
      await expect(dialog).toBeVisible();
      await animationsSettled(page);
      await dialog.getByRole('radio', { name: R.options.coauthor, exact: true }).check();
      const coauthored = dialog.getByRole('checkbox', { name: R.coauthored, exact: true });
      await expect(coauthored).toBeChecked();
      await expect(coauthored).toBeDisabled();
      await dialog.getByRole('radio', { name: R.options.independent, exact: true }).check();
      await expect(coauthored).toBeEnabled();
      await coauthored.uncheck();
      await page.getByRole('button', { name: buttonName(V.actions.save) }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByTestId('letter-referrer')).toContainText(V.letters.independent_tag);
      await expect(row.getByTestId('letter-relation-tag')).toHaveCount(0);
    });

    await test.step('the case review reads it', async () => {
      const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
      const { id } = (await (
        await page.request.get('/api/customer/case/?project_code=USA_EB1A', { headers })
      ).json()) as { id: number };
      const review = (await (
        await page.request.get(`/api/customer/case/${id}/review/`, { headers })
      ).json()) as {
        findings: { key: string; severity: string; title: string }[];
      };
      const letters = review.findings.filter((f) => f.key.startsWith('letters:'));
      expect(letters.map((f) => [f.key, f.severity])).toEqual([['letters:count', 'warn']]);
      expect(letters[0]!.title).toBe(
        resources[locale].review.letters.few_title.replace('{{total}}', '1').replace('{{min}}', '3'),
      );
    });
    expect(errors).toEqual([]);
  });
}
