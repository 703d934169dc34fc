/**
 * Issue 14 item 1 (server): the plan, petition and readme stages of the schedule, and the ReadMe checklist
 * (Step I parts and warnings, Step II services, Step III procedures and fees, "I confirm").
 */
import {
  type CaseStage,
  README_PROCEDURES,
  type TReadme,
  type TStage,
  ZCaseSummary,
  ZReadme,
  ZReadmeConfirmResponse,
} from '@dossier/contract';
import { resources, translate } from '@dossier/i18n';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageSubmission, workbenchCase } from '../src/db/schema/index.ts';
import { assertReadmeConfirmed, readmeConfirmed } from '../src/modules/readme/readme.gate.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { caseBuilder, paragraphs, ref, txt } from './case-builder.ts';
import { errMsg, expectError, fakeUpload, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs, login } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());
const b = caseBuilder(() => t);

async function stages(o: Owner): Promise<Record<CaseStage, TStage>> {
  const r = await onCase(t, o)('GET', '');
  const list = ZCaseSummary.parse(r.json()).stages;
  return Object.fromEntries(list.map((s) => [s.key, s])) as Record<CaseStage, TStage>;
}
const submit = (o: Owner, stage: string) => onCase(t, o)('POST', 'submit_stage/', { stage });

describe('schedule: the plan, petition and readme stages follow the case data', () => {
  it('plan: done once the US plan has content (attachments optional); a later change reopens it', async () => {
    const o = await owner(t);
    expect((await stages(o)).plan).toMatchObject({ available: true, status: 'not_started' });
    // An empty plan may be saved: touched, not done.
    await b.document(o, 'us_plan', { type: 'doc', content: [] });
    expect((await stages(o)).plan).toMatchObject({ status: 'in_progress', progress: { done: 0, total: 1 } });
    expect((await submit(o, 'plan')).json().code).toBe('stage_incomplete');
    await b.document(o, 'us_plan', paragraphs(txt('My plan.')));
    expect((await stages(o)).plan).toMatchObject({ status: 'complete', progress: { done: 1, total: 1 } });
    expect((await submit(o, 'plan')).statusCode).toBe(200);
    expect((await stages(o)).plan.status).toBe('submitted');
    await b.planAttachment(o, 'Offer');
    expect((await stages(o)).plan).toMatchObject({ status: 'complete', submitted_at: null });
  });

  it('petition: content and no dangling reference; deleting the cited exhibit makes it incomplete', async () => {
    const o = await owner(t);
    const folders = await b.evidence(o, ['awards']);
    expect((await stages(o)).petition.status).toBe('not_started');
    await b.document(
      o,
      'petition_letter',
      paragraphs(txt('See '), ref('exhibit', `folder:${folders.awards}`)),
    );
    expect((await stages(o)).petition).toMatchObject({ status: 'complete', progress: { done: 1, total: 1 } });
    expect((await submit(o, 'petition')).statusCode).toBe(200);
    expect((await stages(o)).petition.status).toBe('submitted');
    const del = await onCase(t, o)('DELETE', `evidence/${folders.awards}/?confirm=true`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await stages(o)).petition).toMatchObject({
      status: 'in_progress',
      progress: { done: 0, total: 1 },
      submitted_at: null,
    });
    expect((await submit(o, 'petition')).json().code).toBe('stage_incomplete');
  });

  it('readme: five parts; submitted while every part stays complete, open again when one is not', async () => {
    const o = await owner(t);
    expect((await stages(o)).readme).toMatchObject({
      available: true,
      status: 'not_started',
      progress: { done: 0, total: 5 },
    });
    await b.fillForms(o);
    expect((await stages(o)).readme).toMatchObject({
      status: 'in_progress',
      progress: { done: 1, total: 5 },
    });
    expect((await submit(o, 'readme')).json().code).toBe('stage_incomplete');
    const { folders } = await b.complete(o);
    expect((await stages(o)).readme).toMatchObject({ status: 'complete', progress: { done: 5, total: 5 } });
    expect((await submit(o, 'readme')).statusCode).toBe(200);
    expect((await stages(o)).readme.status).toBe('submitted');
    // An edit inside a complete part (a second file, a new plan paragraph) leaves it submitted …
    await b.file(o, folders.awards!, 'Second certificate');
    await b.document(o, 'us_plan', paragraphs(txt('My plan, revised.')));
    expect((await stages(o)).readme.status).toBe('submitted');
    // … a part becoming incomplete (a claimed criterion without evidence) reopens it.
    const r = await b.claim(o, ['awards', 'judge', 'scholarly_publication', 'exhibition']);
    expect(r.statusCode, r.body).toBe(200);
    expect((await stages(o)).readme).toMatchObject({
      status: 'in_progress',
      progress: { done: 4, total: 5 },
      submitted_at: null,
    });
  });
});

