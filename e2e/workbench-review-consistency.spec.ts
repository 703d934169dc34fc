import { LANGUAGE_HEADER, LOCALES, ZReview } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buyBaseViaApi } from './accounts-support.ts';
import { caseSeed, txt } from './case-seed.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 31 item 3 (decision 0072), in Chinese and in English, on a desktop and on a 390 px phone, over the real
 * server: the profile spells the petitioner "Zhang Wei", the petition letter "Zhang Wai". The ReadMe's case review
 * lists the name written two ways with each place; "Mark as intended" keeps it listed as intended and no longer
 * counted; pressed again, it warns again.
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));
const KEY = 'consistency:name:zhang wai|zhang wei';

for (const locale of LOCALES) {
  const W = resources[locale].workbench.review;

  test.describe(`a name spelled two ways in the case review (${locale})`, () => {
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

    test('listed with its places, marked as intended, then not', async ({ page }) => {
      test.setTimeout(150_000);
      const errors = collectPageErrors(page);
      const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
      await buyBaseViaApi(page.request, token, 'USA_EB1A');
      const seed = caseSeed(page.request, token, 'USA_EB1A', locale);
      const caseId = await seed.open();
      const profileUrl = `/api/customer/case/${caseId}/profile/`;
      const { version } = await (await page.request.get(profileUrl, { headers })).json();
      const saved = await page.request.patch(profileUrl, {
        headers,
        data: { version, values: { 'name.family': 'Zhang', 'name.given': 'Wei' } },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      await seed.document('petition_letter', {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [txt('Introduction')] },
          { type: 'paragraph', content: [txt('Dr. Zhang Wai is a physicist of national standing.')] },
        ],
      });
      const review = async () => {
        const r = await page.request.get(`/api/customer/case/${caseId}/review/`, { headers });
        expect(r.ok(), await r.text()).toBe(true);
        return ZReview.parse(await r.json());
      };
      const before = await review();
      const name = before.findings.find((f) => f.key === KEY);
      expect(name, 'the consistency rule lists the two spellings').toMatchObject({ severity: 'warn' });

      await page.goto('/EB-1A/readMe');
      const finding = page
        .getByTestId('review-panel')
        .locator(`[data-testid="review-finding"][data-key="${KEY}"]`);
      await expect(finding).toContainText(name!.title, { timeout: 30_000 });
      for (const place of name!.places) await expect(finding).toContainText(place.label);
      // The "intended" tag (the mark button's own words hold the same phrase in Chinese).
      const badge = finding.locator('.ant-tag', { hasText: W.intended_badge });
      await expect(badge).toHaveCount(0);
      await checkScreen(page, '/EB-1A/readMe (a name spelled two ways)');
      await expectFitsViewport(page);

      await test.step('marked as intended: listed as such, no longer counted', async () => {
        await press(finding.getByRole('button', { name: W.mark_intended, exact: true }));
        await expect(badge).toHaveCount(1);
        const after = await review();
        expect(after.findings.find((f) => f.key === KEY)?.intended).toBe(true);
        expect(after.counts.warn).toBe(before.counts.warn - 1);
      });

      await test.step('pressed again: it warns again', async () => {
        await press(finding.getByRole('button', { name: W.unmark_intended, exact: true }));
        await expect(badge).toHaveCount(0);
        await expect(finding.getByRole('button', { name: W.mark_intended, exact: true })).toBeVisible();
        expect((await review()).findings.find((f) => f.key === KEY)?.intended).toBe(false);
      });
      expect(unexpected(errors)).toEqual([]);
    });
  });
}
