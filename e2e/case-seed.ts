import { PDFDocument } from '@cantoo/pdf-lib';
import {
  EVIDENCE_PATHS,
  LANGUAGE_HEADER,
  type Locale,
  type TUpload,
  UPLOAD_TUS_PATH,
  ZCaseSummary,
  ZEvidenceResponse,
  ZUpload,
} from '@dossier/contract';
import { EB1A_SAMPLE, NIW_SAMPLE } from '@dossier/forms';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * A case filled over real HTTP, part by part, as the workbench screens would (the e2e twin of
 * apps/server/test/case-builder.ts): every form with the sample answers, criteria with a folder and a file each,
 * recommendation letters with their signed PDFs, the US plan and a petition letter citing an exhibit and a
 * letter. Files go up over tus (POST creation, one PATCH with the bytes) and are waited for until the
 * normaliser has made them `ready`. One small PDF is made once and reused for every file.
 */

export type SeedProject = 'USA_EB1A' | 'USA_NIW';

export const txt = (text: string) => ({ type: 'text' as const, text });
export const ref = (kind: 'exhibit' | 'letter', id: string) => ({
  type: 'reference' as const,
  attrs: { kind, id },
});
export const paragraphs = (...inline: unknown[]) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: inline }],
});

/** The criteria a complete case claims, per project (three, as the guidance asks). */
export const SEED_CRITERIA: Record<SeedProject, string[]> = {
  USA_EB1A: ['awards', 'judge', 'scholarly_publication'],
  USA_NIW: ['degree', 'job', 'achievements'],
};

let pdfBytes: Promise<Uint8Array> | null = null;
/** One small real PDF (made once per worker). */
export function seedPdf(): Promise<Uint8Array> {
  pdfBytes ??= (async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawText('Dossier e2e seed', { x: 72, y: 700 });
    return doc.save();
  })();
  return pdfBytes;
}