// ---- The checklist ----

async function readme(o: Owner, lang = 'en'): Promise<TReadme> {
  const r = await onCase(t, o)('GET', 'readme/', undefined, lang);
  expect(r.statusCode, r.body).toBe(200);
  return ZReadme.parse(r.json());
}
const confirm = (o: Owner, lang = 'en') => onCase(t, o)('POST', 'readme/confirm/', undefined, lang);
const partOf = (r: TReadme, key: string) => r.parts.find((p) => p.key === key)!;
const codes = (items: { code: string }[]) => items.map((i) => i.code);
const caseRowOf = async (o: Owner) =>
  (await t.ctx.db.db.select().from(workbenchCase).where(eq(workbenchCase.id, o.caseId)))[0]!;
const readmeSubmissions = async (o: Owner) =>
  t.ctx.db.db
    .select()
    .from(stageSubmission)
    .where(and(eq(stageSubmission.caseId, o.caseId), eq(stageSubmission.stage, 'readme')));

describe('ReadMe: Step I lists what is missing per part', () => {
  it('a new case: every part incomplete with its reason, tab and target; "I confirm" refused with 409', async () => {
    const o = await owner(t);
    const r = await readme(o);
    expect(r.parts.map((p) => [p.key, p.complete])).toEqual([
      ['forms', false],
      ['evidence', false],
      ['letters', false],
      ['plan', false],
      ['petition', false],
    ]);
    expect(partOf(r, 'forms').missing.map((m) => [m.code, m.tab, m.target, m.msg])).toEqual([
      ['readme_form_empty', 'form', 'I-140', 'Form I-140 has not been filled in yet'],
      ['readme_form_empty', 'form', 'G-1145', 'Form G-1145 has not been filled in yet'],
      ['readme_form_empty', 'form', 'G-1450', 'Form G-1450 has not been filled in yet'],
    ]);
    expect(partOf(r, 'forms').progress).toEqual({ done: 0, total: 3 });
    expect(partOf(r, 'evidence').missing).toEqual([
      {
        code: 'readme_criteria_none',
        msg: 'No criteria claimed yet: choose the criteria you meet',
        tab: 'evidence',
        target: null,
      },
    ]);
    expect(partOf(r, 'letters').missing.map((m) => [m.code, m.tab])).toEqual([
      ['readme_letters_none', 'reference'],
    ]);
    expect(partOf(r, 'plan').missing.map((m) => [m.code, m.tab, m.target])).toEqual([
      ['readme_plan_empty', 'endeavor', 'us_plan'],
    ]);
    expect(partOf(r, 'petition').missing.map((m) => [m.code, m.tab, m.target])).toEqual([
      ['readme_petition_empty', 'petition', 'petition_letter'],
    ]);
    expect(r).toMatchObject({ can_confirm: false, confirmed: false, confirmed_at: null });
    // The same in Chinese.
    const zh = await readme(o, 'zh');
    expect(partOf(zh, 'forms').missing[0]!.msg).toBe('I-140 表尚未填写');
    expect(partOf(zh, 'plan').missing[0]!.msg).toBe(resources.zh.checklist.missing.plan_empty);
    for (const lang of ['en', 'zh'] as const) {
      const refused = await confirm(o, lang);
      expectError(refused, 409, 'stage_incomplete', lang);
    }
    expect(errMsg('en', 'stage_incomplete')).toBe('Some parts are not complete yet, so you cannot confirm');
    expect(await readmeSubmissions(o)).toEqual([]);
  });

  it('names each unfinished piece: a criterion without evidence, a letter without its file, a dangling citation', async () => {
    const o = await owner(t);
    const folders = await b.evidence(o, ['awards']);
    expect((await b.claim(o, ['awards', 'judge'])).statusCode).toBe(200);
    const letterId = await b.letter(o, 'Prof. Z', { upload: false });
    const gone = await b.folder(o, 'awards', 'Old prize');
    await b.document(
      o,
      'petition_letter',
      paragraphs(
        txt('See '),
        ref('exhibit', `folder:${gone}`),
        txt(' and '),
        ref('exhibit', `folder:${folders.awards}`),
      ),
    );
    expect((await onCase(t, o)('DELETE', `evidence/${gone}/?confirm=true`)).statusCode).toBe(200);
    const r = await readme(o);
    expect(partOf(r, 'evidence')).toMatchObject({ complete: false, progress: { done: 1, total: 2 } });
    expect(partOf(r, 'evidence').missing).toEqual([
      {
        code: 'readme_criterion_empty',
        msg: '“Judge” holds no evidence file yet',
        tab: 'evidence',
        target: 'judge',
      },
    ]);
    expect(partOf(r, 'letters').missing).toEqual([
      {
        code: 'readme_letter_file_missing',
        msg: 'The signed letter from Prof. Z is not uploaded yet',
        tab: 'reference',
        target: String(letterId),
      },
    ]);
    expect(partOf(r, 'petition').missing.map((m) => [m.code, m.msg, m.target])).toEqual([
      [
        'readme_reference_deleted',
        'Petition letter, paragraph 1 (“See and”): the reference points at an exhibit that was deleted. Remove or replace it',
        'petition_letter#1',
      ],
    ]);
    const niw = await owner(t, 'USA_NIW');
    expect(codes(partOf(await readme(niw), 'evidence').missing)).toEqual(['readme_niw_direction_none']);
  });
});

