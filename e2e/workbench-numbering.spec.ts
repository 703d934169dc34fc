import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EVIDENCE_PATHS,
  LANGUAGE_HEADER,
  LOCALES,
  type Locale,
  PACKET_PATHS,
  ZEvidencePage,
  ZPacket,
  ZReadme,
} from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { APIRequestContext } from '@playwright/test';
import { buttonName, buyBaseViaApi } from './accounts-support.ts';
import { caseSeed, paragraphs, ref, txt } from './case-seed.ts';
import { checkScreen, expect, isPhone, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 28 items 2–4 (web), in Chinese and in English, on a desktop and on a 390 px phone, over the real server:
 * a reference to an evidence folder without a file blocks "I confirm" with its message, and its Fix link opens the
 * petition letter at that paragraph, where the reference shows as pending, without a number; then a background
 * exhibit (added with a suggested name) placed first in the customer's own order is Exhibit 1 in the editor, in
 * the letter preview, in the comparison catalogue and in the packet the real job builds.
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

/** What a person reads in a PDF (poppler's pdftotext), whitespace folded. */
function pdfText(bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'e2e-pdf-')), 'file.pdf');
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

function api(request: APIRequestContext, token: string, locale: Locale) {
  const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
  return {
    readme: async (caseId: number) => {
      const r = await request.get(PACKET_PATHS.readme(caseId), { headers });
      expect(r.ok(), await r.text()).toBe(true);
      return ZReadme.parse(await r.json());
    },
    evidence: async (caseId: number) => {
      const r = await request.get(EVIDENCE_PATHS.evidence(caseId), { headers });
      expect(r.ok(), await r.text()).toBe(true);
      return ZEvidencePage.parse(await r.json());
    },
    bytes: async (path: string) => {
      const r = await request.get(path, { headers });
      expect(r.ok(), path).toBe(true);
      return r.body();
    },
    post: (path: string) => request.post(path, { headers }),
  };
}

