import { resources } from '@dossier/i18n';
import type { Page } from '@playwright/test';
import { apiLogin, buttonName, buyBaseViaApi, logInAs } from './accounts-support.ts';
import { checkScreen, expect, test } from './fixtures.ts';
import { blankPdf } from './pdf-bytes.ts';
import { rememberLocale } from './support.ts';

/**
 * The uploader in the workbench's file dialogs (issue 12 item 6): a PDF goes up over tus ("Uploaded"), the worker
 * checks it, the owner views it with pdf.js; a dropped connection resumes; a Word file is refused with the
 * server's reason naming it. At 390 px, in zh and en.
 */
const U = { zh: resources.zh.uploads, en: resources.en.uploads };

/** A small valid PDF with `pages` pages (offsets computed, so every reader opens it). */
/** What Word writes first: a ZIP whose parts are [Content_Types].xml and word/… */
function docxBytes(): Buffer {
  const entry = (name: string, body: string) => {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt32LE(body.length, 18);
    h.writeUInt32LE(body.length, 22);
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, Buffer.from(name), Buffer.from(body)]);
  };
  return Buffer.concat([
    entry('[Content_Types].xml', '<Types/>'),
    entry('word/document.xml', '<w:document/>'),
  ]);
}

async function openWorkbench(page: Page, locale: 'zh' | 'en') {
  const login = await logInAs(page);
  await buyBaseViaApi(page.request, login.access_token, 'USA_EB1A');
  await rememberLocale(page, locale);
  // The uploader as the US plan's "Add attachment" dialog holds it (the evidence and letter dialogs use the same).
  await page.goto('/EB-1A/endeavor');
  await expect(page.getByTestId('plan-attachments')).toBeVisible();
  await checkScreen(page, '/EB-1A/endeavor');
  await page.getByTestId('add-attachment').click();
  await expect(page.getByTestId('upload-field')).toBeVisible();
  await checkScreen(page, '/EB-1A/endeavor upload dialog');
}

/**
 * The uploader and its dialogs fit a 390 px screen: nothing of theirs reaches past the right edge. (Measured on
 * the uploader, not the page: the site header's own fold at this width is the shell's concern.)
 */
async function fitsPhone(page: Page) {
  const overflow = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll(
        '[data-testid="upload-field"], [data-testid="upload-field"] *, .ant-modal, .ant-modal *',
      ),
    )
      .filter((e) => e.getBoundingClientRect().right > 390.5)
      .map((e) => `${e.tagName}.${e.className}`),
  );
  expect(overflow).toEqual([]);
}

test.describe('uploads', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('zh: a PDF survives a dropped connection, is checked, and opens in the viewer', async ({ page }) => {
    await openWorkbench(page, 'zh');
    // The first PATCH dies with the connection; tus-js-client asks the offset and sends the rest.
    let dropped = false;
    await page.route('**/api/customer/uploads/tus/*', async (route) => {
      if (!dropped && route.request().method() === 'PATCH') {
        dropped = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.getByTestId('upload-input').setInputFiles({
      name: '获奖证书.pdf',
      mimeType: 'application/pdf',
      buffer: blankPdf(2),
    });
    const result = page.getByTestId('upload-result');
    await expect(result).toContainText(U.zh.widget.uploaded, { timeout: 30_000 });
    await expect(result).toContainText('获奖证书.pdf');
    await expect(page.getByTestId('upload-ready')).toContainText('2', { timeout: 30_000 });
    expect(dropped).toBe(true);
    await fitsPhone(page);
    await checkScreen(page, '/EB-1A/endeavor upload dialog (uploaded)');
    await result.getByRole('button', { name: buttonName(U.zh.widget.view) }).click();
    await expect(
      page.getByText(U.zh.viewer.page.replace('{{page}}', '1').replace('{{pages}}', '2')),
    ).toBeVisible();
    const painted = await page
      .getByTestId('pdf-viewer-canvas')
      .evaluate((c: HTMLCanvasElement) => c.width > 0);
    expect(painted).toBe(true);
    await fitsPhone(page);
    await checkScreen(page, '/EB-1A/endeavor PDF viewer');
  });

  test('en: a Word file named .pdf is refused with the reason naming it', async ({ page }) => {
    await openWorkbench(page, 'en');
    await page.getByTestId('upload-input').setInputFiles({
      name: 'reference-letter.pdf',
      mimeType: 'application/pdf',
      buffer: docxBytes(),
    });
    const refused = page.getByTestId('upload-refused');
    await expect(refused).toContainText('reference-letter.pdf', { timeout: 30_000 });
    await expect(refused).toContainText('export it as PDF');
    await fitsPhone(page);
    await checkScreen(page, '/EB-1A/endeavor upload dialog (refused)');
  });

  test('another customer cannot read an upload (404)', async ({ page, request }) => {
    await openWorkbench(page, 'en');
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'mine.pdf', mimeType: 'application/pdf', buffer: blankPdf(1) });
    await expect(page.getByTestId('upload-result')).toContainText(U.en.widget.uploaded, { timeout: 30_000 });
    // The upload's id appears in the status reads that follow "Uploaded" (the first may still be on its way).
    const uploadId = async () => {
      const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      return urls.map((u) => /\/api\/customer\/uploads\/(\d+)\//.exec(u)?.[1]).find(Boolean);
    };
    await expect.poll(uploadId).toBeTruthy();
    const id = await uploadId();
    const other = await apiLogin(request);
    const r = await request.get(`/api/customer/uploads/${id}/pdf/`, {
      headers: { Authorization: `Bearer ${other.access_token}` },
    });
    expect(r.status()).toBe(404);
  });
});