describe('ReadMe: a complete EB-1A case confirms', () => {
  it('every part complete → I confirm; idempotent; an edit inside a part keeps it, a part left unfilled reopens it', async () => {
    const o = await owner(t);
    const { folders } = await b.complete(o);
    let r = await readme(o);
    expect(r.parts.every((p) => p.complete && p.missing.length === 0)).toBe(true);
    expect(r.parts.map((p) => p.progress)).toEqual([
      { done: 3, total: 3 },
      { done: 3, total: 3 },
      { done: 3, total: 3 },
      { done: 1, total: 1 },
      { done: 1, total: 1 },
    ]);
    expect(r).toMatchObject({ can_confirm: true, confirmed: false, confirmed_at: null });
    // The case review's judgement calls (review_*, issue 31) are tested in review-surfaces.test.ts.
    const own = r.warnings.filter((w) => !w.code.startsWith('review_'));
    expect(own.map((w) => [w.code, w.target])).toEqual([['readme_form_by_hand', 'G-1450']]);
    const row = await caseRowOf(o);
    expect(await readmeConfirmed(t.ctx, row)).toBe(false);
    await expect(assertReadmeConfirmed(t.ctx, row)).rejects.toMatchObject({
      statusCode: 409,
      code: 'readme_not_confirmed',
      messageKey: 'errors:readme_not_confirmed',
    });

    // Three at once (a double tap and a second tab) record one confirmation.
    const [ok, ...others] = await Promise.all([confirm(o, 'zh'), confirm(o), confirm(o)]);
    expect(ok!.statusCode, ok!.body).toBe(200);
    const body = ZReadmeConfirmResponse.parse(ok!.json());
    expect(body.msg).toBe(translate('zh', 'checklist:confirmed'));
    expect(body.readme).toMatchObject({ confirmed: true, can_confirm: true });
    const at = body.readme.confirmed_at;
    expect(at).toBe(t.clock.now().toISOString());
    for (const a of others) expect(ZReadmeConfirmResponse.parse(a.json()).readme.confirmed_at).toBe(at);
    // Confirming again later changes nothing.
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    expect(ZReadmeConfirmResponse.parse((await confirm(o)).json()).readme.confirmed_at).toBe(at);
    expect(await readmeSubmissions(o)).toHaveLength(1);
    expect(await readmeConfirmed(t.ctx, row)).toBe(true);
    await assertReadmeConfirmed(t.ctx, row);
    expect((await stages(o)).readme.status).toBe('submitted');

    // An edit inside a complete part: still confirmed.
    await b.file(o, folders.awards!, 'Another certificate');
    await b.document(o, 'petition_letter', paragraphs(txt('A revised petition letter.')));
    expect((await readme(o)).confirmed).toBe(true);
    // A part becoming incomplete (a fourth recommender without the letter): open again, confirm refused.
    const l = await b.letter(o, 'Prof. D', { upload: false });
    r = await readme(o);
    expect(r).toMatchObject({ confirmed: false, confirmed_at: null, can_confirm: false });
    expect(codes(partOf(r, 'letters').missing)).toEqual(['readme_letter_file_missing']);
    expect(await readmeConfirmed(t.ctx, row)).toBe(false);
    expectError(await confirm(o), 409, 'stage_incomplete');
    expect((await onCase(t, o)('DELETE', `letters/${l}/`)).statusCode).toBe(200);
    // Complete again: the confirmation vouched for "every part complete", which holds again (decision 0026).
    expect((await readme(o)).confirmed).toBe(true);
  });

  it('Step II the services of this project, Step III the procedures and the case fees', async () => {
    const o = await owner(t, 'USA_EB1A', ['REVIEW']);
    await owner(t, 'USA_NIW'); // another customer's rights never show
    const r = await readme(o, 'zh');
    expect(r.services.map((s) => [s.project_code, s.service, s.status]).sort()).toEqual([
      ['USA_EB1A', 'DIY_STANDARD', 'active'],
      ['USA_EB1A', 'REVIEW', 'active'],
    ]);
    const summary = ZCaseSummary.parse((await onCase(t, o)('GET', '', undefined, 'zh')).json());
    expect(r.services).toEqual(summary.rights);
    expect(r.procedures).toEqual([...README_PROCEDURES]);
    expect(r.fees).toEqual(summary.fees);
    expect(r.fees.total_cents).toBe(101_500);
  });
});

