import { readFileSync } from 'node:fs';
import { PACKET_PATHS, type TPacket } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buyBaseViaApi, logInAs } from './accounts-support.ts';
import { caseSeed } from './case-seed.ts';
import { checkScreen, expect, isPhone, press, test } from './fixtures.ts';
import { collectPageErrors } from './support.ts';

/**
 * Issue 14 with nothing mocked: a complete case seeded over the API, the checklist confirmed, then the real
 * print-file job builds the packet from it while the screen shows the progress; the download is a PDF with the
 * page count the server reports, and /previewToPdf opens it and jumps through its real outline. (The screen's
 * states and the outline's clicks are covered in detail by workbench-readme.spec.ts.) One locale (the build is
 * the same in every language), in both projects: on the 390 px phone the same presses — Generate, Download,
 * Open, the outline — must be in reach, and every screen passes the screen checks.
 */

const R = resources.zh.preview;

test.describe('the real print file (zh)', () => {
  test('confirm, generate with the real job, download and open it by its outline', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = collectPageErrors(page);
    const token = (await logInAs(page)).access_token;
    await buyBaseViaApi(page.request, token, 'USA_EB1A');
    const seed = caseSeed(page.request, token, 'USA_EB1A', 'zh');
    const { caseId } = await test.step('a complete case over the API', () => seed.complete());
    const confirmed = await page.request.post(PACKET_PATHS.readmeConfirm(caseId), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await page.goto('/EB-1A/readMe');

    await test.step('Generate → the real job → Download to print', async () => {
      await expect(page.getByTestId('print-file')).toHaveAttribute('data-state', 'none', { timeout: 20_000 });
      await checkScreen(page, '/EB-1A/readMe (confirmed)');
      await press(page.getByTestId('print-generate'));
      await expect(page.getByTestId('print-file')).toHaveAttribute('data-state', /queued|generating|ready/);
      await expect(page.getByTestId('print-file')).toHaveAttribute('data-state', 'ready', {
        timeout: 120_000,
      });
      await expect(page.getByTestId('print-done')).toContainText(R.print.done);
      await checkScreen(page, '/EB-1A/readMe (print file ready)');
      const packet = (await (
        await page.request.get(PACKET_PATHS.packet(caseId), { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as TPacket;
      expect(packet.state).toBe('ready');
      expect(packet.file!.pages).toBeGreaterThan(10);
      // The file checked itself (issue 28 item 9): the screen shows what it found; the name carries its day.
      const check = packet.file!.check!;
      expect(check.pages).toBe(packet.file!.pages);
      expect(check.bookmarks).toBeGreaterThan(3);
      expect(check.references).toBeGreaterThan(0);
      await expect(page.getByTestId('print-check')).toHaveText(
        R.print.check
          .replace('{{pages}}', String(check.pages))
          .replace('{{bookmarks}}', String(check.bookmarks))
          .replace('{{references}}', String(check.references)),
      );
      expect(packet.file!.name).toContain(packet.file!.date);

      const downloading = page.waitForEvent('download');
      await press(page.getByTestId('print-download'));
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(packet.file!.name);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBe(packet.file!.size);
    });

    await test.step('"Highlight my name" is a setting of the case: the file built without it is stale', async () => {
      const toggle = page.getByTestId('print-highlight-name').getByRole('switch');
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await press(toggle);
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('print-file')).toHaveAttribute('data-state', 'stale');
      await expect(page.getByTestId('print-generate')).toHaveText(R.print.regenerate);
      await page.reload();
      await expect(page.getByTestId('print-highlight-name').getByRole('switch')).toHaveAttribute(
        'aria-checked',
        'true',
      );
    });

    await test.step('/previewToPdf draws the real packet and jumps through its outline', async () => {
      await press(page.getByTestId('print-open'));
      await expect(page).toHaveURL(/\/previewToPdf\?program=eb1a$/);
      await expect(page.getByTestId('pdf-canvas')).toHaveAttribute('data-rendered-page', '1', {
        timeout: 30_000,
      });
      await checkScreen(page, '/previewToPdf (real packet)');
      // On a phone the outline is a drawer behind its own button.
      if (isPhone()) await press(page.getByTestId('pdf-outline-open'));
      const outline = page.getByTestId('pdf-outline');
      await expect(outline).toBeVisible();
      const entries = outline.getByRole('button');
      await expect.poll(() => entries.count()).toBeGreaterThan(3);
      if (isPhone()) await checkScreen(page, '/previewToPdf (real packet) outline drawer');
      // The last top-level entry lies past page 1: jumping there draws that page.
      await press(entries.last());
      await expect(page.getByTestId('pdf-canvas')).not.toHaveAttribute('data-rendered-page', '1', {
        timeout: 20_000,
      });
    });
    // A 4xx the screen handles itself (e.g. a poll racing the first build) is not an error of the page.
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
