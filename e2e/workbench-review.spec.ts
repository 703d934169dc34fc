import { LANGUAGE_HEADER, LOCALES, ZReview } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buyBaseViaApi } from './accounts-support.ts';
import { caseSeed, txt } from './case-seed.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 31 item 7 (decision 0074), in Chinese and in English, on a desktop and on a 390 px phone, over the real
 * server: a case seeded through the API whose petition letter holds an "[insert …]" placeholder (the leftovers
 * rule: a filing defect). The ReadMe checklist lists it under the petition part and in the case review panel; the
 * readiness report (a view of the ReadMe tab) shows it with its place, the evidence map and the disclaimer, and
 * downloads as a PDF. The letter fixed, the finding is gone from the report and the checklist.
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

const PLACEHOLDER =
  'The prize committee named the petitioner laureate in [insert year] for her work on sensors.';
const FIXED = 'The prize committee named the petitioner laureate in 2021 for her work on sensors.';

for (const locale of LOCALES) {
  const W = resources[locale].workbench.review;
  const C = resources[locale].review.checklist;

  test.describe(`the case review in the checklist and the readiness report (${locale})`, () => {
    test.describe.configure({ mode: 'serial' });
    const login = sharedLogin();
    let token = '';

    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
      token = (await login.start(page)).access_token;
    });
    test.afterEach(async ({ page }) => {
      await login.keep(page);
    });

    test('a placeholder left in the petition letter shows in the checklist and the report; fixed, it is gone', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const errors = collectPageErrors(page);
      const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
      await buyBaseViaApi(page.request, token, 'USA_EB1A');
      const seed = caseSeed(page.request, token, 'USA_EB1A', locale);
      const caseId = await seed.open();
      await seed.claim(['awards']);
      const folderId = await seed.folder('awards', 'Sensor prize');
      await seed.file(folderId, 'Sensor prize');
      const letter = (text: string) => ({
        type: 'doc',
        content: [{ type: 'paragraph', content: [txt(text)] }],
      });
      await seed.document('petition_letter', letter(PLACEHOLDER));
      const review = async () => {
        const r = await page.request.get(`/api/customer/case/${caseId}/review/`, { headers });
        expect(r.ok(), await r.text()).toBe(true);
        return ZReview.parse(await r.json());
      };
      const leftover = (await review()).findings.find(
        (f) => f.rule === 'leftovers' && f.severity === 'block',
      );
      expect(leftover, 'the leftovers rule blocks the placeholder').toBeDefined();
      const item = C.item.replace('{{title}}', leftover!.title);

      await test.step('the checklist: under the petition part and in the review panel', async () => {
        await page.goto('/EB-1A/readMe');
        const petition = page.getByTestId('readme-part-petition');
        await expect(petition).toHaveAttribute('data-complete', 'false', { timeout: 30_000 });
        await expect(petition).toContainText(item);
        const panel = page.getByTestId('review-panel');
        const finding = panel.locator(`[data-testid="review-finding"][data-key="${leftover!.key}"]`);
        await expect(finding).toContainText(leftover!.title);
        await expect(panel.getByTestId('review-group-block')).toContainText(W.severity.block);
        await checkScreen(page, '/EB-1A/readMe (case review)');
        await expectFitsViewport(page);
      });

      await test.step('the readiness report: the finding with its place, the map, the disclaimer, the PDF', async () => {
        await press(page.getByTestId('review-open-report'));
        await expect(page).toHaveURL(/\/EB-1A\/readMe\?view=review$/);
        const report = page.getByTestId('review-report');
        await expect(report.getByRole('heading', { level: 2 })).toHaveText(W.title);
        await expect(page.getByTestId('review-disclaimer')).toContainText(W.disclaimer);
        await expect(page.getByTestId('review-map-awards')).toBeVisible();
        const finding = report.locator(`[data-testid="review-finding"][data-key="${leftover!.key}"]`);
        await expect(finding).toContainText(leftover!.title);
        await expect(finding.getByRole('link', { name: leftover!.places[0]!.label })).toBeVisible();
        await checkScreen(page, '/EB-1A/readMe?view=review');
        await expectFitsViewport(page);
        const download = page.waitForEvent('download');
        await press(page.getByTestId('review-download'));
        expect((await download).suggestedFilename()).toMatch(/^readiness-report-\d+\.pdf$/);
      });

      await test.step('fixed: gone from the report and the checklist', async () => {
        await seed.document('petition_letter', letter(FIXED));
        expect((await review()).findings.some((f) => f.key === leftover!.key)).toBe(false);
        await page.reload();
        await expect(page.getByTestId('review-report')).toBeVisible();
        await expect(page.locator(`[data-key="${leftover!.key}"]`)).toHaveCount(0);
        await press(page.getByRole('link', { name: W.back }));
        await expect(page.getByTestId('review-panel')).toBeVisible();
        await expect(page.getByTestId('readme-part-petition')).not.toContainText(item);
        await expect(page.locator(`[data-key="${leftover!.key}"]`)).toHaveCount(0);
      });
      expect(unexpected(errors)).toEqual([]);
    });
  });
}
