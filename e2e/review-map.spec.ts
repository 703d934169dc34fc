import { LANGUAGE_HEADER, LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Locator } from '@playwright/test';
import { buttonName, buyBaseViaApi, logInAs } from './accounts-support.ts';
import { animationsSettled, checkScreen, chooseOption, expect, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport } from './workbench-support.ts';

/**
 * Issue 31 items 1 and 4 (decision 0070), zh/en, desktop and 390 px: a membership folder tagged "dues receipt"
 * (marked as not counting alone in the dialog's list) and dated after the planned filing date set on the ReadMe
 * screen; the review names both; tagging it with the bylaws and dating it before filing clears both.
 */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

async function typeDay(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

for (const locale of LOCALES) {
  const W = resources[locale].workbench;
  const V = W.evidence;
  const M = W.review_map;

  test(`tags a folder's kind and date; the review flags and clears them (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    if (locale === 'en') await rememberLocale(page, 'en');
    const token = (await logInAs(page)).access_token;
    await buyBaseViaApi(page.request, token, 'USA_EB1A');
    const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
    const { id } = (await (
      await page.request.get('/api/customer/case/?project_code=USA_EB1A', { headers })
    ).json()) as { id: number };
    const api = `/api/customer/case/${id}/`;
    const { version } = (await (await page.request.get(`${api}criteria/`, { headers })).json()) as {
      version: number;
    };
    expect(
      (
        await page.request.put(`${api}criteria/`, { headers, data: { criteria: ['association'], version } })
      ).ok(),
    ).toBe(true);
    const kinds = (await (await page.request.get(`${api}evidence/kinds/`, { headers })).json()) as {
      criteria: { criterion: string; kinds: { key: string; label: string; counts: boolean }[] }[];
    };
    const kindLabel = (key: string) =>
      kinds.criteria.find((c) => c.criterion === 'association')!.kinds.find((k) => k.key === key)!.label;
    const review = async () =>
      (
        (await (await page.request.get(`${api}review/`, { headers })).json()) as {
          findings: { key: string }[];
        }
      ).findings.map((f) => f.key);

    const name = locale === 'zh' ? '学会会员' : 'Society membership';
    await page.goto('/EB-1A/evidence');
    await press(page.getByTestId('add-evidence'));
    const dialog = page.getByTestId('folder-dialog');
    await expect(dialog).toBeVisible();
    await animationsSettled(page);
    const criterionLabel = (
      await (await page.request.get(`${api}criteria/`, { headers })).json()
    ).available.find((c: { key: string }) => c.key === 'association').label as string;
    await chooseOption(page, dialog.getByLabel(V.fields.criterion), criterionLabel);
    await dialog.getByLabel(V.fields.evidence_name, { exact: true }).fill(name);

    await test.step('the kinds of the criterion, those that do not count alone marked', async () => {
      await dialog.getByLabel(M.kind).click();
      const dues = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: kindLabel('dues_receipt'),
      });
      await expect(dues).toContainText(M.does_not_count);
      await expect(
        page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
          hasText: kindLabel('bylaws_admission'),
        }),
      ).not.toContainText(M.does_not_count);
      await expectFitsViewport(page);
      await press(dues.first());
    });
    await typeDay(dialog.getByLabel(M.evidence_date), '2027-02-15');
    await expectFitsViewport(page);
    await checkScreen(page, 'folder-kind-date');
    await page.getByRole('button', { name: buttonName(V.actions.save) }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('criterion-association').locator('.evidence__row').filter({ hasText: name });
    await expect(row.getByTestId('folder-kind-text')).toContainText(kindLabel('dues_receipt'));
    await expect(row.getByTestId('folder-date-text')).toContainText('2027-02-15');

    await test.step('the planned filing date on the ReadMe screen', async () => {
      await page.goto('/EB-1A/readMe');
      const picker = page.getByTestId('planned-filing-date');
      await expect(picker).toContainText(M.planned_filing);
      const saved = page.waitForResponse(
        (r) => r.url().includes('/settings/') && r.request().method() === 'PATCH',
      );
      await typeDay(picker.locator('input'), '2027-01-10');
      expect((await saved).ok()).toBe(true);
      await expectFitsViewport(page);
      await checkScreen(page, 'readme-planned-filing');
    });

    const folders = (await (await page.request.get(`${api}evidence/`, { headers })).json()) as {
      folders: { id: number; name: string }[];
    };
    const folderId = folders.folders.find((f) => f.name === name)!.id;
    expect(await review()).toEqual(
      expect.arrayContaining([
        `evidence_map:not_counting:${folderId}`,
        `priority_date:after_filing:${folderId}`,
      ]),
    );

    await test.step('fixing the kind and the date clears both', async () => {
      await page.goto('/EB-1A/evidence');
      await row.getByRole('button', { name: buttonName(V.actions.edit) }).click();
      await expect(dialog).toBeVisible();
      await animationsSettled(page);
      await expect(dialog.getByLabel(M.evidence_date)).toHaveValue('2027-02-15');
      await chooseOption(page, dialog.getByLabel(M.kind), kindLabel('bylaws_admission'));
      await typeDay(dialog.getByLabel(M.evidence_date), '2026-06-01');
      await page.getByRole('button', { name: buttonName(V.actions.save) }).click();
      await expect(dialog).toBeHidden();
      const after = await review();
      expect(after).not.toContain(`evidence_map:not_counting:${folderId}`);
      expect(after).not.toContain(`priority_date:after_filing:${folderId}`);
    });
    expect(unexpected(errors)).toEqual([]);
  });
}
