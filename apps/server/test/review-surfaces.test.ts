/**
 * Issue 31 item 7 (decision 0074): one review, read in three places — the ReadMe checklist (a blocking finding keeps
 * its part incomplete and refuses "I confirm", a warning warns, a finding marked as intended does neither), the
 * readiness report as a PDF (zh/en, opened with system fonts hidden) and the review task's staff view. The findings
 * come from a test rule registered for this file, so the surfaces are tested whatever rules have landed.
 */
import type { CaseStage, TReviewFinding } from '@dossier/contract';
import { REVIEW_INTENDABLE_RULES, ZCaseSummary, ZReadme, ZReview } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewRuleFn } from '../src/modules/review/review-input.ts';
import { REVIEW_RULE_FNS } from '../src/modules/review/rules/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { caseBuilder } from './case-builder.ts';
import { expectError, type Owner, onCase, owner } from './evidence-helpers.ts';
import { injectAs } from './factories.ts';
import { pdfToolsAvailable, pdftotext, qpdfCheck, writeTempPdf } from './pdf-assertions.ts';
import { shopTestConfig } from './shop-factories.ts';
import { newStaff } from './staff-factories.ts';
import { taskCalls, taskOwner } from './task-helpers.ts';

/**
 * The test rule: a folder named with "[insert" is a filing defect (block, at the folder); one named with "ODD" is a
 * judgement call (warn); one named with "ELSEWHERE" blocks at a tab no ReadMe part has (→ the petition part).
 */
const TITLE = { block: 'Placeholder left in an exhibit name', warn: 'Name spelt two ways' } as const;
const testRule: ReviewRuleFn = (input) =>
  input.rows.folders.flatMap((f): TReviewFinding[] => {
    const base = { source: null, passages: [], intended: false, detail: `Folder “${f.name}”.` };
    const out: TReviewFinding[] = [];
    if (f.name.includes('[insert')) {
      out.push({
        ...base,
        key: `leftovers:folder:${f.id}`,
        rule: 'leftovers',
        severity: 'block',
        title: TITLE.block,
        places: [{ tab: 'evidence', target: String(f.id), label: f.name }],
        passages: [{ a: 'as shown in [insert figure]', b: 'as shown in Figure 2' }],
        source: 'USCIS Policy Manual 1 E 6',
      });
    }
    if (f.name.includes('ODD')) {
      out.push({
        ...base,
        key: `consistency:folder:${f.id}`,
        rule: 'consistency',
        severity: 'warn',
        title: TITLE.warn,
        places: [{ tab: 'evidence', target: String(f.id), label: f.name }],
      });
    }
    if (f.name.includes('ELSEWHERE')) {
      out.push({
        ...base,
        key: `uncited:folder:${f.id}`,
        rule: 'uncited',
        severity: 'block',
        title: 'Nowhere in particular',
        places: [{ tab: 'profile', target: null, label: 'Profile' }],
      });
    }
    return out;
  });

let t: TestApp;
beforeAll(async () => {
  (REVIEW_RULE_FNS as ReviewRuleFn[]).push(testRule);
  t = await buildTestApp({ config: { ...shopTestConfig(), rateLimitPerMinute: 100_000 } });
});
afterAll(async () => {
  const fns = REVIEW_RULE_FNS as ReviewRuleFn[];
  fns.splice(fns.indexOf(testRule), 1);
  await t.close();
});
const b = caseBuilder(() => t);
const api = taskCalls(() => t);

async function readme(o: Owner, lang = 'en') {
  const r = await onCase(t, o)('GET', 'readme/', undefined, lang);
  expect(r.statusCode, r.body).toBe(200);
  return ZReadme.parse(r.json());
}
async function readmeStage(o: Owner) {
  const r = await onCase(t, o)('GET', '');
  return ZCaseSummary.parse(r.json()).stages.find((s) => s.key === ('readme' as CaseStage))!;
}
/** Renames a folder of the complete case (awards, judge or scholarly_publication) keeping its criterion. */
async function rename(o: Owner, folders: Record<string, number>, criterion: string, name: string) {
  const r = await onCase(t, o)('PATCH', `evidence/${folders[criterion]}/`, {
    criterion,
    name,
    name_en: name,
  });
  expect(r.statusCode, r.body).toBe(200);
}
const confirm = (o: Owner) => onCase(t, o)('POST', 'readme/confirm/');

