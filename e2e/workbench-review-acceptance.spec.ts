import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import {
  EVIDENCE_PATHS,
  LANGUAGE_HEADER,
  LOCALES,
  type TReviewFinding,
  ZEvidenceResponse,
  ZReview,
} from '@dossier/contract';
import type { Locator } from '@playwright/test';
import { buyBaseViaApi } from './accounts-support.ts';
import { caseSeed, txt } from './case-seed.ts';
import { expect, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 31's acceptance journey, in Chinese and in English, on a desktop and on a 390 px phone, over the real
 * server: one EB-1A case seeded through the API only, with one weakness of each kind the review knows —
 * - evidence_map: a membership folder tagged "dues receipt" only, a judging folder tagged "invitation only";
 * - priority_date: the judging folder dated after the planned filing date;
 * - pins: a reference pinned to page 40 of an exhibit of a few pages (the document API saves it: the pin is the
 *   review's to judge, the editor's picker refuses it before);
 * - unsupported: a paragraph of the "Judging" section that argues without a reference;
 * - consistency: the profile's "Zhang Wei" written "Zhang Wai" in the petition letter;
 * - leftovers: "[insert year]" left in the petition letter;
 * - read_alike: two recommenders whose uploaded letters (PDFs with a text layer) share a paragraph;
 * - letters: a recommender marked independent who co-authored with the petitioner;
 * - translations: a one-page translation (certified by the petitioner) of a five-page original.
 * The uploads are waited for until ready (their page texts read) before the review is. The API's review must
 * hold every one (else the seed is wrong and the journey fails); each title then shows in the ReadMe's case review
 * and in the readiness report, and the paragraph findings mark their paragraphs in the Petition tab's margin. The
 * placeholder replaced (through the API), its finding is gone from the report and the checklist.
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

const NAME_LINE = 'Dr. Zhang Wai is a physicist whose sensors are used across the field.';
const PLACEHOLDER =
  'The prize committee named the petitioner laureate in [insert year] for her work on sensors.';
const FIXED = 'The prize committee named the petitioner laureate in 2021 for her work on sensors.';
const ARGUMENT =
  'The petitioner has reviewed manuscripts for the leading journals of her field for six years; editors invited her because of her standing, and her reviews decided what those journals published.';
const MEMBERSHIP =
  'The petitioner is a member of the society, whose members are admitted by a committee of recognised experts. See ';

/** The paragraph both recommenders' letters share (over 40 words: one copied run flags the pair). */
const SHARED =
  'Her design of low noise amplifiers for seismic sensors changed how field stations across three continents record weak signals, and the method she published in 2019 is now taught in graduate courses and used by the national survey, which replaced its older instruments with hers after a two year comparison that she led from start to finish.';
const LETTER_A = `I am a professor of geophysics at a university in Oslo and have followed the work of the petitioner for many years through conferences and her published papers. ${SHARED} I recommend her without reservation and remain available for any question the officer may have.`;
const LETTER_B = `As the director of an observatory in Chile I evaluated instruments from many groups before our network chose one design for its stations. ${SHARED} In my judgement she is among the few engineers whose work has shaped the whole discipline of seismic observation.`;
const ORIGINAL_PAGE = (n: number) =>
  `Page ${n} of the certificate. The society records that the holder was admitted as a member after a review of her work by the admissions committee, which met in the spring and considered the nominations of that year together with the statements of support received from the members who proposed her.`;
const TRANSLATION = 'Certificate of membership. The holder is a member.';

/** A PDF with a text layer: one page per entry, the text wrapped in lines of Helvetica. */
async function textPdf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([612, 792]);
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      if (line && font.widthOfTextAtSize(`${line} ${word}`, 11) > 480) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
    lines.forEach((l, i) => {
      page.drawText(l, { x: 60, y: 720 - i * 16, size: 11, font });
    });
  }
  return pdf.save();
}