export function caseSeed(request: APIRequestContext, token: string, project: SeedProject, locale: Locale) {
  const headers = { Authorization: `Bearer ${token}`, [LANGUAGE_HEADER]: locale };
  const call = async <T>(
    method: 'get' | 'post' | 'put' | 'patch',
    path: string,
    data?: unknown,
  ): Promise<T> => {
    const r = await request[method](path, { headers, ...(data === undefined ? {} : { data }) });
    expect(r.ok(), `${method} ${path}: ${r.status()} ${await r.text()}`).toBe(true);
    return (await r.json()) as T;
  };
  let caseId = 0;

  async function summary() {
    return ZCaseSummary.parse(await call('get', `/api/customer/case/?project_code=${project}`));
  }

  /** Opens the case (first workbench read); answers its id. */
  async function open(): Promise<number> {
    caseId = (await summary()).id;
    return caseId;
  }
  const onCase = (path: string) => `/api/customer/case/${caseId}/${path}`;

  /** Uploads `name` over tus and waits until the normaliser made it ready; answers the upload's id. */
  async function upload(name: string): Promise<number> {
    const bytes = await seedPdf();
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
    const tus = { ...headers, 'Tus-Resumable': '1.0.0' };
    const created = await request.post(`${UPLOAD_TUS_PATH}?project_code=${project}`, {
      headers: {
        ...tus,
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `filename ${b64(name)},filetype ${b64('application/pdf')}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const key = created.headers().location!.split('/').filter(Boolean).pop()!;
    const patched = await request.patch(`${UPLOAD_TUS_PATH}${key}`, {
      headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      data: Buffer.from(bytes),
    });
    expect(patched.status(), await patched.text()).toBe(204);
    const up = ZUpload.parse(await call('get', `${UPLOAD_TUS_PATH}${key}/`));
    return (await settled(up.id)).id;
  }

  /** Waits until the upload leaves "checking"; it must be ready. */
  async function settled(id: number): Promise<TUpload> {
    const until = Date.now() + 30_000;
    for (;;) {
      const u = ZUpload.parse(await call('get', `/api/customer/uploads/${id}/`));
      if (u.status !== 'checking') {
        expect(u.status, JSON.stringify(u.refusal)).toBe('ready');
        return u;
      }
      expect(Date.now(), `upload ${id} still checking`).toBeLessThan(until);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Saves every form of the filing with the sample case's answers (complete). */
  async function fillForms() {
    const sample = project === 'USA_EB1A' ? EB1A_SAMPLE : NIW_SAMPLE;
    for (const f of (await summary()).forms) {
      const url = `/api/customer/immigration_data/${f.id}/`;
      const current = await call<{ version: number }>('get', url);
      const values = sample.forms[f.form_number];
      expect(values, `sample answers for ${f.form_number}`).toBeDefined();
      await call('patch', url, { version: current.version, mode: 'save', values });
    }
  }

  async function claim(criteria: string[]) {
    if (project === 'USA_NIW')
      await call('put', EVIDENCE_PATHS.niwDirection(caseId), { direction: 'advanced_degree' });
    const { version } = await call<{ version: number }>('get', onCase('criteria/'));
    await call('put', onCase('criteria/'), { criteria, version });
  }

  async function folder(criterion: string, name: string): Promise<number> {
    const r = ZEvidenceResponse.parse(
      await call('post', onCase('evidence/'), { criterion, name, name_en: name }),
    );
    return r.evidence.folders.find((f) => f.name === name)!.id;
  }

  async function file(folderId: number, name: string, uploadId?: number): Promise<number> {
    const original = uploadId ?? (await upload(`${name}.pdf`));
    const r = ZEvidenceResponse.parse(
      await call('post', onCase(`evidence/${folderId}/files/`), {
        name,
        needs_translation: false,
        original_upload_id: original,
      }),
    );
    return r.evidence.folders.find((f) => f.id === folderId)!.files.find((f) => f.name === name)!.id;
  }

  /** A recommender with the signed letter (an upload id, or uploaded here), no translation. */
  async function letter(name: string, independent = false, uploadId?: number): Promise<number> {
    const r = await call<{ letters: { letters: { id: number; name: string }[] } }>(
      'post',
      onCase('letters/'),
      {
        name,
        position: 'Professor',
        needs_translation: false,
        independent,
        letter_upload_id: uploadId ?? (await upload(`${name}.pdf`)),
      },
    );
    return r.letters.letters.find((l) => l.name === name)!.id;
  }

  /** Saves a document (`us_plan` | `petition_letter`) over its current version. */
  async function document(kind: 'us_plan' | 'petition_letter', content: unknown) {
    const { version } = await call<{ version: number }>('get', onCase(`documents/${kind}/`));
    await call('put', onCase(`documents/${kind}/`), { version, content });
  }

  /**
   * Every part complete: the forms, three criteria with a folder and a file each, three letters (the first
   * independent), the plan and a petition letter citing the first exhibit and the first letter. With
   * `holdBack`, the last criterion's folder stays without a file (the evidence part is then incomplete) and its
   * id is answered so the caller can complete it with `file`.
   */
  async function complete(opts: { holdBack?: boolean } = {}) {
    await open();
    const criteria = SEED_CRITERIA[project];
    await Promise.all([fillForms(), claim(criteria)]);
    const folders: Record<string, number> = {};
    for (const c of criteria) folders[c] = await folder(c, `Evidence for ${c}`);
    const withFiles = opts.holdBack ? criteria.slice(0, -1) : criteria;
    const names = ['Prof. A', 'Prof. B', 'Prof. C'];
    // The files go up side by side (a few seconds for the whole case); the rows are then added in order.
    const [letterUploads, fileUploads] = await Promise.all([
      Promise.all(names.map((n) => upload(`${n}.pdf`))),
      Promise.all(withFiles.map((c) => upload(`File for ${c}.pdf`))),
    ]);
    const letters: number[] = [];
    for (const [i, n] of names.entries()) letters.push(await letter(n, i === 0, letterUploads[i]));
    for (const [i, c] of withFiles.entries()) await file(folders[c]!, `File for ${c}`, fileUploads[i]);
    await document('us_plan', paragraphs(txt('I will continue my research in the United States.')));
    await document(
      'petition_letter',
      paragraphs(
        txt('See '),
        ref('exhibit', `folder:${folders[criteria[0]!]}`),
        txt(' and '),
        ref('letter', `letter:${letters[0]}`),
      ),
    );
    return { caseId, criteria, folders, letters, heldBack: opts.holdBack ? criteria.at(-1)! : null };
  }

  return { open, summary, upload, fillForms, claim, folder, file, letter, document, complete };
}
