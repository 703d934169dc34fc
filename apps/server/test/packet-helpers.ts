import { createHash } from 'node:crypto';
import { type TCaseSummary, type TPacket, ZPacket } from '@dossier/contract';
import { EB1A_SAMPLE, type FormValues, NIW_SAMPLE } from '@dossier/forms';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { upload, workbenchCase } from '../src/db/schema/index.ts';
import { startWorkers } from '../src/jobs/register.ts';
import { blobKey, storePageMarks } from '../src/modules/uploads/uploads.blobs.ts';
import { pageMarks } from '../src/pdf/packet/page-marks.ts';
import { textPdf } from '../src/pdf/packet/sample-inputs.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { evidenceCalls, type Owner, onCase } from './evidence-helpers.ts';
import { accountsTestConfig, injectAs, type LoggedIn, openCase } from './factories.ts';

/** The app with its job workers running, as the print-file suites use it (stop it with upload-helpers' stopUploadApp). */
export async function startWorkerApp(): Promise<TestApp> {
  const t = await buildTestApp({ config: accountsTestConfig, worker: true });
  await t.ctx.jobs.start();
  await startWorkers(t.ctx);
  return t;
}

/**
 * The acceptance cases of the print file (issue 14), built through the API: profile, forms, evidence with real
 * normalised PDFs in storage, letters, the US plan with attachments, and a petition letter citing them.
 */

/**
 * An upload whose normalised PDF is really stored (the normaliser's output for a PDF is a PDF), with what its pages
 * paint recorded beside it, as the upload check leaves it.
 */
export async function storedUpload(t: TestApp, o: Owner, bytes: Uint8Array, name: string): Promise<number> {
  const sha = createHash('sha256').update(bytes).digest('hex');
  const key = blobKey(o.user.customerId, sha);
  await t.ctx.storage.put(key, Buffer.from(bytes), { contentType: 'application/pdf' });
  await storePageMarks(t.ctx, o.user.customerId, sha, pageMarks(bytes));
  const now = t.clock.now();
  const [row] = await t.ctx.db.db
    .insert(upload)
    .values({
      customerId: o.user.customerId,
      projectCode: o.project,
      originalName: name,
      size: bytes.length,
      sha256: sha,
      kind: 'pdf',
      contentType: 'application/pdf',
      status: 'ready',
      pages: 1,
      pdfSha256: sha,
      pdfSize: bytes.length,
      unreferencedSince: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: upload.id });
  return row!.id;
}

const txt = (text: string) => ({ type: 'text' as const, text });
const ref = (kind: 'exhibit' | 'letter', id: string) => ({ type: 'reference' as const, attrs: { kind, id } });
export const para = (...inline: unknown[]) => ({ type: 'paragraph', content: inline });

export interface ReadyCase extends Owner {
  c: TCaseSummary;
  planId: number;
  folders: number[];
  files: number[];
  letters: number[];
  translatedExhibits: number[];
  /** Pages of each generated input, for the page-count check. */
  inputPages: number;
  petition: unknown[];
  version: number;
}

async function fill(t: TestApp, user: LoggedIn, c: TCaseSummary, form: string, values: FormValues) {
  const id = c.forms.find((f) => f.form_number === form)!.id;
  const current = (await injectAs(t, 'GET', `/api/customer/immigration_data/${id}/`, { user })).json();
  const r = await injectAs(t, 'PATCH', `/api/customer/immigration_data/${id}/`, {
    user,
    payload: { version: current.version, mode: 'save', values },
  });
  expect(r.statusCode, `${form}: ${r.body}`).toBe(200);
}

/**
 * THE factory of the packet suites (one place for the lead to add the ReadMe confirmation at merge):
 * a case ready for its print file. EB-1A: forms, 12 exhibits (4 translated), 5 letters (2 translated), the
 * plan with 2 attachments, a petition letter with references. NIW: smaller.
 */
