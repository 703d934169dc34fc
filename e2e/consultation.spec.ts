import type { Locale } from '@dossier/contract';
import { CONSULTATION_TOPIC_MAX } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { apiLogin, buttonName, buyBaseViaApi, fill, storeSession } from './accounts-support.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { signInAtConsole } from './staff-console.ts';
import { consultantCredentials } from './staff-support.ts';
import { rememberLocale } from './support.ts';

/**
 * Issue 16 item 4 (decision 0033), in Chinese and in English, on a desktop and on a 390 px phone: a customer with
 * base + consultation books a call from the personal centre (date and time in a time zone, the account's phone,
 * a topic); the consultant signs in at /staff, claims it and records an answered call with a note; the customer
 * sees the attempt and the consultation done, on the rights row and on the workbench's Consult entry. The
 * spacing rule (3 attempts ≥ 5 minutes apart → dropped; a fourth refused) needs a clock the test moves, so it is
 * covered by apps/server/test/consultation.test.ts, not here.
 */
for (const locale of ['zh', 'en'] as Locale[]) {
  const C = (resources[locale].tasks as typeof resources.en.tasks).consultation;
  const S = resources[locale].staff as typeof resources.en.staff;
  const Common = resources[locale].common;

  test(`consultation: book, claim, answered call, seen by the customer (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const login = await apiLogin(page.request);
    await buyBaseViaApi(page.request, login.access_token, 'USA_EB1A', ['CONSULTATION']);
    await storeSession(page, login);
    await rememberLocale(page, locale);

    // Customer: the consultation row offers Book; the dialog takes a date, a time and a topic.
    await page.goto('/personalCenter/purchaseRecord');
    const entry = page.getByTestId(/^consultation-\d+$/);
    // The first screen after the server starts can be slow on a shared 2-core machine.
    await expect(entry).toHaveCount(1, { timeout: 30_000 });
    const id = Number((await entry.getAttribute('data-testid'))?.split('-').pop());
    await expect(entry.getByTestId('consultation-status')).toHaveText(C.status.can_book);
    await press(entry.getByRole('button', { name: buttonName(C.book) }));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('consultation-phone')).toHaveValue(
      `+${login.customer.area_code} ${login.customer.phone}`,
    );
    const date = dialog.getByLabel(C.date, { exact: true });
    // Issue 15 item 6 (decision 0017): a typed past date is kept, and refused under the field with the reason.
    await date.click();
    await date.fill('2020-01-15');
    await date.press('Enter');
    await expect(date).toHaveValue('2020-01-15');
    await expect(dialog.getByText(C.datePast)).toBeVisible();
    // A topic pasted past its limit is kept whole; the counter and the message say by how much.
    const topicInput = dialog.getByLabel(C.topic);
    const pasted = 'x'.repeat(CONSULTATION_TOPIC_MAX + 100);
    await topicInput.fill(pasted);
    await expect(topicInput).toHaveValue(pasted);
    const over = fill(Common.limit.over, {
      max: CONSULTATION_TOPIC_MAX,
      count: CONSULTATION_TOPIC_MAX + 100,
    });
    await expect(dialog.getByText(over)).toBeVisible();
    await checkScreen(page, `consultation-book-refused-${locale}`);
    // Book is refused in the browser while either stands: the dialog stays, nothing was sent.
    await press(dialog.getByRole('button', { name: buttonName(C.book) }));
    await expect(dialog.getByText(C.datePast)).toBeVisible();
    await expect(entry.getByTestId('consultation-status')).toHaveText(C.status.can_book);
    await date.click();
    await date.fill('2030-01-15');
    await date.press('Enter');
    await expect(dialog.getByText(C.datePast)).toHaveCount(0);
    const time = dialog.getByLabel(C.time, { exact: true });
    await time.click();
    await time.fill('10:30');
    await time.press('Enter');
    const topic = `Topic ${locale} ${id}: NIW or EB-1A?`;
    await topicInput.fill(topic);
    await expect(dialog.getByText(over)).toHaveCount(0);
    await checkScreen(page, `consultation-book-${locale}`);
    await press(dialog.getByRole('button', { name: buttonName(C.book) }));
    await expect(dialog).toBeHidden();
    await expect(entry.getByTestId('consultation-status')).toHaveText(C.status.booked);
    await expect(entry.getByTestId('consultation-booked')).toContainText('2030-01-15 10:30');
    await expect(entry.getByRole('button', { name: buttonName(C.cancel) })).toBeVisible();
    await checkScreen(page, `consultation-rights-${locale}`);

    // Consultant: signs in on the console's own screen, lands on the consultation queue, claims, records a call.
    const consultant = await consultantCredentials(page.request);
    await signInAtConsole(page, locale, consultant);
    await expect(page.getByRole('heading', { name: S.consultations.title })).toBeVisible();
    await expect(page.getByText(topic)).toBeVisible();
    await checkScreen(page, `staff-consultations-${locale}`);
    await press(page.getByTestId(`claim-${id}`));
    await press(page.getByTestId(`record-${id}`));
    const record = page.getByRole('dialog');
    await expect(record).toContainText(
      S.consultations.recordTitle.replace('{{n}}', '1').replace('{{max}}', '3'),
    );
    await press(record.getByRole('radio', { name: C.outcome.answered, exact: true }));
    // An answered call without a note is refused by the server, in the console's language.
    await press(record.getByRole('button', { name: buttonName(S.consultations.save) }));
    await expect(record.getByRole('alert')).toContainText(
      (resources[locale].errors as Record<string, string>).consultation_note_required!,
    );
    await record.getByLabel(S.consultations.note).fill('Discussed the NIW route and the evidence plan.');
    await press(record.getByRole('button', { name: buttonName(S.consultations.save) }));
    await expect(record).toBeHidden();
    await expect(page.getByTestId(`record-${id}`)).toHaveCount(0);

    // Customer: the row shows the call (answered) and the consultation done; no Cancel any more.
    await page.goto('/personalCenter/purchaseRecord');
    await expect(entry.getByTestId('consultation-status')).toHaveText(C.status.done);
    await expect(entry.getByTestId('consultation-attempt')).toHaveCount(1);
    await expect(entry.getByTestId('consultation-attempt')).toContainText(C.outcome.answered);
    await expect(entry.getByRole('button', { name: buttonName(C.cancel) })).toHaveCount(0);

    // The workbench's right side (My services → Consult) shows the same consultation.
    await page.goto('/EB-1A');
    const side = page.getByTestId(`consultation-${id}`);
    await expect(side.getByTestId('consultation-status')).toHaveText(C.status.done);
    await expect(side.getByTestId('consultation-attempt')).toContainText(C.outcome.answered);
  });
}