describe('the review in the ReadMe checklist', () => {
  it('a blocking finding keeps its part incomplete and refuses "I confirm"; intended or fixed, it confirms', {
    timeout: 120_000,
  }, async () => {
    const o = await owner(t);
    const { folders } = await b.complete(o);
    const folder = folders.awards!;
    expect((await readme(o)).can_confirm).toBe(true);

    await rename(o, folders, 'awards', 'Award [insert year]');
    const r = await readme(o);
    const evidence = r.parts.find((p) => p.key === 'evidence')!;
    expect(evidence.complete).toBe(false);
    expect(evidence.missing).toEqual([
      {
        code: 'review_leftovers',
        msg: translate('en', 'review:checklist.item', { title: TITLE.block }),
        tab: 'evidence',
        target: String(folder),
      },
    ]);
    expect(r.parts.filter((p) => !p.complete).map((p) => p.key)).toEqual(['evidence']);
    expect(r.can_confirm).toBe(false);
    // Server-enforced: the confirmation and the schedule's readme stage count it too.
    expectError(await confirm(o), 409, 'stage_incomplete');
    expect(await readmeStage(o)).toMatchObject({ status: 'in_progress', progress: { done: 4, total: 5 } });

    // Marked as intended: listed by the review, no longer blocking.
    const key = `leftovers:folder:${folder}`;
    const marked = await onCase(t, o)('PUT', 'review/intended/', { key, intended: true });
    expect(ZReview.parse(marked.json()).findings.find((f) => f.key === key)?.intended).toBe(true);
    expect((await readme(o)).can_confirm).toBe(true);
    await onCase(t, o)('PUT', 'review/intended/', { key, intended: false });
    expect((await readme(o)).can_confirm).toBe(false);
    // No mark lifts a block of a rule that does not allow it, nor a finding that is not there: 409, nothing stored.
    await rename(o, folders, 'awards', 'Award [insert year] ELSEWHERE');
    const fixOnly = ZReview.parse((await onCase(t, o)('GET', 'review/')).json()).findings.find(
      (f) => f.severity === 'block' && !REVIEW_INTENDABLE_RULES.has(f.rule),
    )!;
    expect(fixOnly?.key).toBe(`uncited:folder:${folder}`);
    for (const k of [fixOnly.key, 'consistency:name:nobody|no one']) {
      for (const lang of ['en', 'zh'] as const) {
        const r = await onCase(t, o)('PUT', 'review/intended/', { key: k, intended: true }, lang);
        expectError(r, 409, 'review_not_intendable', lang);
      }
    }
    const after = ZReview.parse((await onCase(t, o)('GET', 'review/')).json());
    expect(after.findings.find((f) => f.key === fixOnly.key)?.intended).toBe(false);

    // Fixed: gone; the checklist confirms and the stage is submitted.
    await rename(o, folders, 'awards', 'Award 2021');
    expect((await readme(o)).parts.every((p) => p.complete)).toBe(true);
    expect((await confirm(o)).statusCode).toBe(200);
    expect((await readmeStage(o)).status).toBe('submitted');

    // A defect appearing after the confirmation opens the checklist again.
    await rename(o, folders, 'awards', 'Award [insert year]');
    expect(await readme(o)).toMatchObject({ confirmed: false, can_confirm: false });
  });

  it('a warning warns without blocking; a block at a tab no part has keeps the petition part open', {
    timeout: 120_000,
  }, async () => {
    const o = await owner(t);
    const { folders } = await b.complete(o);
    await rename(o, folders, 'awards', 'Award ODD');
    let r = await readme(o, 'zh');
    expect(r.can_confirm).toBe(true);
    expect(r.warnings.filter((w) => w.msg.includes(TITLE.warn))).toEqual([
      {
        code: 'review_consistency',
        msg: translate('zh', 'review:checklist.item', { title: TITLE.warn }),
        tab: 'evidence',
        target: String(folders.awards),
      },
    ]);
    await rename(o, folders, 'judge', 'Judging ELSEWHERE');
    r = await readme(o);
    const petition = r.parts.find((p) => p.key === 'petition')!;
    expect(petition.complete).toBe(false);
    expect(
      petition.missing.filter((m) => m.msg.includes('Nowhere in particular')).map((m) => [m.code, m.tab]),
    ).toEqual([['review_uncited', 'petition']]);
  });
});