export async function readyCase(
  t: TestApp,
  category: 'EB1A' | 'NIW' = 'EB1A',
  /** `eta9089: false`: an NIW case without its signed ETA-9089 (then not confirmable: pass `confirm: false`). */
  opts: { confirm?: boolean; eta9089?: boolean } = {},
): Promise<ReadyCase> {
  const eb1a = category === 'EB1A';
  const project = eb1a ? 'USA_EB1A' : 'USA_NIW';
  const { user, c } = await openCase(
    t,
    project,
    eb1a
      ? { premium_processing: true, payment_method: 'G-1450' }
      : {
          payment_method: 'G-1650',
        },
  );
  const o: Owner = { user, caseId: c.id, project };
  const call = onCase(t, o);
  const profile = await call('PATCH', 'profile/', {
    version: 0,
    values: {
      'name.family': 'Wang',
      'name.given': 'Li',
      'address.street': '12 Main Street',
      'address.city': 'Boston',
      'address.state': 'MA',
      'address.zip': '02118',
      'address.country': 'United States',
    },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const sample = eb1a ? EB1A_SAMPLE.forms : NIW_SAMPLE.forms;
  for (const f of c.forms) await fill(t, user, c, f.form_number, sample[f.form_number]!);

  const { claim, folder } = evidenceCalls(() => t);
  let criteria: string[];
  if (eb1a) criteria = ['awards', 'association', 'judge'];
  else {
    expect((await call('PUT', 'niw_direction/', { direction: 'advanced_degree' })).statusCode).toBe(200);
    criteria = ['degree', 'job'];
  }
  expect((await claim(o, criteria)).statusCode).toBe(200);
  const nExhibits = eb1a ? 12 : 4;
  const nTranslated = eb1a ? 4 : 1;
  const folders: number[] = [];
  const files: number[] = [];
  let inputPages = 0;
  for (let i = 0; i < nExhibits; i++) {
    const fid = await folder(o, criteria[i % criteria.length]!, `证据 ${i + 1}`);
    folders.push(fid);
    const pages = 1 + (i % 2);
    inputPages += pages;
    const original = await storedUpload(
      t,
      o,
      await textPdf(`Original evidence ${i + 1}`, pages, i + 1),
      `e${i}.pdf`,
    );
    const translated = i < nTranslated;
    let translation: number | undefined;
    if (translated) {
      translation = await storedUpload(
        t,
        o,
        await textPdf(`English translation ${i + 1}`, 1, 100 + i),
        `t${i}.pdf`,
      );
      inputPages += 1;
    }
    const r = await call('POST', `evidence/${fid}/files/`, {
      name: `文件 ${i + 1}`,
      name_en: `File ${i + 1}`,
      needs_translation: translated,
      ...(translated ? { translation_mode: 'personal', translation_upload_id: translation } : {}),
      original_upload_id: original,
    });
    expect(r.statusCode, r.body).toBe(200);
    const f = r.json().evidence.folders.find((x: { id: number }) => x.id === fid).files[0];
    files.push(f.id);
  }

  const letters: number[] = [];
  const nLetters = eb1a ? 5 : 2;
  for (let i = 0; i < nLetters; i++) {
    const translated = i < (eb1a ? 2 : 1);
    const pdf = await storedUpload(
      t,
      o,
      await textPdf(`Recommendation letter ${i + 1}`, 1, 200 + i),
      `l${i}.pdf`,
    );
    inputPages += 1;
    const tr = translated
      ? await storedUpload(t, o, await textPdf(`Letter translation ${i + 1}`, 1, 300 + i), `lt${i}.pdf`)
      : undefined;
    if (translated) inputPages += 1;
    // The first recommender's CV, in Chinese with its translation: placed after the letter (issue 30 item 6).
    const cv =
      i === 0
        ? {
            resume_upload_id: await storedUpload(
              t,
              o,
              await textPdf('Curriculum vitae 1', 1, 250),
              'cv0.pdf',
            ),
            resume_translation_upload_id: await storedUpload(
              t,
              o,
              await textPdf('Curriculum vitae translation 1', 1, 251),
              'cvt0.pdf',
            ),
          }
        : {};
    if (i === 0) inputPages += 2;
    const r = await call('POST', 'letters/', {
      name: `推荐人 ${i + 1}`,
      position: '教授',
      needs_translation: translated,
      ...(translated
        ? { translation_mode: 'personal', name_en: `Recommender ${i + 1}`, position_en: 'Professor' }
        : {}),
      letter_upload_id: pdf,
      ...(tr ? { letter_translation_upload_id: tr } : {}),
      ...cv,
    });
    expect(r.statusCode, r.body).toBe(200);
    letters.push(r.json().letters.letters.at(-1).id);
  }

  for (let i = 0; i < (eb1a ? 2 : 1); i++) {
    const a = await storedUpload(t, o, await textPdf(`Plan attachment ${i + 1}`, 1, 400 + i), `a${i}.pdf`);
    inputPages += 1;
    const r = await call('POST', 'plan/attachments/', {
      name: `附件 ${i + 1}`,
      name_en: `Attachment ${i + 1}`,
      needs_translation: false,
      original_upload_id: a,
    });
    expect(r.statusCode, r.body).toBe(200);
  }

  const plan = await call('PUT', 'documents/us_plan/', {
    version: 0,
    content: {
      type: 'doc',
      content: [
        para(
          txt('My plan in the United States builds on '),
          ref('exhibit', `folder:${folders[0]}`),
          txt('.'),
        ),
      ],
    },
  });
  expect(plan.statusCode, plan.body).toBe(200);
  const petition = [
    para(
      txt('The petitioner has received national awards, see '),
      ref('exhibit', `folder:${folders[0]}`),
      txt('.'),
    ),
    para(
      txt('The certificate itself is '),
      ref('exhibit', `file:${files[1]}`),
      txt('; the judge finds so in '),
      ref('letter', `letter:${letters[0]}`),
      txt('.'),
    ),
  ];
  const saved = await call('PUT', 'documents/petition_letter/', {
    version: 0,
    content: { type: 'doc', content: petition },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // NIW: the signed Form ETA-9089 with Appendix A, a forms item of the checklist (decision 0060).
  if (!eb1a && opts.eta9089 !== false) {
    const signed = await storedUpload(t, o, await textPdf('Signed Form ETA-9089', 2, 500), 'eta9089.pdf');
    inputPages += 2;
    const r = await call('PUT', 'eta9089/signed/form/', { upload_id: signed });
    expect(r.statusCode, r.body).toBe(200);
  }
  const [row] = await t.ctx.db.db.select().from(workbenchCase).where(eq(workbenchCase.id, c.id));
  // The print file needs the ReadMe checklist confirmed (decision 0026): every part is complete now.
  if (opts.confirm !== false) {
    const confirmed = await call('POST', 'readme/confirm/');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return {
    ...o,
    c,
    planId: row!.planId!,
    folders,
    files,
    letters,
    translatedExhibits: folders.slice(0, nTranslated),
    inputPages,
    petition,
    version: saved.json().version ?? 1,
  };
}

export const packetOf = async (t: TestApp, o: Owner, lang = 'en'): Promise<TPacket> => {
  const r = await onCase(t, o)('GET', 'packet/', undefined, lang);
  expect(r.statusCode, r.body).toBe(200);
  return ZPacket.parse(r.json());
};

/** Polls GET until the state leaves queued/generating (the worker runs in the test app). */
export async function settledPacket(t: TestApp, o: Owner, timeoutMs = 120_000): Promise<TPacket> {
  const start = Date.now();
  const seen: number[] = [];
  for (;;) {
    const p = await packetOf(t, o);
    if (p.state === 'generating') seen.push(p.progress);
    if (p.state !== 'queued' && p.state !== 'generating') return p;
    if (Date.now() - start > timeoutMs) throw new Error(`packet still ${p.state} (${p.progress}%)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