describe('ReadMe: a reference that prints no number blocks confirmation (issue 28 item 3)', () => {
  it('an evidence folder without a file, cited by the petition letter and the plan: named, blocking, in zh and en', async () => {
    const o = await owner(t);
    await b.complete(o);
    expect((await readme(o)).can_confirm).toBe(true);
    const empty = await b.folder(o, 'awards', '最佳论文奖');
    const doc = {
      type: 'doc',
      content: [
        paragraphs(txt('The petitioner is an expert in graph databases.')).content[0],
        { type: 'pageBreak' },
        paragraphs(
          txt('She won the best paper award of the international conference, see '),
          ref('exhibit', `folder:${empty}`),
          txt('; the award is reported again in '),
          ref('exhibit', `folder:${empty}`),
          txt('.'),
        ).content[0],
      ],
    };
    await b.document(o, 'petition_letter', doc);
    await b.document(o, 'us_plan', paragraphs(txt('My work builds on '), ref('exhibit', `folder:${empty}`)));
    const en = await readme(o);
    expect(en.can_confirm).toBe(false);
    expect(partOf(en, 'petition').missing).toEqual([
      {
        code: 'readme_reference_no_file',
        msg:
          'Petition letter, paragraph 2 (“She won the best paper award of the…”): the reference to ' +
          '“最佳论文奖” has no exhibit number because that evidence folder holds no file yet. Upload its file or ' +
          'remove the reference (cited 1 more times in this document)',
        tab: 'petition',
        target: 'petition_letter#2',
      },
    ]);
    expect(partOf(en, 'plan').missing.map((m) => [m.code, m.target])).toEqual([
      ['readme_reference_no_file', 'us_plan#1'],
    ]);
    const zh = await readme(o, 'zh');
    expect(partOf(zh, 'petition').missing[0]!.msg).toBe(
      '申请信第 2 段（“She won the best paper award of the…”）：对“最佳论文奖”的引用没有证据编号，' +
        '因为该证据文件夹中还没有文件。请上传文件或删除该引用（本文件中另有 1 处引用）',
    );
    for (const lang of ['en', 'zh'] as const)
      expectError(await confirm(o, lang), 409, 'stage_incomplete', lang);
    // The packet is refused while it stands: no "[missing exhibit]" can reach it.
    expectError(await onCase(t, o)('POST', 'packet/'), 409, 'readme_not_confirmed');
    // A file in the folder gives it a number: nothing blocks any more.
    await b.file(o, empty, 'Award certificate');
    const after = await readme(o);
    expect(after.can_confirm).toBe(true);
    expect((await confirm(o)).statusCode).toBe(200);
  });

  it('a recommendation letter without its signed letter, cited by the petition letter', async () => {
    const o = await owner(t);
    await b.complete(o);
    const unsigned = await b.letter(o, 'Prof. Unsigned', { upload: false });
    await b.document(
      o,
      'petition_letter',
      paragraphs(txt('As Prof. Unsigned writes, '), ref('letter', `letter:${unsigned}`)),
    );
    const r = await readme(o);
    expect(partOf(r, 'petition').missing.map((m) => [m.code, m.msg])).toEqual([
      [
        'readme_reference_no_file',
        'Petition letter, paragraph 1 (“As Prof. Unsigned writes,”): the reference to the letter from Prof. Unsigned ' +
          'has no number because the signed letter is not uploaded yet. Upload it or remove the reference',
      ],
    ]);
  });
});

