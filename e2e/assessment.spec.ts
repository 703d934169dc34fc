import type { Locale, TAssessmentData } from '@dossier/contract';
import { ACHIEVEMENT_ITEMS, LOCALES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { Locator, Page } from '@playwright/test';
import { buttonName, fill, logInAs } from './accounts-support.ts';
import { checkScreen, chooseOption, expect, press, scrollSettled, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';

/** Checks right after a navigation: on a busy 2-core machine a screen can take a while to load. */
const expectLoaded = expect.configure({ timeout: 30_000 });

/** A day well in the future in every time zone, as the date picker takes it. */
function futureDate(days = 12): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Achievements answered yes in the journey; every other item is answered no. */
const YES_ITEMS = ['awards', 'memberships', 'original_contributions', 'articles'] as const;

async function pick(field: Locator, value: string) {
  await field.click();
  await field.fill(value);
  await field.press('Enter');
}

async function answer(page: Page, group: string, yes: boolean, locale: Locale) {
  const O = resources[locale].assessment.options;
  await page
    .getByRole('radiogroup', { name: group, exact: true })
    .getByRole('radio', { name: yes ? O.yes : O.no, exact: true })
    .check();
}

/** A complete draft (every field assessmentMissingFields asks for), as the API takes it. */
function completeDraft(): TAssessmentData {
  return {
    personal: {
      name: 'HK Tester',
      gender: 'female',
      birth_date: '1988-03-04',
      email: 'hk@example.com',
      marital_status: 'single',
    },
    background: {
      military_service: { has: false },
      party_member: false,
      infectious_disease: false,
      criminal_record: false,
      prior_us_application: { has: false },
      abroad_or_visa: { has: false },
    },
    education: [
      { degree: 'bachelor', school: 'HKU', major: 'Finance', start_month: '2006-09', end_month: '2010-06' },
    ],
    work: [{ company: 'HSBC', title: 'Analyst', start_month: '2010-07', end_month: '' }],
    achievements: Object.fromEntries(ACHIEVEMENT_ITEMS.map((item) => [item, { has: false }])),
    appointment: { timezone: 'Asia/Hong_Kong', date: futureDate(20), time_range: 'am (9:30-11:30)' },
  };
}

for (const locale of LOCALES) {
  const A = resources[locale].assessment;
  const F = A.fields;
  const M = resources[locale].messages;
  const E = resources[locale].errors;
  const routes = resources[locale].routes as Record<string, string>;

  test.describe(`free assessment (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
    });

    test('a visitor is asked to log in, and the floating contact-us leads to the appointment', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await page.goto('/estimate');
      await expectLoaded(page.getByRole('heading', { level: 1, name: routes.estimate })).toBeVisible();
      await expect(page.getByText(A.login.prompt, { exact: true })).toBeVisible();
      await expect(page.getByRole('radiogroup')).toHaveCount(0);

      await page.getByRole('button', { name: A.floating.contact }).click();
      await expect(page).toHaveURL(/\/index\/immigrant$/);
      // By name: while the lazy screen loads, the previous screen (with its own h1 and button) stays on show.
      await expectLoaded(page.getByRole('heading', { level: 1, name: routes.immigrant })).toBeVisible();
      // On the appointment page the same control opens the 550 px dialog in place.
      await page.getByRole('button', { name: A.floating.contact }).click();
      await expect(page.getByRole('dialog', { name: resources[locale].contact.form.title })).toBeVisible();
      await page.keyboard.press('Escape');

      await page.goto('/HKestimate');
      await expectLoaded(page.getByText(A.login.prompt, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: buttonName(A.login.action) }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect(errors).toEqual([]);
    });

    // The whole form through the UI is long on a 2-core machine: it runs once (zh); the English journey below
    // goes through the same three steps from a saved draft.
    if (locale === 'zh')
      test('a customer fills the US assessment in three steps and sees the self-check', async ({ page }) => {
        test.setTimeout(180_000);
        const errors = collectPageErrors(page);
        await logInAs(page);
        await page.goto('/estimate');

        // Step 1: Basic information.
        const name = page.getByLabel(F.personal.name, { exact: true });
        await expectLoaded(name).toBeEditable();
        await name.fill(locale === 'zh' ? '王小明' : 'Alex Chen');
        await page
          .getByRole('radiogroup', { name: F.personal.gender, exact: true })
          .getByRole('radio', { name: A.options.gender.male })
          .check();
        await pick(page.getByLabel(F.personal.birthDate, { exact: true }), '1986-05-20');
        await page.getByLabel(F.personal.email, { exact: true }).fill('alex@example.com');
        await page.getByLabel(F.personal.wechat, { exact: true }).fill('alex_wx');
        await chooseOption(
          page,
          page.getByLabel(F.personal.maritalStatus, { exact: true }),
          A.options.marital.married,
        );
        await page.getByRole('button', { name: F.personal.addChild }).click();
        await page.getByLabel(F.personal.childName, { exact: true }).fill('Lily');
        await page.getByLabel(F.personal.childAge, { exact: true }).fill('6');

        await answer(page, F.background.militaryService, false, locale);
        await answer(page, F.background.partyMember, false, locale);
        await answer(page, F.background.infectiousDisease, false, locale);
        await answer(page, F.background.criminalRecord, false, locale);
        await answer(page, F.background.priorUs, true, locale);
        await page.getByLabel(F.background.priorCategory, { exact: true }).fill('B1/B2');
        await page.getByLabel(F.background.priorResult, { exact: true }).fill('Approved');
        await page.getByLabel(F.background.priorReceipt, { exact: true }).fill('IOE0912345678');
        await answer(page, F.background.abroad, false, locale);
        await page.getByLabel(F.background.passportPlace, { exact: true }).fill('Beijing');
        await pick(page.getByLabel(F.background.passportIssue, { exact: true }), '2019-04');
        await pick(page.getByLabel(F.background.passportExpiry, { exact: true }), '2029-04');

        await chooseOption(
          page,
          page.getByLabel(F.education.degree, { exact: true }),
          A.options.degree.master,
        );
        await page.getByLabel(F.education.school, { exact: true }).fill('Tsinghua University');
        await page.getByLabel(F.education.major, { exact: true }).fill('Materials Science');
        await pick(page.getByLabel(F.education.start, { exact: true }), '2008-09');
        await pick(page.getByLabel(F.education.end, { exact: true }), '2011-06');

        // The draft is saved as the user goes, and a reload shows it.
        await expect(page.getByText(A.save.saved, { exact: true })).toBeVisible();
        await page.reload();
        await expectLoaded(name).toHaveValue(locale === 'zh' ? '王小明' : 'Alex Chen');
        await expect(page.getByLabel(F.background.priorReceipt, { exact: true })).toHaveValue(
          'IOE0912345678',
        );
        await expect(page.getByLabel(F.education.end, { exact: true })).toHaveValue('2011-06');
        await scrollSettled(page);

        await press(page.getByRole('button', { name: buttonName(A.actions.next) }));

        // Step 2: Work and achievements. A required answer left out keeps the user on the step.
        await expect(page.getByRole('heading', { level: 2, name: A.sections.work })).toBeVisible();
        await page.getByLabel(F.work.company, { exact: true }).fill('Acme Materials');
        await page.getByLabel(F.work.title, { exact: true }).fill('Principal Scientist');
        await page.getByLabel(F.work.income, { exact: true }).fill('USD 150,000');
        await pick(page.getByLabel(F.work.start, { exact: true }), '2011-07');
        // An empty end month means until now, and says so.
        await expect(page.getByLabel(F.work.end, { exact: true })).toHaveAttribute(
          'placeholder',
          F.work.untilNow,
        );

        await page.getByRole('button', { name: buttonName(A.actions.next) }).click();
        await expect(page.getByText(A.validation.choose).first()).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: A.sections.work })).toBeVisible();

        for (const item of ACHIEVEMENT_ITEMS) {
          const title = A.achievements.items[item].title;
          const yes = (YES_ITEMS as readonly string[]).includes(item);
          await answer(page, `${title} — ${A.achievements.items[item].question}`, yes, locale);
          if (yes) {
            await page
              .getByLabel(fill(A.achievements.details, { item: title }), { exact: true })
              .fill(`${title}: 2019-2024, see documents`);
          }
        }

        // Back to top from the bottom of the long step.
        await page.mouse.wheel(0, 4000);
        const top = page.getByRole('button', { name: A.floating.backToTop });
        await expect(top).toBeVisible();
        await top.click();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);

        await page.getByRole('button', { name: buttonName(A.actions.next) }).click();

        // Step 3: Consult. The hour select stays disabled until a date is chosen.
        await expect(page.getByRole('heading', { level: 2, name: A.sections.appointment })).toBeVisible();
        await expect(page.getByLabel(F.appointment.timezone, { exact: true })).toBeVisible();
        const range = page.locator('.assessment-form__range');
        await expect(range).toHaveClass(/ant-select-disabled/);
        await pick(page.getByLabel(F.appointment.date, { exact: true }), futureDate());
        await expect(range).not.toHaveClass(/ant-select-disabled/);
        await chooseOption(page, page.getByLabel(F.appointment.timeRange, { exact: true }), F.appointment.pm);

        await page.getByRole('button', { name: buttonName(A.actions.submit) }).click();
        const confirm = page.getByRole('dialog', { name: A.actions.confirmTitle });
        await expect(confirm).toBeVisible();
        await confirm.getByRole('button', { name: buttonName(A.actions.confirmOk) }).click();

        // The self-check, clearly labelled as guidance.
        // Submit saves the draft, then submits: two server calls, slow on a busy machine.
        await expectLoaded(page.getByText(M.assessment_submitted)).toBeVisible();
        const check = page.locator('.self-check');
        await expect(check.getByRole('heading', { level: 2, name: A.selfCheck.title })).toBeVisible();
        await expect(check.getByText(A.selfCheck.disclaimer)).toBeVisible();
        const eb1a = check.locator('.self-check__eb1a');
        await expect(eb1a.getByText(fill(A.selfCheck.eb1a.touched, { count: 4 }))).toBeVisible();
        for (const c of [
          'awards',
          'association',
          'original_contributions',
          'scholarly_publication',
        ] as const) {
          await expect(eb1a.getByText(A.selfCheck.criteria.eb1a[c], { exact: true })).toBeVisible();
        }
        await expect(eb1a.getByText(fill(A.selfCheck.eb1a.met, { min: 3 }))).toBeVisible();
        const niw = check.locator('.self-check__niw');
        await expect(
          niw.getByText(fill(A.selfCheck.niw.degreeEligible, { basis: A.selfCheck.niw.basis.master })),
        ).toBeVisible();
        await expect(niw.getByText(fill(A.selfCheck.niw.exceptional, { count: 4 }))).toBeVisible();
        await expect(check.getByText(A.selfCheck.next.recommendation_letters)).toBeVisible();
        await expect(check.getByText(A.selfCheck.next.eb1a_final_merits)).toBeVisible();

        // A reload shows the submitted, read-only assessment with its self-check.
        await page.reload();
        await expectLoaded(
          page.locator('.self-check').getByText(fill(A.selfCheck.eb1a.touched, { count: 4 })),
        ).toBeVisible();
        await expect(name).toBeDisabled();
        await expect(name).toHaveValue(locale === 'zh' ? '王小明' : 'Alex Chen');
        await expect(page.getByRole('button', { name: buttonName(A.actions.submit) })).toHaveCount(0);

        expect(errors).toEqual([]);
      });

    test('a customer with a saved draft goes through the three steps, submits and sees the self-check', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const errors = collectPageErrors(page);
      const me = await logInAs(page);
      const headers = { Authorization: `Bearer ${me.access_token}` };
      expect((await page.request.get('/api/customer/assess/my_assessment/?area=US', { headers })).ok()).toBe(
        true,
      );
      const draft = completeDraft();
      draft.achievements = {
        ...draft.achievements,
        awards: { has: true, description: 'National award 2020' },
      };
      const saved = await page.request.patch('/api/customer/assess/update_my_assessment/', {
        headers,
        data: { area: 'US', data: draft },
      });
      expect(saved.ok()).toBe(true);

      await page.goto('/estimate');
      await expectLoaded(page.getByLabel(F.personal.name, { exact: true })).toHaveValue('HK Tester');
      await page.getByRole('button', { name: buttonName(A.actions.next) }).click();
      await expect(page.getByLabel(F.work.company, { exact: true })).toHaveValue('HSBC');
      await page.getByRole('button', { name: buttonName(A.actions.next) }).click();
      await expect(page.locator('.assessment-form__range')).not.toHaveClass(/ant-select-disabled/);
      await page.getByRole('button', { name: buttonName(A.actions.submit) }).click();
      await page
        .getByRole('dialog', { name: A.actions.confirmTitle })
        .getByRole('button', { name: buttonName(A.actions.confirmOk) })
        .click();
      // Submit saves the draft, then submits: two server calls, slow on a busy machine.
      await expectLoaded(page.getByText(M.assessment_submitted)).toBeVisible();
      const check = page.locator('.self-check');
      await expect(check.getByText(A.selfCheck.disclaimer)).toBeVisible();
      const eb1a = check.locator('.self-check__eb1a');
      await expect(eb1a.getByText(fill(A.selfCheck.eb1a.touched, { count: 1 }))).toBeVisible();
      await expect(eb1a.getByText(A.selfCheck.criteria.eb1a.awards, { exact: true })).toBeVisible();
      // It ends with next steps: which category fits (NIW here: a bachelor's and 5+ years), Buy, an adviser.
      const fit = page.getByTestId('self-check-fit');
      await expect(fit.getByText(A.selfCheck.fit.niw)).toBeVisible();
      await expect(fit.getByRole('link', { name: A.selfCheck.fit.buy.USA_NIW })).toHaveAttribute(
        'href',
        '/payService?project=USA_NIW&service=DIY_STANDARD',
      );
      await expect(fit.getByRole('link', { name: A.selfCheck.fit.adviser })).toHaveAttribute(
        'href',
        '/index/immigrant',
      );
      await checkScreen(page, '/estimate self-check');
      await expect(page.getByRole('button', { name: buttonName(A.actions.submit) })).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test('a 5,000-character paste into a 2,000-character field is kept, with the limit message', async ({
      page,
    }) => {
      const C = resources[locale].common;
      await logInAs(page);
      await page.goto('/estimate');
      await expectLoaded(page.getByLabel(F.personal.name, { exact: true })).toBeEditable();
      await checkScreen(page, '/estimate');
      await answer(page, F.background.abroad, true, locale);
      const details = page.getByLabel(F.background.abroadDetails, { exact: true });
      const pasted = 'x'.repeat(5000);
      await details.fill(pasted);
      await expect(details).toHaveValue(pasted);
      await expect(page.getByText(fill(C.limit.over, { max: '2000', count: '5000' }))).toBeVisible();
      await expect(page.getByText(A.save.invalid)).toBeVisible();
      await details.fill('Studied in the UK 2008-2009.');
      await expect(page.getByText(fill(C.limit.over, { max: '2000', count: '5000' }))).toHaveCount(0);
      await expect(page.getByText(A.save.saved, { exact: true })).toBeVisible();
    });

    test('a second free assessment (Hong Kong) is refused with the server message', async ({ page }) => {
      test.setTimeout(90_000);
      const errors = collectPageErrors(page);
      const me = await logInAs(page);
      // The US assessment is submitted through the API (the journeys above do it through the screen).
      const headers = { Authorization: `Bearer ${me.access_token}` };
      const us = await page.request.get('/api/customer/assess/my_assessment/?area=US', { headers });
      const { id: usId } = (await us.json()) as { id: number };
      await page.request.patch('/api/customer/assess/update_my_assessment/', {
        headers,
        data: { area: 'US', data: completeDraft() },
      });
      expect((await page.request.patch(`/api/customer/assess/${usId}/submit/`, { headers })).ok()).toBe(true);

      // Hong Kong: a complete draft (saved through the API) shows in the form, but the one free
      // assessment is used, which the screen says up front and the server refuses with its msg.
      const hk = await page.request.get('/api/customer/assess/my_assessment/?area=HK', { headers });
      expect(hk.ok()).toBe(true);
      const saved = await page.request.patch('/api/customer/assess/update_my_assessment/', {
        headers,
        data: { area: 'HK', data: completeDraft() },
      });
      expect(saved.ok()).toBe(true);

      await page.goto('/HKestimate');
      await expectLoaded(page.getByText(A.status.usedFree)).toBeVisible();
      await expect(page.getByLabel(F.personal.name, { exact: true })).toHaveValue('HK Tester');
      await page.getByRole('button', { name: buttonName(A.actions.next) }).click();
      await expect(page.getByLabel(F.work.company, { exact: true })).toHaveValue('HSBC');
      await page.getByRole('button', { name: buttonName(A.actions.next) }).click();
      await expect(page.locator('.assessment-form__range')).not.toHaveClass(/ant-select-disabled/);
      await page.getByRole('button', { name: buttonName(A.actions.submit) }).click();
      await page
        .getByRole('dialog', { name: A.actions.confirmTitle })
        .getByRole('button', { name: buttonName(A.actions.confirmOk) })
        .click();
      await expect(
        page.getByText(fill(A.status.refused, { msg: E.assessment_already_submitted })),
      ).toBeVisible();
      await expect(page.locator('.self-check')).toHaveCount(0);

      // The server's 409 is the expected answer here; nothing else may fail.
      expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
    });
  });
}