describe.runIf(pdfToolsAvailable())('the readiness report as a PDF', () => {
  it('lists every finding, the map and the disclaimer in zh and in en; only the owner reads it', {
    timeout: 120_000,
  }, async () => {
    const o = await owner(t);
    const { folders } = await b.complete(o);
    await rename(o, folders, 'awards', 'Award [insert year]');
    await rename(o, folders, 'judge', 'Judging ODD');
    for (const lang of ['zh', 'en'] as const) {
      // Every finding of the review in this language, the rules landed beside the test rule's.
      const review = ZReview.parse((await onCase(t, o)('GET', 'review/', undefined, lang)).json());
      const titles = review.findings.map((f) => f.title);
      expect(titles).toEqual(expect.arrayContaining([TITLE.block, TITLE.warn]));
      const r = await onCase(t, o)('GET', 'review/report.pdf', undefined, lang);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(String(r.headers['content-disposition'])).toMatch(
        /^attachment; filename="readiness-report-\d+\.pdf"/,
      );
      const path = writeTempPdf(r.rawPayload, `report-${lang}.pdf`);
      expect(qpdfCheck(path).status).toBe(0);
      const text = pdftotext(path).replace(/\s+/g, ' ');
      const flat = (s: string) => s.replace(/\s+/g, ' ');
      expect(text).toContain(flat(translate(lang, 'review:report.title')));
      for (const title of titles) expect(text).toContain(title);
      // Passages side by side, the source, and a place.
      expect(text).toContain('[insert figure]');
      expect(text).toContain('USCIS Policy Manual 1 E 6');
      expect(text).toContain(flat(translate(lang, 'review:report.severity.block')));
      // The disclaimer: pdftotext breaks lines, so its first words.
      expect(text).toContain(flat(translate(lang, 'review:report.disclaimer')).slice(0, 12));
    }
    const url = `/api/customer/case/${o.caseId}/review/report.pdf`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await owner(t);
    expectError(await injectAs(t, 'GET', url, { user: other.user }), 404, 'not_found');
  });
});

describe('the review task’s staff view', () => {
  it('the reviewer opens the case’s readiness report in their language; a translator may not', {
    timeout: 120_000,
  }, async () => {
    const o = await taskOwner(t);
    const { review, translation } = await api.tasksOf(o);
    const reviewer = await newStaff(t, 'reviewer');
    const url = (id: number) => `/api/staff/task/${id}/review_report.pdf`;
    const r = await api.asStaff(reviewer, 'GET', url(review.id), { lang: 'zh' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    if (pdfToolsAvailable()) {
      const text = pdftotext(writeTempPdf(r.rawPayload, 'staff.pdf'));
      expect(text).toContain(translate('zh', 'review:report.title'));
    }
    const translator = await newStaff(t, 'translator');
    expect((await api.asStaff(translator, 'GET', url(review.id))).statusCode).toBe(403);
    const admin = await newStaff(t, 'admin');
    expect((await api.asStaff(admin, 'GET', url(translation.id))).statusCode).toBe(404);
    expect((await api.asStaff(admin, 'GET', url(2_147_483_000))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(review.id) })).statusCode).toBe(401);
  });
});
