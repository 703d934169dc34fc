import { LANGUAGE_HEADER, type Locale, ZEvidenceResponse } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { apiLogin, buttonName, buyBaseViaApi, storeSession } from './accounts-support.ts';
import { caseSeed, seedPdf } from './case-seed.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { signInAtConsole } from './staff-console.ts';
import { translatorCredentials } from './staff-support.ts';
import { rememberLocale } from './support.ts';

/**
 * Issue 16 (acceptance), in Chinese and in English, on a desktop and on a 390 px phone: a customer with base +
 * translation marks an evidence file "needs translation, by the service" and submits the translation from the
 * personal centre; the translator signs in at /staff, claims it (the customer's edits to that file are now
 * refused with the spec's message), uploads the translated PDF and sends the result; the translation appears
 * on the right evidence file, and the customer was notified of the claim and of the result.
 */
for (const locale of ['zh', 'en'] as Locale[]) {
  const T = resources[locale].tasks as typeof resources.en.tasks;
  const S = resources[locale].staff as typeof resources.en.staff;
  const R = resources[locale].shop.rights.tasks as Record<string, string>;
  const N = resources[locale].notifications as Record<string, string>;
  const E = resources[locale].errors as Record<string, string>;

  test(`translation: submit, claim (edits refused), translated file on the evidence (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const login = await apiLogin(page.request);
    await buyBaseViaApi(page.request, login.access_token, 'USA_EB1A', ['TRANSLATION']);
    // The case over real HTTP: one criterion, one folder, one Chinese original to be translated by the service.
    const seed = caseSeed(page.request, login.access_token, 'USA_EB1A', locale);
    const caseId = await seed.open();
    await seed.claim(['awards']);
    const folderId = await seed.folder('awards', 'Award certificate');
    const [originalId] = await seed.upload('award-certificate-zh.pdf');
    const headers = { Authorization: `Bearer ${login.access_token}`, [LANGUAGE_HEADER]: locale };
    const fileBody = {
      name: 'Award certificate',
      needs_translation: true,
      translation_mode: 'service',
      original_upload_id: originalId,
    };
    const added = await page.request.post(`/api/customer/case/${caseId}/evidence/${folderId}/files/`, {
      headers,
      data: fileBody,
    });
    expect(added.ok(), await added.text()).toBe(true);
    const fileId = ZEvidenceResponse.parse(await added.json())
      .evidence.folders.find((f) => f.id === folderId)!
      .files.find((f) => f.name === fileBody.name)!.id;

    // Customer: the translation row offers Submit; every translatable part is chosen by default.
    await storeSession(page, login);
    await rememberLocale(page, locale);
    await page.goto('/personalCenter/purchaseRecord');
    const actions = page.getByTestId(/^task-actions-\d+$/);
    await expect(actions).toHaveCount(1);
    const taskId = Number((await actions.getAttribute('data-testid'))?.split('-').pop());
    await press(actions.getByRole('button', { name: buttonName(T.actions.submit) }));
    const submit = page.getByRole('dialog');
    await expect(submit.getByRole('checkbox', { name: T.covers.evidence })).toBeChecked();
    await press(submit.getByRole('button', { name: buttonName(T.actions.submit) }));
    await expect(submit).toBeHidden();
    await expect(page.getByText(R.submitted!, { exact: true })).toBeVisible();

    // Translator: signs in, opens the task, claims it.
    const translator = await translatorCredentials(page.request);
    await signInAtConsole(page, locale, translator);
    await expect(page.getByRole('heading', { name: S.queue.title })).toBeVisible();
    await press(page.getByRole('button', { name: S.queue.openTask.replace('{{id}}', String(taskId)) }));
    await press(page.getByRole('button', { name: buttonName(S.task.claim) }));
    await expect(page.getByTestId('staff-task-status')).toHaveText(R.in_progress!);

    // While it is in progress the covered file is locked: the customer's edit is refused with the spec's text.
    const edit = await page.request.patch(
      `/api/customer/case/${caseId}/evidence/${folderId}/files/${fileId}/`,
      { headers, data: { ...fileBody, name: 'Renamed while locked' } },
    );
    expect(edit.status()).toBe(409);
    expect((await edit.json()).msg).toBe(E.case_locked);

    // The translated PDF for the one covered item, then the result.
    await page.getByLabel(S.task.translationFile).setInputFiles({
      name: 'award-certificate-en.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await seedPdf()),
    });
    await expect(page.getByText(S.task.uploaded, { exact: true })).toBeVisible();
    await checkScreen(page, `staff-translation-${locale}`);
    await press(page.getByRole('button', { name: buttonName(S.task.sendResult) }));
    await expect(page.getByTestId('staff-task-status')).toHaveText(R.audited!);

    // Customer: the translation sits on that evidence file; both steps were notified in the customer's language.
    await page.goto('/EB-1A/evidence');
    const saved = page.getByTestId('saved-file').filter({ hasText: fileBody.name });
    await expect(saved.getByTestId('file-translation').getByText('award-certificate-en.pdf')).toBeVisible();
    await checkScreen(page, `evidence-translated-${locale}`);
    await page.goto('/personalCenter/messageRemind');
    await expect(page.getByText(N.task_claimed_translation!, { exact: true })).toBeVisible();
    await expect(
      page.getByText(N.task_result_translation!.replace('{{count}}', '1'), { exact: true }),
    ).toBeVisible();
  });
}
