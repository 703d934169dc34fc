import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import {
  EVIDENCE_PATHS,
  LANGUAGE_HEADER,
  LOCALES,
  type Locale,
  PACKET_PATHS,
  ZReadme,
} from '@dossier/contract';
import { resources } from '@dossier/i18n';
import type { APIRequestContext } from '@playwright/test';
import { koreanPdf } from '../apps/server/test/fixtures/korean-pdf.ts';
import { buyBaseViaApi } from './accounts-support.ts';
import { caseSeed, paragraphs, txt } from './case-seed.ts';
import { checkScreen, expect, press, test } from './fixtures.ts';
import { collectPageErrors, rememberLocale } from './support.ts';
import { expectFitsViewport, sharedLogin } from './workbench-support.ts';

/**
 * Issue 28 item 5 (web), in Chinese and in English, on a desktop and on a 390 px phone, over the real server and
 * its worker: a petition letter written in Chinese, an exhibit whose PDF's text is Romanian and one whose text is
 * Korean, neither flagged for translation, each block "I confirm" with the server's message, and the translation
 * service is offered; the English letter and the exhibits' English translations clear them. The Korean exhibit is
 * set as Korean offices make them: in HYGoThic-Medium, an Adobe-Korea1 font the reader supplies (not embedded),
 * UniKS-UCS2-H (fixtures/korean-pdf.ts; poppler and MuPDF read its text back).
 */

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

const ZH_LETTER =
  '申请人在人工智能领域作出了杰出贡献，其发表的论文被国际同行广泛引用，并获得了多项国家级奖项。';
const EN_LETTER =
  'The petitioner has made original contributions of major significance to the field of machine learning.';
/** Romanian in the standard Helvetica's WinAnsi letters (â î; ș ț ă are not in it), as a scanned-and-OCRed file reads. */
const RO_TEXT = [
  'Certificat. Solicitantul este un cercetator care a publicat in reviste de top',
  'si care a primit pentru munca sa mai multe premii din partea comunitatii stiintifice.',
  'Acest document este eliberat pentru a servi la dosarul de imigrare al domnului.',
];

/** Korean: "The applicant has made outstanding contributions in the field of artificial intelligence…". */
const KO_TEXT = [
  '신청인은 인공지능 분야에서 탁월한 공헌을 하였으며,',
  '그의 논문은 국제 학계에서 널리 인용되었습니다.',
];

async function romanianPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  RO_TEXT.forEach((line, i) => {
    page.drawText(line, { x: 60, y: 700 - i * 18, size: 11, font });
  });
  return pdf.save();
}

function api(request: APIRequestContext, token: string, locale: Locale) {
  const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
  return {
    readme: async (caseId: number) => {
      const r = await request.get(PACKET_PATHS.readme(caseId), { headers });
      expect(r.ok(), await r.text()).toBe(true);
      return ZReadme.parse(await r.json());
    },
    send: (method: 'post' | 'patch', path: string, data: unknown) => request[method](path, { headers, data }),
  };
}

