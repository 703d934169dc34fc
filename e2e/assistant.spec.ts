import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { LANGUAGE_HEADER, type Locale, ZAssistantState, ZDocument } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Page } from '@playwright/test';
import { apiLogin, buttonName, buyBaseViaApi, storeSession } from './accounts-support.ts';
import { caseSeed, paragraphs, txt } from './case-seed.ts';
import { animationsSettled, checkScreen, chooseOption, expect, isPhone, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 33 acceptance (web; decision 0087), desktop in Chinese and a 390 px phone in English. Against the server
 * with the console model (ASSISTANT_PROVIDER=console, playwright.config.ts), which quotes the case's own exhibit
 * text: the assistant turned on for the case after its consent screen, a criterion section drafted from an exhibit
 * whose PDF has a text layer, its paragraph accepted (it appears in the editor), a second draft's paragraph
 * rejected (it does not). Against the second server, which has no model configured: the assistant's button says
 * the assistant is off.
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));
/** The second web server of playwright.config.ts: the same app with no assistant configured. */
const OFF_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

/** What each exhibit says (the console model quotes the first twelve words of a page). */
const AWARD =
  'The applicant received the National Science Award in 2021 for pioneering work on solid state battery materials.';
const JUDGE =
  'The applicant reviewed forty manuscripts for the Journal of Power Sources between 2019 and 2023 as an invited referee.';
const quoteOf = (text: string) => text.split(' ').slice(0, 12).join(' ');

/** A one-page PDF whose text layer holds `text` (so the normaliser keeps it as the exhibit's text). */
async function textPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const words = text.split(' ');
  // Two lines: a line break is a space in the extracted text, as the quote expects.
  page.drawText(words.slice(0, 9).join(' '), { x: 72, y: 700, size: 12, font });
  page.drawText(words.slice(9).join(' '), { x: 72, y: 680, size: 12, font });
  return doc.save();
}

const drawer = (page: Page) => page.locator('.assistant-drawer');
const editor = (page: Page) => page.getByTestId('doc-editor');

async function closeDrawer(page: Page) {
  await press(page.locator('.assistant-drawer .ant-drawer-close'));
  await expect(drawer(page)).toBeHidden();
}

async function pickFirstCriterion(page: Page, label: string) {
  // The drawer slides in from the side: on a phone the page is wider than the screen until it has arrived.
  await animationsSettled(page);
  await chooseOption(page, page.getByTestId('assistant-criterion'), label);
}

