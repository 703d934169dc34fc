import {
  DOCUMENT_PATHS,
  LANGUAGE_HEADER,
  LOCALES,
  ZDocument,
  ZReferenceTargets,
  ZReview,
} from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buttonName, buyBaseViaApi } from './accounts-support.ts';
import { caseSeed, txt } from './case-seed.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 31 item 2 (decision 0073), in Chinese and in English, on a desktop and on a 390 px phone, over the real
 * server: the petition letter's "Judging" section holds a paragraph that argues without a reference; the editor's
 * margin marks it beside that paragraph, its note readable on tap. The customer inserts a reference to the
 * exhibit pinned to a page (a page the exhibit does not have is refused), saves, and the mark is gone; the chip
 * and the stored reference carry the pin.
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

const ARGUMENT =
  'The petitioner has reviewed manuscripts for the leading journals of her field for six years; editors invited her because of her standing, and her reviews decided what those journals published.';

for (const locale of LOCALES) {
  const W = resources[locale].workbench;
  const R = resources[locale].review;
  const C = resources[locale].common;
  const judge = locale === 'zh' ? '评审' : 'Judge';

  test.describe(`the editor's review margin (${locale})`, () => {
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

    test('an unsupported paragraph is marked in the margin; a pinned reference clears it', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const errors = collectPageErrors(page);
      const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
      await buyBaseViaApi(page.request, token, 'USA_EB1A');
      const seed = caseSeed(page.request, token, 'USA_EB1A', locale);
      const caseId = await seed.open();
      await seed.claim(['judge']);
      const folderId = await seed.folder('judge', 'Review records');
      await seed.file(folderId, 'Review records');
      await seed.document('petition_letter', {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [txt('Judging the work of others')] },
          { type: 'paragraph', content: [txt(ARGUMENT)] },
        ],
      });
      const review = async () => {
        const r = await page.request.get(`/api/customer/case/${caseId}/review/`, { headers });
        expect(r.ok(), await r.text()).toBe(true);
        return ZReview.parse(await r.json());
      };
      const title = R.unsupported.title.replace('{{criterion}}', judge);
      const unsupported = (await review()).findings.filter((f) => f.rule === 'unsupported');
      expect(unsupported.map((f) => [f.title, f.places[0]!.target])).toEqual([[title, 'petition_letter#2']]);
      // The exhibit's pages as stamped: its tab page and the one-page file.
      const targets = await page.request.get(DOCUMENT_PATHS.referenceTargets(caseId, 'petition_letter'), {
        headers,
      });
      expect(ZReferenceTargets.parse(await targets.json()).exhibits[0]).toMatchObject({
        id: `folder:${folderId}`,
        pages: 2,
      });

      await page.goto('/EB-1A/petition');
      const mark = page.getByTestId('margin-mark');
      await expect(mark).toHaveCount(1, { timeout: 30_000 });
      await expect(mark).toHaveAttribute('data-paragraph', '2');
      await expect(mark).toHaveAttribute('data-rules', 'unsupported');
      await expect(mark).toHaveAccessibleName(
        W.margin.marker.replace('{{n}}', '2').replace('{{titles}}', title),
      );
      // Beside its paragraph: the mark's top within the paragraph's box.
      const paragraph = page.getByTestId('doc-editor').locator('p').first();
      const [m, p] = [await mark.boundingBox(), await paragraph.boundingBox()];
      expect(Math.abs(m!.y - p!.y)).toBeLessThan(p!.height);
      await expect(page.getByTestId('margin-hint')).toHaveText(W.margin.hint);
      await press(mark);
      await expect(page.locator('.ant-popover:visible')).toContainText(title);
      await checkScreen(page, '/EB-1A/petition (review margin)');
      await expectFitsViewport(page);
      await page.keyboard.press('Escape');

      await test.step('a reference pinned to a page the exhibit has, then Save', async () => {
        await paragraph.click();
        await page.keyboard.press('ControlOrMeta+End');
        await page.keyboard.type(' See ');
        await press(page.getByRole('button', { name: buttonName(W.documents.toolbar.insert_exhibit) }));
        const picker = page.getByTestId('reference-picker');
        await expect(picker).toBeVisible();
        const insert = picker.getByRole('button', { name: buttonName(W.documents.picker.insert) }).first();
        await page.getByTestId('pin-from').fill('5');
        await page.getByTestId('pin-to').fill('5');
        await page.getByTestId('pin-to').blur();
        await expect(insert).toBeDisabled();
        await expect(picker).toContainText(W.margin.pin.too_far.replace('{{count}}', '2'));
        await checkScreen(page, '/EB-1A/petition reference picker (page pin)');
        await page.getByTestId('pin-from').fill('2');
        await page.getByTestId('pin-to').fill('2');
        await page.getByTestId('pin-to').blur();
        await press(insert);
        await expect(picker).toBeHidden();
        const chip = page.getByTestId('doc-editor').getByTestId('doc-reference');
        // In the UI language, as the chip's number is (the letter prints "Exhibit 1, p. 2").
        const exhibit1 = C.numbered.exhibit.replace('{{number}}', '1');
        await expect(chip).toHaveText(locale === 'zh' ? `${exhibit1}，第 2 页` : `${exhibit1}, p. 2`);
        await press(page.getByTestId('doc-save'));
      });

      // Saved, the review is read again: the mark is gone.
      await expect(mark).toHaveCount(0, { timeout: 15_000 });
      expect((await review()).findings.filter((f) => f.rule === 'unsupported' || f.rule === 'pins')).toEqual(
        [],
      );
      const saved = await page.request.get(DOCUMENT_PATHS.document(caseId, 'petition_letter'), { headers });
      const doc = ZDocument.parse(await saved.json());
      expect(JSON.stringify(doc.content)).toContain(
        JSON.stringify({
          kind: 'exhibit',
          id: `folder:${folderId}`,
          pages: { from: 2, to: 2 },
          pinned_pages: 2,
        }),
      );
      expect(unexpected(errors)).toEqual([]);
    });
  });
}