for (const locale of LOCALES) {
  const P = resources[locale].preview;

  test.describe(`English only in what is mailed (${locale})`, () => {
    const login = sharedLogin();
    let token = '';

    test.beforeEach(async ({ page }) => {
      if (locale === 'en') await rememberLocale(page, 'en');
      token = (await login.start(page)).access_token;
    });
    test.afterEach(async ({ page }) => {
      await login.keep(page);
    });

    test('a Chinese petition letter, a Romanian and a Korean exhibit not flagged for translation block I confirm', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const errors = collectPageErrors(page);
      await buyBaseViaApi(page.request, token, 'USA_EB1A');
      const seed = caseSeed(page.request, token, 'USA_EB1A', locale);
      const built = await test.step('a whole case over the API', () => seed.complete());
      const { caseId } = built;
      const call = api(page.request, token, locale);
      const judge = built.folders.judge!;
      const fileName = locale === 'zh' ? '罗马尼亚证书' : 'Romanian certificate';
      const original = await test.step('the exhibit, checked by the real worker', async () =>
        seed.uploadPdf('certificat.pdf', await romanianPdf()));
      const fileId = await seed.file(judge, fileName, original);
      const other = built.folders[built.criteria.find((c) => c !== 'judge')!]!;
      const koName = locale === 'zh' ? '韩国证书' : 'Korean certificate';
      const koOriginal = await test.step('a Korean exhibit, checked by the real worker', async () =>
        seed.uploadPdf('certificate-ko.pdf', await koreanPdf(KO_TEXT)));
      const koId = await seed.file(other, koName, koOriginal);
      await seed.document('petition_letter', paragraphs(txt(ZH_LETTER)));

      const readme = await call.readme(caseId);
      const petitionItem = readme.parts.find((p) => p.key === 'petition')!.missing[0]!;
      const evidenceItems = readme.parts.find((p) => p.key === 'evidence')!.missing;
      const evidenceItem = evidenceItems.find((i) => i.target === String(judge))!;
      const koItem = evidenceItems.find((i) => i.target === String(other))!;
      expect(petitionItem).toMatchObject({ code: 'readme_not_english_document', target: 'petition_letter' });
      expect(evidenceItem).toMatchObject({ code: 'readme_not_english_evidence', target: String(judge) });
      expect(evidenceItem.msg).toContain(fileName);
      expect(evidenceItem.msg).toContain(resources[locale].checklist.language.ro);
      expect(koItem).toMatchObject({ code: 'readme_not_english_evidence' });
      expect(koItem.msg).toContain(koName);
      expect(koItem.msg).toContain(resources[locale].checklist.language.ko);
      expect(readme.can_confirm).toBe(false);

      await page.goto('/EB-1A/readMe');
      const petition = page.getByTestId('readme-part-petition');
      const evidence = page.getByTestId('readme-part-evidence');
      await expect(petition).toHaveAttribute('data-complete', 'false', { timeout: 30_000 });
      await expect(petition).toContainText(petitionItem.msg);
      await expect(evidence).toHaveAttribute('data-complete', 'false');
      await expect(evidence).toContainText(evidenceItem.msg);
      await expect(evidence).toContainText(koItem.msg);
      // The translation service is offered with each item: this customer does not hold it.
      const offers = evidence.getByTestId('readme-order-translation');
      await expect(offers).toHaveCount(2);
      for (const offer of await offers.all())
        await expect(offer).toHaveAttribute('href', /service=TRANSLATION/);
      const confirm = page.getByRole('checkbox', { name: new RegExp(P.confirm) });
      await expect(confirm).toBeDisabled();
      const refused = await call.send('post', PACKET_PATHS.readmeConfirm(caseId), {});
      expect(refused.status()).toBe(409);
      await checkScreen(page, '/EB-1A/readMe (not in English)');
      await expectFitsViewport(page);

      await press(petition.getByRole('link', { name: P.fix }));
      await expect(page).toHaveURL(/\/EB-1A\/petition\?target=petition_letter$/);

      await test.step('written in English and the exhibit translated, nothing blocks', async () => {
        await seed.document('petition_letter', paragraphs(txt(EN_LETTER)));
        // Each exhibit gets its certified English translation, marked as needing one.
        const translate = async (
          folder: number,
          id: number,
          name: string,
          nameEn: string,
          upload: number,
        ) => {
          const translation = await seed.uploadPdf(`translation-${id}.pdf`, await romanianPdfTranslation());
          const r = await call.send('patch', `${EVIDENCE_PATHS.files(caseId, folder)}${id}/`, {
            name,
            name_en: nameEn,
            needs_translation: true,
            translation_mode: 'personal',
            original_upload_id: upload,
            translation_upload_id: translation,
          });
          expect(r.status(), await r.text()).toBeLessThan(300);
        };
        await translate(judge, fileId, fileName, 'Certificate', original);
        await translate(other, koId, koName, 'Korean certificate', koOriginal);
        await page.goto('/EB-1A/readMe');
        for (const key of ['forms', 'evidence', 'letters', 'plan', 'petition'] as const)
          await expect(page.getByTestId(`readme-part-${key}`)).toHaveAttribute('data-complete', 'true');
        await expect(confirm).toBeEnabled();
      });
      expect(unexpected(errors)).toEqual([]);
    });
  });
}

/** The exhibit's English translation (a certified translation is a PDF too). */
async function romanianPdfTranslation(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(`Certified translation. ${EN_LETTER}`, { x: 40, y: 700, size: 9, font });
  return pdf.save();
}