test('turn the assistant on, draft a section, accept one paragraph and reject another', async ({ page }) => {
  test.setTimeout(180_000);
  const locale: Locale = isPhone() ? 'en' : 'zh';
  const A = resources[locale].assistant.ui;
  const errors = collectPageErrors(page);
  if (locale === 'en') await rememberLocale(page, 'en');
  const token = (await sharedLogin().start(page)).access_token;
  const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
  await buyBaseViaApi(page.request, token, 'USA_EB1A');
  const seed = caseSeed(page.request, token, 'USA_EB1A', locale);
  const caseId = await seed.open();
  await seed.claim(['awards', 'judge']);
  const [award, judge] = [await textPdf(AWARD), await textPdf(JUDGE)];
  await seed.file(
    await seed.folder('awards', 'National Science Award'),
    'Award certificate',
    await seed.uploadPdf('award.pdf', award),
  );
  await seed.file(
    await seed.folder('judge', 'Peer review'),
    'Reviewer invitations',
    await seed.uploadPdf('judge.pdf', judge),
  );
  const LETTER =
    'I have known Dr. Li since 2018 as a collaborator on battery research at the national laboratory in Hefei.';
  await seed.letter('Prof. Chen', true, await seed.uploadPdf('chen.pdf', await textPdf(LETTER)));
  await seed.document(
    'petition_letter',
    paragraphs(txt('Dr. Li asks to be classified as an alien of extraordinary ability.')),
  );
  const criteria = (await (
    await page.request.get(`/api/customer/case/${caseId}/criteria/`, { headers })
  ).json()) as {
    available: { key: string; label: string }[];
  };
  const labelOf = (key: string) => criteria.available.find((c) => c.key === key)!.label;

  await page.goto('/EB-1A/petition');
  await expect(editor(page)).toBeVisible({ timeout: 30_000 });

  await test.step('the consent screen names the provider, then the assistant is turned on', async () => {
    await press(page.getByTestId('assistant-open'));
    const consent = page.getByTestId('assistant-consent');
    await expect(consent).toBeVisible();
    await expect(page.getByTestId('assistant-consent-host')).toHaveText('console');
    await expect(consent).toContainText(A.consent.sent_exhibit_text);
    await animationsSettled(page);
    await checkScreen(page, '/EB-1A/petition assistant consent');
    await expectFitsViewport(page);
    await press(page.getByTestId('assistant-consent-on'));
    await expect(page.getByTestId('assistant-consent-line')).toBeVisible();
    await expect(page.getByTestId('assistant-quota')).toBeVisible();
    const state = ZAssistantState.parse(
      await (await page.request.get(`/api/customer/case/${caseId}/assistant/`, { headers })).json(),
    );
    expect(state.consent?.provider).toBe(state.provider?.name);
  });

  await test.step('a section drafted from the exhibit, its paragraph accepted into the letter', async () => {
    await pickFirstCriterion(page, labelOf('awards'));
    await press(page.getByTestId('assistant-draft-section'));
    const para = drawer(page).getByTestId('assistant-para-0');
    await expect(para).toBeVisible({ timeout: 60_000 });
    await expect(para.getByTestId('assistant-kept').first()).toContainText(quoteOf(AWARD));
    await expect(para.locator('.assistant-cite').first()).toBeVisible();
    await animationsSettled(page);
    await checkScreen(page, '/EB-1A/petition assistant draft');
    await expectFitsViewport(page);
    await press(para.getByTestId('assistant-accept'));
    await expect(para.getByTestId('assistant-decision')).toHaveText(A.accepted);
    await closeDrawer(page);
    await expect(editor(page)).toContainText(quoteOf(AWARD));
  });

  await test.step("a second draft's paragraph rejected: the letter does not change", async () => {
    await press(page.getByTestId('assistant-open'));
    await pickFirstCriterion(page, labelOf('judge'));
    await press(page.getByTestId('assistant-draft-section'));
    const para = drawer(page).getByTestId('assistant-para-0');
    await expect(para.getByTestId('assistant-kept').first()).toContainText(quoteOf(JUDGE), {
      timeout: 60_000,
    });
    await press(para.getByTestId('assistant-reject'));
    await expect(para.getByTestId('assistant-decision')).toHaveText(A.rejected);
    await closeDrawer(page);
    await expect(editor(page)).not.toContainText(quoteOf(JUDGE));
    const doc = ZDocument.parse(
      await (
        await page.request.get(`/api/customer/case/${caseId}/documents/petition_letter/`, { headers })
      ).json(),
    );
    const stored = JSON.stringify(doc.content);
    expect(stored).toContain(quoteOf(AWARD));
    expect(stored).not.toContain(quoteOf(JUDGE));
  });

  await test.step('Outline a letter on a recommender: drafted at once, kept without writing anything', async () => {
    await page.goto('/EB-1A/reference');
    await press(page.getByTestId('assistant-outline'));
    const para = drawer(page).getByTestId('assistant-para-0');
    await expect(para).toBeVisible({ timeout: 60_000 });
    await expect(para.getByTestId('assistant-accept')).toHaveText(buttonName(A.keep_outline));
    await animationsSettled(page);
    await press(para.getByTestId('assistant-accept'));
    await expect(para.getByTestId('assistant-decision')).toHaveText(A.accepted);
  });

  await test.step('turned off where it is: the consent screen again, no consent on the case', async () => {
    await press(drawer(page).getByTestId('assistant-withdraw'));
    await animationsSettled(page);
    await press(
      page.locator('.ant-popconfirm').getByRole('button', { name: buttonName(A.consent.withdraw) }),
    );
    await expect(drawer(page).getByTestId('assistant-consent')).toBeVisible();
    const state = ZAssistantState.parse(
      await (await page.request.get(`/api/customer/case/${caseId}/assistant/`, { headers })).json(),
    );
    expect(state.consent).toBeNull();
    await press(page.getByTestId('assistant-consent-cancel'));
    await expect(drawer(page)).toBeHidden();
  });
  expect(unexpected(errors)).toEqual([]);
});

test.describe('no model configured', () => {
  test.use({ baseURL: OFF_URL });

  test('the assistant button says the assistant is off', async ({ page }) => {
    const locale: Locale = isPhone() ? 'en' : 'zh';
    const A = resources[locale].assistant.ui;
    const errors = collectPageErrors(page);
    if (locale === 'en') await rememberLocale(page, 'en');
    const answer = await apiLogin(page.request);
    await storeSession(page, answer);
    await buyBaseViaApi(page.request, answer.access_token, 'USA_EB1A');
    await caseSeed(page.request, answer.access_token, 'USA_EB1A', locale).open();
    await page.goto('/EB-1A/petition');
    await expect(editor(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('assistant-open')).toBeDisabled();
    await expect(page.getByTestId('assistant-off')).toHaveText(A.off);
    await checkScreen(page, '/EB-1A/petition assistant off');
    expect(unexpected(errors)).toEqual([]);
  });
});