describe('ReadMe: what is mailed must be English (issue 28 item 5)', () => {
  const ZH = '申请人在人工智能领域作出了杰出贡献，其发表的论文被国际同行广泛引用，并获得了多项国家级奖项。';
  const KO =
    '신청인은 인공지능 분야에서 탁월한 공헌을 하였으며, 그의 논문은 국제 학계에서 널리 인용되었습니다.';
  const RO =
    'Solicitantul a adus contribuții remarcabile în domeniul inteligenței artificiale, iar lucrările sale sunt citate pe scară largă.';
  const EN =
    'The petitioner has made original contributions of major significance to the field of machine learning.';

  it('a petition letter and a US plan written in another language block their parts, named, in zh and en', async () => {
    const o = await owner(t);
    await b.complete(o);
    expect((await readme(o)).can_confirm).toBe(true);
    await b.document(o, 'petition_letter', paragraphs(txt(ZH)));
    await b.document(o, 'us_plan', paragraphs(txt(RO)));
    const en = await readme(o);
    expect(en.can_confirm).toBe(false);
    expect(partOf(en, 'petition').missing).toEqual([
      {
        code: 'readme_not_english_document',
        msg:
          'The Petition letter is written in Chinese: USCIS reads English only. Write it in English before you ' +
          'confirm (or order our translation service)',
        tab: 'petition',
        target: 'petition_letter',
      },
    ]);
    expect(partOf(en, 'plan').missing.map((m) => [m.code, m.target, m.msg.includes('Romanian')])).toEqual([
      ['readme_not_english_document', 'us_plan', true],
    ]);
    const zh = await readme(o, 'zh');
    expect(partOf(zh, 'petition').missing[0]!.msg).toBe(
      translate('zh', 'checklist:missing.not_english_document', {
        document: translate('zh', 'checklist:document.petition_letter'),
        language: '中文',
        offer: translate('zh', 'checklist:missing.translation_offer'),
      }),
    );
    for (const lang of ['en', 'zh'] as const)
      expectError(await confirm(o, lang), 409, 'stage_incomplete', lang);
    expectError(await onCase(t, o)('POST', 'packet/'), 409, 'readme_not_confirmed');
    // English with a Chinese name and title quoted stays English: confirmation is possible again.
    await b.document(o, 'petition_letter', paragraphs(txt(`${EN} Professor 王小明 (Wang Xiaoming) agrees.`)));
    await b.document(o, 'us_plan', paragraphs(txt(EN)));
    expect((await readme(o)).can_confirm).toBe(true);
    expect((await confirm(o)).statusCode).toBe(200);
  });

  it('an exhibit, a letter and an attachment whose text is not English and that have no translation, flagged or not', async () => {
    const o = await owner(t, 'USA_EB1A', ['TRANSLATION']);
    const { folders } = await b.complete(o);
    const call = onCase(t, o);
    const up = (text: string) => fakeUpload(t, o, { text });
    // Flagged with its translation there: fine. Korean, not flagged, without translation: blocks.
    let r = await call('POST', `evidence/${folders.awards}/files/`, {
      name: '수상 증명서',
      name_en: 'Award certificate',
      needs_translation: true,
      translation_mode: 'personal',
      original_upload_id: await up(KO),
      translation_upload_id: await up(EN),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await readme(o)).can_confirm).toBe(true);
    r = await call('POST', `evidence/${folders.judge}/files/`, {
      name: '심사 위원 위촉장',
      needs_translation: false,
      original_upload_id: await up(KO),
    });
    expect(r.statusCode, r.body).toBe(200);
    r = await call('POST', 'letters/', {
      name: 'Prof. Popescu',
      position: 'Profesor',
      needs_translation: false,
      letter_upload_id: await up(RO),
    });
    expect(r.statusCode, r.body).toBe(200);
    const popescu = r.json().letters.letters.find((l: { name: string }) => l.name === 'Prof. Popescu').id;
    r = await call('POST', 'plan/attachments/', {
      name: '商业计划',
      needs_translation: true,
      translation_mode: 'service',
      original_upload_id: await up(ZH),
    });
    expect(r.statusCode, r.body).toBe(200);
    const attachment = r.json().attachments.attachments[0].id;
    const en = await readme(o);
    expect(en.can_confirm).toBe(false);
    expect(partOf(en, 'evidence')).toMatchObject({ complete: false, progress: { done: 3, total: 4 } });
    expect(partOf(en, 'evidence').missing).toEqual([
      {
        code: 'readme_not_english_evidence',
        msg:
          'The evidence file “심사 위원 위촉장” is in Korean and has no English translation: upload a certified ' +
          'English translation (and mark the file as needing one)',
        tab: 'evidence',
        target: String(folders.judge),
      },
    ]);
    expect(partOf(en, 'letters').missing.map((m) => [m.code, m.target, m.msg])).toEqual([
      [
        'readme_not_english_letter',
        String(popescu),
        'The signed letter from Prof. Popescu is in Romanian and has no English translation: upload a certified ' +
          'English translation',
      ],
    ]);
    expect(partOf(en, 'plan').missing.map((m) => [m.code, m.target])).toEqual([
      ['readme_not_english_attachment', String(attachment)],
    ]);
    expect(partOf(await readme(o, 'zh'), 'evidence').missing[0]!.msg).toContain('“심사 위원 위촉장”是韩文');
    // The attachment flagged for the service's translation blocks; it is not repeated as a warning.
    expect(en.warnings.filter((w) => w.code === 'readme_translation_missing')).toEqual([]);
    expectError(await confirm(o), 409, 'stage_incomplete');
    expectError(await onCase(t, o)('POST', 'packet/'), 409, 'readme_not_confirmed');
  });

  it('offers the translation service only to a customer who does not hold it; files without text are not judged', async () => {
    const o = await owner(t);
    const { folders } = await b.complete(o);
    const r = await onCase(t, o)('POST', `evidence/${folders.awards}/files/`, {
      name: 'Scan',
      needs_translation: false,
      original_upload_id: await fakeUpload(t, o, { text: KO }),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(partOf(await readme(o), 'evidence').missing[0]!.msg).toMatch(
      /\(or order our translation service\)$/,
    );
    // A scan (no text layer) and a file read before text was kept are not judged.
    for (const text of ['', undefined]) {
      const other = await owner(t);
      const f = await b.complete(other);
      const added = await onCase(t, other)('POST', `evidence/${f.folders.awards}/files/`, {
        name: 'Photo',
        needs_translation: false,
        original_upload_id: await fakeUpload(t, other, text === undefined ? {} : { text }),
      });
      expect(added.statusCode, added.body).toBe(200);
      expect((await readme(other)).can_confirm).toBe(true);
    }
  });
});

describe('ReadMe: guidance warnings (never blocking)', () => {
  const warningsOf = async (o: Owner) => (await readme(o)).warnings;

  it('EB-1A: fewer than 3 of the 10 criteria with evidence (Other Evidence does not count)', async () => {
    const o = await owner(t);
    await b.evidence(o, ['awards', 'judge', 'other_evidence']);
    const w = (await warningsOf(o)).find((x) => x.code === 'readme_criteria_few');
    expect(w).toEqual({
      code: 'readme_criteria_few',
      msg: 'Only 2 of the 10 criteria have evidence: USCIS expects evidence for at least 3',
      tab: 'evidence',
      target: null,
    });
    await b.evidence(o, ['awards', 'judge', 'other_evidence', 'exhibition']);
    expect(codes(await warningsOf(o))).not.toContain('readme_criteria_few');
  });

  it('background exhibits are not a claimed criterion: they count for no criterion (issue 28 item 4)', async () => {
    const o = await owner(t);
    await b.evidence(o, ['awards', 'judge']);
    for (const name of ['CV', 'Degree certificate', 'Passport and I-94']) {
      const f = await b.folder(o, 'background', name);
      await b.file(o, f, `${name} scan`);
    }
    const r = await readme(o);
    expect(r.warnings.find((x) => x.code === 'readme_criteria_few')?.msg).toBe(
      'Only 2 of the 10 criteria have evidence: USCIS expects evidence for at least 3',
    );
    expect(partOf(r, 'evidence').progress).toEqual({ done: 2, total: 2 });
    const summary = await b.summary(o);
    expect(summary.evidence_counts.criteria_claimed).toBe(2);
  });

  it('NIW exceptional ability: fewer than 3 of the 6; not for the advanced-degree route', async () => {
    const o = await owner(t, 'USA_NIW');
    expect(
      (await onCase(t, o)('PUT', 'niw_direction/', { direction: 'exceptional_ability' })).statusCode,
    ).toBe(200);
    await b.evidence(o, ['degree', 'job', 'others']);
    const w = (await warningsOf(o)).find((x) => x.code === 'readme_niw_exceptional_few');
    expect(w?.msg).toBe('Exceptional ability: 2 of the 6 criteria have evidence; at least 3 are needed');
    await b.evidence(o, ['degree', 'job', 'others', 'salary']);
    expect(codes(await warningsOf(o))).not.toContain('readme_niw_exceptional_few');
    const d = await owner(t, 'USA_NIW');
    expect((await onCase(t, d)('PUT', 'niw_direction/', { direction: 'advanced_degree' })).statusCode).toBe(
      200,
    );
    await b.evidence(d, ['degree']);
    expect(codes(await warningsOf(d))).not.toContain('readme_niw_exceptional_few');
  });

  it('letters: fewer than 3, or none independent', async () => {
    const o = await owner(t);
    expect(codes(await warningsOf(o))).toContain('readme_letters_few');
    expect(codes(await warningsOf(o))).not.toContain('readme_letters_no_independent');
    await b.letter(o, 'Prof. A');
    await b.letter(o, 'Prof. B');
    const w = await warningsOf(o);
    expect(w.find((x) => x.code === 'readme_letters_few')).toMatchObject({
      msg: '2 recommendation letters: at least 3 are advised, about 5 is usual',
      tab: 'reference',
    });
    expect(w.find((x) => x.code === 'readme_letters_no_independent')?.tab).toBe('reference');
    await b.letter(o, 'Prof. C', { independent: true });
    expect(codes(await warningsOf(o)).filter((c) => c.startsWith('readme_letters'))).toEqual([]);
  });

  it('the US plan citing a deleted exhibit: it is mailed too, so its part is incomplete (issue 28 item 3)', async () => {
    const o = await owner(t);
    const folders = await b.evidence(o, ['awards']);
    await b.document(o, 'us_plan', paragraphs(txt('Based on '), ref('exhibit', `folder:${folders.awards}`)));
    expect(partOf(await readme(o), 'plan').complete).toBe(true);
    expect((await onCase(t, o)('DELETE', `evidence/${folders.awards}/?confirm=true`)).statusCode).toBe(200);
    const r = await readme(o);
    expect(codes(r.warnings)).not.toContain('readme_reference_dangling');
    expect(partOf(r, 'plan')).toMatchObject({ complete: false, progress: { done: 0, total: 1 } });
    expect(partOf(r, 'plan').missing).toEqual([
      {
        code: 'readme_reference_deleted',
        msg: 'U.S. plan, paragraph 1 (“Based on”): the reference points at an exhibit that was deleted. Remove or replace it',
        tab: 'endeavor',
        target: 'us_plan#1',
      },
    ]);
  });

  it('foreign-language files without an English translation: evidence, letter, résumé, plan attachment', async () => {
    const o = await owner(t, 'USA_EB1A', ['TRANSLATION']);
    const call = onCase(t, o);
    expect((await b.claim(o, ['awards'])).statusCode).toBe(200);
    const f = await b.folder(o, 'awards', 'Prize');
    const up = () => fakeUpload(t, o);
    const service = { needs_translation: true, translation_mode: 'service' };
    let r = await call('POST', `evidence/${f}/files/`, {
      name: '获奖证书',
      original_upload_id: await up(),
      ...service,
    });
    expect(r.statusCode, r.body).toBe(200);
    // Translated personally: nothing to warn about.
    r = await call('POST', `evidence/${f}/files/`, {
      name: '奖杯',
      name_en: 'Trophy',
      needs_translation: true,
      translation_mode: 'personal',
      original_upload_id: await up(),
      translation_upload_id: await up(),
    });
    expect(r.statusCode, r.body).toBe(200);
    r = await call('POST', 'letters/', {
      name: '李教授',
      position: '教授',
      ...service,
      letter_upload_id: await up(),
      resume_upload_id: await up(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const letterId = r.json().letters.letters[0].id;
    r = await call('POST', 'plan/attachments/', {
      name: '商业计划',
      original_upload_id: await up(),
      ...service,
    });
    expect(r.statusCode, r.body).toBe(200);
    const attachmentId = r.json().attachments.attachments[0].id;
    const w = (await warningsOf(o)).filter((x) => x.code === 'readme_translation_missing');
    expect(w.map((x) => [x.tab, x.target, x.msg])).toEqual([
      ['evidence', String(f), '“获奖证书” (evidence) needs an English translation, which is not there yet'],
      [
        'reference',
        String(letterId),
        'The letter from 李教授 needs an English translation, which is not there yet',
      ],
      [
        'reference',
        String(letterId),
        'The résumé of 李教授 needs an English translation, which is not there yet',
      ],
      [
        'endeavor',
        String(attachmentId),
        '“商业计划” (U.S. plan attachment) needs an English translation, which is not there yet',
      ],
    ]);
    // Warnings never block: the letters part is complete (the service translates).
    expect(partOf(await readme(o), 'letters').complete).toBe(true);
  });

  it('a payment form no published edition fills (G-1450 09/27/19 outdated, G-1650 without a blank): the packet holds its "fill by hand" page, the checklist says so (issue 30 item 4)', async () => {
    const o = await owner(t);
    const w = (await warningsOf(o)).filter((x) => x.code === 'readme_form_by_hand');
    expect(w).toEqual([
      {
        code: 'readme_form_by_hand',
        msg: 'Form G-1450 cannot be filled for you yet (no current edition is published): the packet holds a "fill by hand" page in its place listing every value to copy onto the current edition from uscis.gov; write the card or bank details by hand',
        tab: 'form',
        target: 'G-1450',
      },
    ]);
    // Said once: not repeated as an outdated edition.
    expect(codes(await warningsOf(o))).not.toContain('readme_form_edition_outdated');
    const zh = (await readme(o, 'zh')).warnings.find((x) => x.code === 'readme_form_by_hand');
    expect(zh?.msg).toBe(
      'G-1450 表暂时无法为您填写（尚未发布现行版本）：文件包在该表位置放入一页“手工填写”说明，列出需抄写到 uscis.gov 现行版本上的每一项；银行卡或银行账户信息请亲笔填写',
    );
    const s = await onCase(t, o)('PATCH', 'settings/', { version: 0, payment_method: 'G-1650' });
    expect(s.statusCode, s.body).toBe(200);
    const after = (await warningsOf(o)).filter((x) => x.code === 'readme_form_by_hand');
    expect(after.map((x) => x.target)).toEqual(['G-1650']);
  });
});

describe('ReadMe: access', () => {
  it("another customer's case is a 404 for the checklist and for I confirm; a visitor gets 401", async () => {
    const a = await owner(t);
    const victim = await owner(t);
    await b.complete(victim);
    for (const [method, path] of [
      ['GET', 'readme/'],
      ['POST', 'readme/confirm/'],
    ] as const) {
      const url = `/api/customer/case/${victim.caseId}/${path}`;
      const r = await injectAs(t, method, url, { user: a.user });
      expect(r.statusCode, r.body).toBe(404);
      expect(r.json().code).toBe('not_found');
      expect((await injectAs(t, method, url)).statusCode).toBe(401);
    }
    expect(await readmeSubmissions(victim)).toEqual([]);
  });

  it('after the plan expired: the checklist reads, I confirm is refused (entitlement_expired)', async () => {
    const o = await owner(t);
    await b.complete(o);
    const before = t.clock.now();
    try {
      t.clock.set(new Date(before.getTime() + 2 * 365 * 24 * 3600 * 1000));
      const user = await login(t, { phone: o.user.phone });
      const expired = { ...o, user };
      const r = await readme(expired);
      expect(r).toMatchObject({ can_confirm: true, confirmed: false });
      expect(r.services.map((s) => s.status)).toEqual(['expired']);
      const refused = await confirm(expired, 'zh');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'entitlement_expired',
        msg: errMsg('zh', 'entitlement_expired'),
      });
      expect(await readmeSubmissions(o)).toEqual([]);
    } finally {
      t.clock.set(before);
    }
  });
});
