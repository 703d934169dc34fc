import { ACHIEVEMENT_ITEMS, type Locale } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, buttonName } from './accounts-support.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { signInAtConsole } from './staff-console.ts';
import { consultantCredentials } from './staff-support.ts';
import { rememberLocale } from './support.ts';

/**
 * Issue 16 item 8 (decision 0035), in Chinese and in English, on a desktop and on a 390 px phone: a customer
 * submits the free assessment; the consultant signs in at /staff, finds it in the Assessments queue, reads the
 * answers with the form's own labels (not raw data), claims it and marks it contacted.
 */
async function submittedAssessment(request: APIRequestContext, school: string): Promise<number> {
  const { access_token } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${access_token}` };
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const saved = await request.patch('/api/customer/assess/update_my_assessment/', {
    headers,
    data: {
      area: 'US',
      data: {
        personal: {
          name: '王芳',
          gender: 'female',
          birth_date: '1990-03-15',
          email: 'wf@example.com',
          wechat: 'wf_1990',
          marital_status: 'single',
          children: [],
        },
        background: {
          military_service: { has: false },
          party_member: false,
          infectious_disease: false,
          criminal_record: false,
          passport: { place_of_issue: '北京', issue_month: '2019-01', expiry_month: '2029-01' },
          prior_us_application: { has: false },
          abroad_or_visa: { has: false },
        },
        education: [
          { degree: 'doctorate', school, major: 'Biology', start_month: '2012-09', end_month: '2017-06' },
        ],
        work: [
          { company: 'Genentech', title: 'Scientist', annual_income: 'USD 150,000', start_month: '2017-08' },
        ],
        achievements: {
          ...Object.fromEntries(ACHIEVEMENT_ITEMS.map((i) => [i, { has: false }])),
          awards: { has: true, description: 'Best paper award 2021' },
        },
        appointment: { timezone: 'Asia/Shanghai', date: inAWeek, time_range: 'pm (2:30-4:30)' },
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { id } = (await saved.json()) as { id: number };
  const sent = await request.patch(`/api/customer/assess/${id}/submit/`, { headers });
  expect(sent.ok(), await sent.text()).toBe(true);
  return id;
}

for (const locale of ['zh', 'en'] as Locale[]) {
  const S = resources[locale].staff as typeof resources.en.staff;
  const W = resources[locale].queues as typeof resources.en.queues;
  const A = resources[locale].assessment as typeof resources.en.assessment;

  test(`assessments queue: read the answers, claim, mark contacted (${locale})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const school = `UCLA ${locale}${testInfo.project.name}${Date.now()}`;
    const id = await submittedAssessment(page.request, school);

    await rememberLocale(page, locale);
    const consultant = await consultantCredentials(page.request);
    await signInAtConsole(page, locale, consultant);
    await press(page.getByRole('button', { name: buttonName(S.nav.inbox) }));
    await press(page.getByRole('tab', { name: W.inbox.tabs.assessments }));
    await press(page.getByRole('button', { name: W.openItem.replace('{{id}}', String(id)) }).first());

    const answers = page.getByTestId('assessment-answers');
    await expect(answers).toBeVisible();
    await expect(answers.getByRole('heading', { name: A.sections.education, exact: true })).toBeVisible();
    await expect(answers.getByText(A.options.degree.doctorate, { exact: false })).toContainText(school);
    await expect(answers.getByText(A.achievements.items.awards.title, { exact: true })).toBeVisible();
    await expect(answers.getByText('Best paper award 2021', { exact: false })).toBeVisible();
    await expect(answers).not.toContainText('"school"');
    await checkScreen(page, `staff-assessment-${locale}`);

    await press(page.getByRole('button', { name: buttonName(W.claim) }));
    await expect(page.getByText(consultant.username).first()).toBeVisible();
    await press(page.getByRole('button', { name: buttonName(W.leads.moves.contacted) }));
    await expect(page.getByTestId('lead-status')).toHaveText(W.leads.statuses.contacted);
  });
}