for (const locale of LOCALES) {
  test.describe(`issue 31's acceptance: one weakness of each kind (${locale})`, () => {
    test.describe.configure({ mode: 'serial' });
    const login = sharedLogin();
    let token = '';

    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
      token = (await login.start(page)).access_token;
    });
    test.afterEach(async ({ page }) => {
      await login.keep(page);
    });

    test('each shows in the checklist, the margin and the report; fixing one clears it', async ({ page }) => {
      test.setTimeout(240_000);
      const errors = collectPageErrors(page);
      const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
      const call = async <T>(method: 'get' | 'post' | 'put' | 'patch', path: string, data?: unknown) => {
        const r = await page.request[method](path, { headers, ...(data === undefined ? {} : { data }) });
        expect(r.ok(), `${method} ${path}: ${r.status()} ${await r.text()}`).toBe(true);
        return (await r.json()) as T;
      };
      await buyBaseViaApi(page.request, token, 'USA_EB1A');
      const seed = caseSeed(page.request, token, 'USA_EB1A', locale);
      const caseId = await seed.open();
      const onCase = (path: string) => `/api/customer/case/${caseId}/${path}`;

      // The uploads first (the worker checks them one at a time), the rows while it does.
      const uploads = Promise.all([
        seed.uploadPdf('Membership certificate.pdf', await textPdf([1, 2, 3, 4, 5].map(ORIGINAL_PAGE))),
        seed.uploadPdf('Membership certificate (translation).pdf', await textPdf([TRANSLATION])),
        seed.uploadPdf('Letter Prof. Berg.pdf', await textPdf([LETTER_A])),
        seed.uploadPdf('Letter Dr. Rojas.pdf', await textPdf([LETTER_B])),
        seed.upload('Review invitation.pdf').then((ids) => ids[0]!),
      ]);

      // The profile's spelling, and the planned filing date.
      const { version } = await call<{ version: number }>('get', onCase('profile/'));
      await call('patch', onCase('profile/'), {
        version,
        values: { 'name.family': 'Zhang', 'name.given': 'Wei' },
      });
      const settings = (await seed.summary()).settings;
      await call('patch', onCase('settings/'), {
        version: settings.version,
        planned_filing_date: '2027-01-10',
      });
      await seed.claim(['association', 'judge']);
      const folder = async (criterion: string, name: string, kind: string, evidence_date?: string) => {
        const r = ZEvidenceResponse.parse(
          await call('post', EVIDENCE_PATHS.evidence(caseId), {
            criterion,
            name,
            name_en: name,
            kind,
            ...(evidence_date ? { evidence_date } : {}),
          }),
        );
        return r.evidence.folders.find((f) => f.name === name)!.id;
      };
      const membership = await folder('association', 'Society membership', 'dues_receipt');
      const judging = await folder('judge', 'Review invitations', 'invitation_only', '2027-02-15');

      const [original, translation, letterA, letterB, invitation] = await uploads;
      await call('post', EVIDENCE_PATHS.files(caseId, membership), {
        name: 'Membership certificate',
        name_en: 'Membership certificate',
        needs_translation: true,
        translation_mode: 'personal',
        original_upload_id: original,
        translation_upload_id: translation,
      });
      await seed.file(judging, 'Review invitation', invitation);
      const recommender = async (name: string, upload: number, extra: Record<string, unknown>) => {
        const r = await call<{ letters: { letters: { id: number; name: string }[] } }>(
          'post',
          onCase('letters/'),
          {
            name,
            position: 'Professor',
            needs_translation: false,
            letter_upload_id: upload,
            ...extra,
          },
        );
        return r.letters.letters.find((l) => l.name === name)!.id;
      };
      const berg = await recommender('Prof. Berg', letterA!, { relation: 'independent', coauthored: true });
      const rojas = await recommender('Dr. Rojas', letterB!, { relation: 'independent', coauthored: false });

      const letter = (placeholder: string) => ({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [txt(NAME_LINE)] },
          { type: 'paragraph', content: [txt(placeholder)] },
          { type: 'heading', attrs: { level: 2 }, content: [txt('Judging the work of others')] },
          { type: 'paragraph', content: [txt(ARGUMENT)] },
          { type: 'heading', attrs: { level: 2 }, content: [txt('Membership in associations')] },
          {
            type: 'paragraph',
            content: [
              txt(MEMBERSHIP),
              {
                type: 'reference',
                attrs: {
                  kind: 'exhibit',
                  id: `folder:${membership}`,
                  pages: { from: 40, to: 40 },
                  pinned_pages: 40,
                },
              },
              txt('.'),
            ],
          },
        ],
      });
      await seed.document('petition_letter', letter(PLACEHOLDER));

      const review = async () => ZReview.parse(await call('get', onCase('review/')));
      const [lo, hi] = berg < rojas ? [berg, rojas] : [rojas, berg];
      const findings = (await review()).findings;
      const one = (what: string, match: (f: TReviewFinding) => boolean) => {
        const f = findings.find(match);
        expect(f, `${what}: ${JSON.stringify(findings.map((x) => x.key))}`).toBeDefined();
        return f!;
      };
      const atParagraph = (f: TReviewFinding, n: number) =>
        f.places.some((p) => p.target === `petition_letter#${n}`);
      const expected = {
        membership: one('evidence_map (dues)', (f) => f.key === `evidence_map:not_counting:${membership}`),
        invitation: one('evidence_map (invitation)', (f) => f.key === `evidence_map:not_counting:${judging}`),
        priority: one('priority_date', (f) => f.key === `priority_date:after_filing:${judging}`),
        pin: one(
          'pins',
          (f) =>
            f.rule === 'pins' &&
            f.severity === 'block' &&
            f.key.startsWith(`pins:beyond:folder:${membership}:`),
        ),
        unsupported: one('unsupported', (f) => f.rule === 'unsupported' && atParagraph(f, 4)),
        name: one(
          'consistency',
          (f) => f.key === 'consistency:name:zhang wai|zhang wei' && atParagraph(f, 1),
        ),
        placeholder: one(
          'leftovers',
          (f) => f.rule === 'leftovers' && f.severity === 'block' && atParagraph(f, 2),
        ),
        readAlike: one('read_alike', (f) => f.key === `read_alike:${lo}:${hi}` && f.passages.length > 0),
        coauthor: one('letters', (f) => f.key === `letters:not_independent:${berg}`),
        translation: one(
          'translations',
          (f) => f.rule === 'translations' && f.key.startsWith('translations:short:'),
        ),
      };
      const all = Object.values(expected);
      const marks: [TReviewFinding, number][] = [
        [expected.name, 1],
        [expected.placeholder, 2],
        [expected.unsupported, 4],
        [expected.pin, 6],
      ];
      const finding = (scope: Locator, f: TReviewFinding) =>
        scope.locator(`[data-testid="review-finding"][data-key="${f.key}"]`);

      await test.step('the ReadMe checklist: every finding in the case review', async () => {
        await page.goto('/EB-1A/readMe');
        const panel = page.getByTestId('review-panel');
        await expect(panel.getByTestId('review-counts')).toBeVisible({ timeout: 30_000 });
        for (const f of all) await expect(finding(panel, f)).toContainText(f.title);
        await expect(page.getByTestId('readme-part-petition')).toContainText(expected.placeholder.title);
        await expectFitsViewport(page);
      });

      await test.step('the readiness report: every finding, the shared passages side by side', async () => {
        await press(page.getByTestId('review-open-report'));
        await expect(page).toHaveURL(/\/EB-1A\/readMe\?view=review$/);
        const report = page.getByTestId('review-report');
        for (const f of all) await expect(finding(report, f)).toContainText(f.title);
        await expect(finding(report, expected.readAlike).getByTestId('review-passages')).toBeVisible();
        await expectFitsViewport(page);
      });

      await test.step("the Petition tab's margin: the paragraph findings beside their paragraphs", async () => {
        await page.goto('/EB-1A/petition');
        const editor = page.getByTestId('doc-editor');
        await expect(editor).toContainText(NAME_LINE, { timeout: 30_000 });
        for (const [f, n] of marks) {
          const mark = page.locator(`[data-testid="margin-mark"][data-paragraph="${n}"]`);
          await expect(mark, `${f.rule} beside paragraph ${n}`).toHaveCount(1);
          await expect(mark).toHaveAttribute('data-rules', new RegExp(`\\b${f.rule}\\b`));
          await expect(mark).toHaveAccessibleName(new RegExp(f.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        }
        await expectFitsViewport(page);
      });

      await test.step('the placeholder replaced: gone from the report and the checklist', async () => {
        await seed.document('petition_letter', letter(FIXED));
        const after = (await review()).findings.map((f) => f.key);
        expect(after).not.toContain(expected.placeholder.key);
        for (const f of all.filter((f) => f !== expected.placeholder)) expect(after).toContain(f.key);
        await page.goto('/EB-1A/readMe?view=review');
        const report = page.getByTestId('review-report');
        await expect(finding(report, expected.name)).toBeVisible({ timeout: 30_000 });
        await expect(page.locator(`[data-key="${expected.placeholder.key}"]`)).toHaveCount(0);
        await page.goto('/EB-1A/readMe');
        const panel = page.getByTestId('review-panel');
        await expect(finding(panel, expected.name)).toBeVisible({ timeout: 30_000 });
        await expect(page.locator(`[data-key="${expected.placeholder.key}"]`)).toHaveCount(0);
        await expect(page.getByTestId('readme-part-petition')).not.toContainText(expected.placeholder.title);
      });
      expect(unexpected(errors)).toEqual([]);
    });
  });
}
