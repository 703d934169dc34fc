import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LANGUAGE_HEADER,
  type Locale,
  RFE_DEFAULT_RESPONSE_DAYS,
  ZFiling,
  ZRfe,
  ZRfeList,
} from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { buttonName, buyBaseViaApi } from './accounts-support.ts';
import { caseSeed, paragraphs, ref, txt } from './case-seed.ts';
import { checkScreen, expect, isPhone, press, test } from './fixtures.ts';
import { blankPdf } from './pdf-bytes.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 32 item 4 (decision 0082), desktop in Chinese and a 390 px phone in English, over the real server and the
 * real packet job: a filed case (mailing and receipt recorded over the API, so the exhibit snapshot exists) gets an
 * RFE recorded in the browser (due date notice + 87 by default, the notice uploaded), two findings, one answered by
 * a filed exhibit and one by a new evidence folder; the response letter cites the new exhibit; the response packet
 * is built and downloaded as the person would, and its new exhibit's stamp is the filed count + 1, as the letter's
 * reference says; `qpdf --check` is clean.
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (s: string, n: number) => day(new Date(Date.parse(`${s}T00:00:00Z`) + n * 86_400_000));

test('record an RFE, answer two findings with an old and a new exhibit, build and download the response', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const locale: Locale = isPhone() ? 'en' : 'zh';
  const R = resources[locale].rfe;
  const errors = collectPageErrors(page);
  if (locale === 'en') await rememberLocale(page, 'en');
  const token = (await sharedLogin().start(page)).access_token;
  const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
  await buyBaseViaApi(page.request, token, 'USA_EB1A');
  const seed = caseSeed(page.request, token, 'USA_EB1A', locale);
  const built = await test.step('a whole case over the API', () => seed.complete());
  const caseId = built.caseId;
  const onCase = (p: string) => `/api/customer/case/${caseId}/${p}`;

  const filing = await test.step('the mailing and the receipt over the API', async () => {
    const before = ZFiling.parse(await (await page.request.get(onCase('filing/'), { headers })).json());
    const mailed = await page.request.put(onCase('filing/'), {
      headers,
      data: { version: before.version, mailed_on: '2026-06-01', carrier: 'usps', tracking_number: null },
    });
    expect(mailed.ok(), await mailed.text()).toBe(true);
    const receipt = await page.request.post(onCase('filing/receipt/'), {
      headers,
      data: {
        form: 'I-140',
        receipt_number: 'IOE0912345678',
        notice_date: '2026-06-10',
        premium: false,
        notice_upload_id: null,
      },
    });
    expect(receipt.ok(), await receipt.text()).toBe(true);
    return ZFiling.parse(await receipt.json());
  });
  const filedCount = filing.snapshot!.exhibits.length;
  expect(filedCount).toBeGreaterThan(0);
  const filed = filing.snapshot!.exhibits[0]!;

  // A new evidence folder with a file, made after the mailing: not in the snapshot, numbered on from it.
  const newName = locale === 'zh' ? '新的引用数据' : 'New citation data';
  const newFolder = await seed.folder(built.criteria[0]!, newName);
  await seed.file(newFolder, `${newName} file`);

  await page.goto('/EB-1A');
  const section = page.getByTestId('rfe-section');
  await expect(section).toBeVisible({ timeout: 30_000 });

  await test.step('record the RFE: the due date defaults to the notice + 87 days', async () => {
    await press(page.getByTestId('rfe-record'));
    const dialog = page.getByTestId('rfe-record-dialog');
    const notice = day(new Date(Date.now() - 5 * 86_400_000));
    await page.getByTestId('rfe-notice-date').fill(notice);
    await expect(page.getByTestId('rfe-due-date')).toHaveValue(plusDays(notice, RFE_DEFAULT_RESPONSE_DAYS));
    await dialog.getByTestId('upload-input').setInputFiles({
      name: 'rfe-notice.pdf',
      mimeType: 'application/pdf',
      buffer: blankPdf(2),
    });
    await expect(dialog.getByTestId('upload-ready')).toBeVisible({ timeout: 60_000 });
    await expectFitsViewport(page);
    await press(page.getByTestId('rfe-record-save'));
    await expect(page).toHaveURL(/[?&]rfe=\d+/);
    // The days left are counted from the customer's today (their time zone): read from the server.
    const id = Number(new URL(page.url()).searchParams.get('rfe'));
    const rfe = ZRfe.parse(await (await page.request.get(onCase(`rfe/${id}/`), { headers })).json());
    expect(rfe.due_date).toBe(plusDays(notice, RFE_DEFAULT_RESPONSE_DAYS));
    await expect(page.getByTestId('rfe-countdown')).toHaveText(
      R.due.left.replace('{{date}}', rfe.due_date).replace('{{count}}', String(rfe.days_left)),
    );
  });
  const rfeId = Number(new URL(page.url()).searchParams.get('rfe'));

  await test.step('two findings', async () => {
    for (const text of ['The evidence of awards is insufficient.', 'Original contributions are not shown.']) {
      await press(page.getByTestId('rfe-finding-add'));
      await page.getByTestId('rfe-finding-dialog').getByLabel(R.findings.text).fill(text);
      await press(page.getByTestId('rfe-finding-save'));
      await expect(page.getByTestId('rfe-findings')).toContainText(text);
    }
    await expect(page.getByTestId('rfe-finding-2')).toBeVisible();
  });

  const pick = async (n: number, option: string) => {
    const card = page.getByTestId(`rfe-finding-${n}`);
    await press(card.getByTestId('rfe-exhibits-select'));
    await page.locator('.ant-select-dropdown:visible').getByTitle(option).click();
    await page.keyboard.press('Escape');
    await press(card.getByTestId('rfe-exhibits-save'));
    await expect(card.getByTestId('rfe-finding-answered')).toHaveText(R.findings.answered);
    return card;
  };
  const evidence = await (await page.request.get(onCase('evidence/'), { headers })).json();
  const filedName = (evidence.folders as { id: number; name: string }[]).find(
    (f) => f.id === filed.folder_id,
  )!.name;
  const newNumber = filedCount + 1;

  await test.step('finding 1 by a filed exhibit (cited), finding 2 by the new folder', async () => {
    const one = await pick(
      1,
      R.exhibits.filed.replace('{{n}}', String(filed.number)).replace('{{name}}', filedName),
    );
    await expect(one.getByTestId('rfe-exhibits-saved')).toContainText(R.exhibits.cited);
    const two = await pick(2, R.exhibits.new.replace('{{name}}', newName));
    await expect(two.getByTestId('rfe-exhibits-saved')).toContainText(String(newNumber));
  });

  await test.step('the response letter cites the new exhibit', async () => {
    const current = await (await page.request.get(onCase('documents/rfe_response/'), { headers })).json();
    const saved = await page.request.put(onCase('documents/rfe_response/'), {
      headers,
      data: {
        version: current.version,
        content: paragraphs(
          txt('The new citation data is at '),
          ref('exhibit', `folder:${newFolder}`),
          txt('.'),
        ),
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('rfe-letter').getByTestId('doc-reference').first()).toContainText(
      String(newNumber),
      { timeout: 30_000 },
    );
  });

  await test.step('build the response packet and download it', async () => {
    await checkScreen(page, `/EB-1A?rfe (${locale})`);
    const build = page.getByTestId('rfe-packet-build');
    await expect(build).toBeEnabled({ timeout: 30_000 });
    await press(build);
    const download = page.getByTestId('rfe-packet-download');
    await expect(page.getByTestId('rfe-packet-file')).toBeVisible({ timeout: 90_000 });
    const downloading = page.waitForEvent('download');
    await press(download);
    const file = await downloading;
    const path = join(mkdtempSync(join(tmpdir(), 'e2e-rfe-')), 'response.pdf');
    writeFileSync(path, readFileSync(await file.path()));
    execFileSync('qpdf', ['--check', path]);
    const text = pdfText(path);
    expect(text).toContain(`Exhibit ${newNumber}`);
    expect(text).not.toContain(`Exhibit ${newNumber + 1} `);
  });

  const list = ZRfeList.parse(await (await page.request.get(onCase('rfe/'), { headers })).json());
  expect(list.items.map((r) => r.id)).toEqual([rfeId]);
  await expect(page.getByTestId('rfe-back').first()).toHaveText(buttonName(R.workspace.back));
  expect(unexpected(errors)).toEqual([]);
});
