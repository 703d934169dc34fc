import { DOCUMENT_PATHS, LANGUAGE_HEADER, LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { FileChooser, Page } from '@playwright/test';
import { buttonName, buyBaseViaApi, logInAs } from './accounts-support.ts';
import { caseSeed } from './case-seed.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { blankPdf, pdfFile } from './pdf-bytes.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport } from './workbench-support.ts';

/**
 * Issue 29 items 1–3 (decision 0062), in Chinese and in English, on a desktop and on a 390 px phone:
 * one state per upload (a refused file never reads "uploaded"; a file being checked reads "checking"), Save after a
 * .docx import leaves the state line at "saved", and no native "Choose File / No file chosen" control is shown
 * beside our own button (the input stays reachable for the button, the keyboard and setInputFiles).
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

/**
 * A PDF that asks for a password: a Standard security handler (RC4 40-bit) whose /U entry does not answer the
 * empty password and whose /O entry answers no owner password either, so no reader opens it without one.
 */
function passwordPdf(): Buffer {
  const hex = (seed: number) =>
    Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(11)}> /U <${hex(91)}> /P -3904 >>`,
  ];
  return pdfFile(
    objects,
    `/Root 1 0 R /Encrypt 4 0 R /ID [<${hex(5).slice(0, 32)}> <${hex(5).slice(0, 32)}>]`,
  );
}

/** Every file input on screen that a person can see (a native "Choose File" control). */
const visibleFileInputs = (page: Page) =>
  page.evaluate(
    () =>
      Array.from(document.querySelectorAll<HTMLInputElement>('input[type="file"]')).filter((input) => {
        const r = input.getBoundingClientRect();
        const style = getComputedStyle(input);
        return r.width > 1 && r.height > 1 && style.visibility !== 'hidden' && style.opacity !== '0';
      }).length,
  );

for (const locale of LOCALES) {
  const U = resources[locale].uploads;
  const D = resources[locale].workbench.documents;
  const M = resources[locale].messages as Record<string, string>;

  test.describe(`workbench upload states (${locale})`, () => {
    let token = '';

    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
      token = (await logInAs(page)).access_token;
      await buyBaseViaApi(page.request, token, 'USA_EB1A');
    });

    const openUploader = async (page: Page) => {
      await page.goto('/EB-1A/endeavor');
      await expect(page.getByTestId('plan-attachments')).toBeVisible();
      await press(page.getByTestId('add-attachment'));
      await expect(page.getByTestId('upload-field')).toBeVisible();
      return page.getByTestId('upload-field');
    };
    const openImport = async (page: Page) => {
      await page.goto('/EB-1A/petition');
      await expect(page.getByTestId('doc-editor')).toBeVisible();
      await press(page.getByRole('button', { name: buttonName(D.import.open) }));
      const dialog = page.getByRole('dialog', { name: D.import.title });
      await expect(dialog).toBeVisible();
      return dialog;
    };
    /** A .docx as the customer has one: the server's own template for the petition letter. */
    const templateDocx = async (page: Page) => {
      const caseId = await caseSeed(page.request, token, 'USA_EB1A', locale).open();
      const r = await page.request.get(DOCUMENT_PATHS.template(caseId, 'petition_letter'), {
        headers: { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale },
      });
      expect(r.ok()).toBe(true);
      return {
        name: 'my-letter.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await r.body(),
      };
    };

    test('one upload control: our button opens the picker, no native "Choose File" beside it', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      const docx = await templateDocx(page);

      await test.step('the uploader', async () => {
        const field = await openUploader(page);
        const choose = field.getByRole('button', { name: buttonName(U.widget.choose) });
        await expect(choose).toBeVisible();
        expect(await visibleFileInputs(page)).toBe(0);
        const chooser = page.waitForEvent('filechooser');
        await press(choose);
        await (await chooser).setFiles({
          name: 'award.pdf',
          mimeType: 'application/pdf',
          buffer: blankPdf(1),
        });
        await expect(page.getByTestId('upload-ready')).toBeVisible({ timeout: 30_000 });
        await checkScreen(page, '/EB-1A/endeavor upload dialog (ready)');
        await expectFitsViewport(page);
      });

      await test.step('the .docx import dialog', async () => {
        const dialog = await openImport(page);
        const choose = dialog.getByRole('button', { name: buttonName(D.import.choose) });
        await expect(choose).toBeVisible();
        expect(await visibleFileInputs(page)).toBe(0);
        // From the keyboard: Enter on the focused button opens the picker (pressed again while the opening
        // modal still moves focus to itself).
        let chooser: FileChooser | null = null;
        await expect(async () => {
          const opened = page.waitForEvent('filechooser', { timeout: 2_000 });
          await choose.press('Enter');
          chooser = await opened;
        }).toPass({ timeout: 15_000 });
        await (chooser as FileChooser | null)?.setFiles(docx);
        await expect(dialog).toContainText(docx.name);
        await expect(dialog.getByRole('button', { name: buttonName(D.import.insert) })).toBeEnabled();
        await checkScreen(page, '/EB-1A/petition import dialog');
        await expectFitsViewport(page);
      });
      expect(unexpected(errors)).toEqual([]);
    });

    test('one state per upload: a password-protected PDF is refused, never "uploaded"; checking, then uploaded', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      const field = await openUploader(page);

      await test.step('the refusal replaces the success line', async () => {
        await field
          .getByTestId('upload-input')
          .setInputFiles({ name: 'locked.pdf', mimeType: 'application/pdf', buffer: passwordPdf() });
        const refused = page.getByTestId('upload-refused');
        await expect(refused).toBeVisible({ timeout: 30_000 });
        await expect(refused).toContainText('locked.pdf');
        await expect(field).not.toContainText(U.widget.uploaded);
        await expect(field).not.toContainText(U.widget.checking);
        await expect(field.locator('.ant-progress-status-success')).toHaveCount(0);
        await checkScreen(page, '/EB-1A/endeavor upload dialog (password refused)');
        await expectFitsViewport(page);
      });

      await test.step('while the server checks, the line says checking; "uploaded" once ready', async () => {
        // The status reads are held until the test has seen the "checking" state.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const status = /\/api\/customer\/uploads\/\d+\/$/;
        await page.route(status, async (route) => {
          await held;
          await route.continue();
        });
        await field
          .getByTestId('upload-input')
          .setInputFiles({ name: 'award.pdf', mimeType: 'application/pdf', buffer: blankPdf(1) });
        const result = page.getByTestId('upload-result');
        await expect(result).toContainText(U.widget.checking, { timeout: 30_000 });
        await expect(result).toContainText('award.pdf');
        await expect(result).not.toContainText(U.widget.uploaded);
        await expect(page.getByTestId('upload-refused')).toHaveCount(0);
        release();
        await expect(page.getByTestId('upload-ready')).toBeVisible({ timeout: 30_000 });
        await expect(result).toContainText(U.widget.uploaded);
        await expect(result).not.toContainText(U.widget.checking);
        await page.unroute(status);
      });
      expect(unexpected(errors)).toEqual([]);
    });

    test('saved means saved: Save after a .docx import leaves the state line at "saved"', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      const docx = await templateDocx(page);
      const dialog = await openImport(page);
      await dialog.getByTestId('docx-input').setInputFiles(docx);
      const insert = dialog.getByRole('button', { name: buttonName(D.import.insert) });
      await expect(insert).toBeEnabled({ timeout: 30_000 });
      await press(insert);
      await expect(dialog).toBeHidden();
      const editor = page.getByTestId('doc-editor');
      const state = page.getByTestId('doc-save-state');
      await expect(state).toHaveAttribute('data-state', 'pending');

      await press(page.getByTestId('doc-save'));
      await expect(page.getByText(M.document_saved!).first()).toBeVisible();
      await expect(state).toHaveAttribute('data-state', 'saved');
      await expect(state).not.toContainText(D.state.pending);
      // Nothing is left to send: a reload shows the same text, saved.
      const before = await editor.textContent();
      await page.reload();
      await expect(editor).toBeVisible();
      await expect(editor).toHaveText(before ?? '');
      await expect(state).toHaveAttribute('data-state', 'saved');
      expect(unexpected(errors)).toEqual([]);
    });
  });
}