for (const locale of LOCALES) {
  const W = resources[locale].workbench;
  const P = resources[locale].preview;
  const C = resources[locale].common;
  const K = resources[locale].packet;

  test.describe(`one exhibit numbering (${locale})`, () => {
    test.describe.configure({ mode: 'serial' });
    const login = sharedLogin();
    let token = '';
    let caseId = 0;
    let emptyFolder = 0;
    const emptyName = locale === 'zh' ? '最佳论文奖' : 'Best paper award';

    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
      token = (await login.start(page)).access_token;
    });
    test.afterEach(async ({ page }) => {
      await login.keep(page);
    });

    test('a reference to a folder without a file blocks I confirm, named; Fix opens the letter there', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const errors = collectPageErrors(page);
      await buyBaseViaApi(page.request, token, 'USA_EB1A');
      const seed = caseSeed(page.request, token, 'USA_EB1A', locale);
      const built = await test.step('a whole case over the API', () => seed.complete());
      caseId = built.caseId;
      const call = api(page.request, token, locale);
      emptyFolder = await seed.folder(built.criteria[0]!, emptyName);
      await seed.document('petition_letter', {
        type: 'doc',
        content: [
          paragraphs(
            txt('The petitioner leads the field, see '),
            ref('exhibit', `folder:${built.folders[built.criteria[0]!]}`),
          ).content[0],
          paragraphs(
            txt('She won the best paper award, see '),
            ref('exhibit', `folder:${emptyFolder}`),
            txt('.'),
          ).content[0],
        ],
      });
      const readme = await call.readme(caseId);
      const item = readme.parts.find((p) => p.key === 'petition')!.missing[0]!;
      expect(item).toMatchObject({ code: 'readme_reference_no_file', target: 'petition_letter#2' });
      expect(item.msg).toContain(emptyName);

      await page.goto('/EB-1A/readMe');
      const petition = page.getByTestId('readme-part-petition');
      await expect(petition).toHaveAttribute('data-complete', 'false', { timeout: 30_000 });
      await expect(petition).toContainText(item.msg);
      await expect(page.getByRole('checkbox', { name: new RegExp(P.confirm) })).toBeDisabled();
      const refused = await call.post(PACKET_PATHS.readmeConfirm(caseId));
      expect(refused.status()).toBe(409);
      await checkScreen(page, '/EB-1A/readMe (reference without a number)');

      await press(petition.getByRole('link', { name: P.fix }));
      await expect(page).toHaveURL(/\/EB-1A\/petition\?target=petition_letter%232$/);
      const chip = page.getByTestId('doc-editor').getByTestId('doc-reference').nth(1);
      await expect(chip).toHaveAttribute('data-pending', 'true');
      await expect(chip).toHaveText(W.documents.pending_exhibit.replace('{{name}}', emptyName));
      // The cursor is in the paragraph the checklist named.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const node = window.getSelection()?.anchorNode ?? null;
            const el = node instanceof Element ? node : (node?.parentElement ?? null);
            return el?.closest('p')?.textContent ?? '';
          }),
        )
        .toContain('She won the best paper award');
      await checkScreen(page, '/EB-1A/petition (pending reference)');
      await expectFitsViewport(page);

      // Its file uploaded, the folder has a number and nothing blocks.
      await seed.file(emptyFolder, `${emptyName} scan`);
      expect((await call.readme(caseId)).can_confirm).toBe(true);
      expect(unexpected(errors)).toEqual([]);
    });

    test('a background exhibit placed first is Exhibit 1 in the editor, the preview and the packet', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const errors = collectPageErrors(page);
      const call = api(page.request, token, locale);
      const seed = caseSeed(page.request, token, 'USA_EB1A', locale);
      await seed.open();
      const cvName = W.evidence.background.suggestions.cv;
      const cvEn = W.evidence.background.suggestions_en.cv;

      await test.step('a background folder from the suggested names, then its file', async () => {
        await page.goto('/EB-1A/evidence');
        await press(page.getByTestId('add-evidence'));
        const dialog = page.getByTestId('folder-dialog');
        await dialog.getByLabel(W.evidence.fields.criterion).click();
        await press(
          page
            .locator('.ant-select-dropdown:visible .ant-select-item-option', {
              hasText: W.evidence.background.title,
            })
            .first(),
        );
        await dialog.getByLabel(W.evidence.fields.evidence_name, { exact: true }).click();
        await press(
          page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: cvName }).first(),
        );
        await expect(dialog.getByLabel(W.evidence.fields.evidence_name_en)).toHaveValue(cvEn);
        await checkScreen(page, '/EB-1A/evidence add background folder');
        await press(page.getByRole('button', { name: buttonName(W.evidence.actions.save) }));
        await expect(dialog).toBeHidden();
        await expect(page.getByTestId('criterion-background').getByTestId('folder-name')).toContainText(
          cvName,
        );
      });
      const cv = (await call.evidence(caseId)).folders.find((f) => f.name === cvName)!.id;
      await seed.file(cv, 'CV');

      await test.step('numbered by first citation, CV is not first; the customer moves it to the top', async () => {
        let page1 = await call.evidence(caseId);
        const set = await page.request.put(EVIDENCE_PATHS.exhibitOrder(caseId), {
          headers: { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale },
          data: { mode: 'first_cited', version: page1.exhibit_order.version },
        });
        expect(set.ok(), await set.text()).toBe(true);
        page1 = await call.evidence(caseId);
        expect(page1.folders.find((f) => f.id === cv)!.exhibit).not.toBe(1);
        await page.goto('/EB-1A/evidence');
        await press(page.getByTestId('adjust-order'));
        const dialog = page.getByTestId('order-dialog');
        await press(dialog.getByRole('radio', { name: W.evidence.order.modes.custom }));
        const label = `${W.evidence.background.title} · ${cvName}`;
        const steps = page1.folders.findIndex((f) => f.id === cv);
        for (let i = 0; i < steps; i++)
          await press(
            dialog.getByRole('button', { name: W.evidence.order.up.replace('{{name}}', label) }).first(),
          );
        await checkScreen(page, '/EB-1A/evidence whole-case order');
        await press(page.getByRole('button', { name: buttonName(W.evidence.actions.save) }));
        await expect(dialog).toBeHidden();
        await expect(page.getByTestId('criterion-background').getByTestId('folder-exhibit')).toHaveText(
          C.numbered.exhibit.replace('{{number}}', '1'),
        );
        expect((await call.evidence(caseId)).exhibit_order.mode).toBe('custom');
      });

      await test.step('the editor: the picker and the chip say Exhibit 1', async () => {
        await page.goto('/EB-1A/petition');
        const editor = page.getByTestId('doc-editor');
        await expect(editor).toContainText('She won the best paper award');
        await editor.locator('p').last().click();
        await page.keyboard.press('End');
        await page.keyboard.type(' CV: ');
        await press(page.getByRole('button', { name: buttonName(W.documents.toolbar.insert_exhibit) }));
        const picker = page.getByTestId('reference-picker');
        await press(picker.locator('.ant-list-item', { hasText: cvEn }).first().getByRole('button'));
        await expect(editor.getByTestId('doc-reference').last()).toHaveText(
          C.numbered.exhibit.replace('{{number}}', '1'),
        );
        await press(page.getByTestId('doc-save'));
        await expect(page.getByTestId('doc-save-state')).toHaveAttribute('data-state', 'saved');
      });

      await test.step('the letter preview and the comparison catalogue say Exhibit 1', async () => {
        const preview = pdfText(
          await call.bytes(`/api/customer/case/${caseId}/documents/petition_letter/preview.pdf`),
        );
        expect(preview).toContain('CV: Exhibit 1');
        await page.goto('/viewPreview?program=eb1a');
        await expect(page.getByTestId('preview-catalogue').getByRole('listitem').first()).toContainText(
          `${C.numbered.exhibit.replace('{{number}}', '1')} — ${cvEn}`,
        );
      });

      await test.step('the packet the real job builds: Exhibit 1 is the CV', async () => {
        const confirmed = await call.post(PACKET_PATHS.readmeConfirm(caseId));
        expect(confirmed.status(), await confirmed.text()).toBe(200);
        expect((await call.post(PACKET_PATHS.packet(caseId))).status()).toBe(200);
        await expect
          .poll(
            async () =>
              ZPacket.parse(
                await (
                  await page.request.get(PACKET_PATHS.packet(caseId), {
                    headers: { Authorization: `Bearer ${token}` },
                  })
                ).json(),
              ).state,
            { timeout: 150_000 },
          )
          .toBe('ready');
        const text = pdfText(await call.bytes(PACKET_PATHS.packetFile(caseId)));
        expect(text).toContain(`EXHIBIT 1 ${cvEn}`);
        expect(text).toContain('Exhibit 1 - p. 1 of');
        expect(text).toContain('CV: Exhibit 1');
        await page.goto('/previewToPdf?program=eb1a');
        await expect(page.getByTestId('pdf-canvas')).toHaveAttribute('data-rendered-page', '1', {
          timeout: 30_000,
        });
        if (isPhone()) await press(page.getByTestId('pdf-outline-open'));
        await expect(page.getByTestId('pdf-outline')).toContainText(
          K.outline.exhibit.replace('{{n}}', '1').replace('{{title}}', cvEn),
        );
      });
      expect(unexpected(errors)).toEqual([]);
    });
  });
}
