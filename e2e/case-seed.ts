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
 * normaliser has made them `ready` (the checklist counts what is attached, the previews draw ready files). One small PDF is made once and reused for every file.
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

  /**
   * Sends `name` over tus (creation, then one PATCH with the bytes: the seed PDF unless given); answers the
   * upload's id (still checking).
   */
  async function send(name: string, pdf?: Uint8Array): Promise<number> {
    const bytes = pdf ?? (await seedPdf());
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
    return ZUpload.parse(await call('get', `${UPLOAD_TUS_PATH}${key}/`)).id;
  }

  /**
   * Waits until every upload left "checking" (the worker's normalise job); each must be ready. One read per
   * pending upload every 300 ms: the journeys share the server's per-address budget of API calls. Up to 60 s:
   * each check starts a worker thread (~2 s alone), and two journeys seeding at once on 2 cores took over 30 s.
   */
  async function settled(ids: number[]): Promise<TUpload[]> {
    const until = Date.now() + 60_000;
    const done = new Map<number, TUpload>();
    for (;;) {
      for (const id of ids.filter((i) => !done.has(i))) {
        const u = ZUpload.parse(await call('get', `/api/customer/uploads/${id}/`));
        if (u.status === 'checking') continue;
        expect(u.status, `${u.name}: ${JSON.stringify(u.refusal)}`).toBe('ready');
        done.set(id, u);
      }
      if (done.size === ids.length) return ids.map((i) => done.get(i)!);
      expect(Date.now(), `uploads still checking: ${ids.filter((i) => !done.has(i))}`).toBeLessThan(until);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  /** Sends one PDF of the caller's and waits until it is ready; answers its id. */
  async function uploadPdf(name: string, pdf: Uint8Array): Promise<number> {
    const id = await send(name, pdf);
    await settled([id]);
    return id;
  }

  /** Sends the files side by side and waits until all are ready; answers their ids in order. */
  async function upload(...names: string[]): Promise<number[]> {
    const ids = await Promise.all(names.map((n) => send(n)));
    await settled(ids);
    return ids;
  }

  /** Saves every form of the filing with the sample case's answers (complete); NIW pays by ACH as its sample does. */
  async function fillForms() {
    const sample = project === 'USA_EB1A' ? EB1A_SAMPLE : NIW_SAMPLE;
    let current = await summary();
    // The NIW sample case pays by ACH (G-1650), as its answers do.
    if (project === 'USA_NIW' && current.settings.payment_method !== 'G-1650') {
      await call('patch', onCase('settings/'), {
        version: current.settings.version,
        payment_method: 'G-1650',
      });
      current = await summary();
    }
    for (const f of current.forms) {
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
    const original = uploadId ?? (await upload(`${name}.pdf`))[0]!;
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
        letter_upload_id: uploadId ?? (await upload(`${name}.pdf`))[0]!,
      },
    );
    return r.letters.letters.find((l) => l.name === name)!.id;
  }

  /** NIW: attaches the signed Form ETA-9089 (an upload id, or uploaded here), a forms item (decision 0060). */
  async function eta9089(uploadId?: number): Promise<void> {
    const upload_id = uploadId ?? (await upload('ETA-9089 signed.pdf'))[0]!;
    await call('put', onCase('eta9089/signed/form/'), { upload_id });
  }

  /** Saves a document (`us_plan` | `petition_letter`) over its current version. */
  async function document(kind: 'us_plan' | 'petition_letter', content: unknown) {
    const { version } = await call<{ version: number }>('get', onCase(`documents/${kind}/`));
    await call('put', onCase(`documents/${kind}/`), { version, content });
  }

  /**
   * Every part complete: the forms, three criteria with a folder and a file each, three letters (the first
   * independent), the plan and a petition letter citing the first exhibit and the first letter. With
   * `holdBack`, the last criterion's folder stays without a file (the evidence part is then incomplete); its
   * file is uploaded all the same and answered (`heldBack`) for the caller to add with `file`. An NIW case gets
   * its signed ETA-9089 too, unless `eta9089: false` (the forms part then waits for it).
   *
   * The files are sent first and attached while the worker checks them (the server allows it); the seed answers
   * once every one is `ready`. The worker takes them one at a time, so this wait is most of the seed's time.
   */
  async function complete(opts: { holdBack?: boolean; eta9089?: boolean } = {}) {
    await open();
    const criteria = SEED_CRITERIA[project];
    const names = ['Prof. A', 'Prof. B', 'Prof. C'];
    const signed = project === 'USA_NIW' && opts.eta9089 !== false;
    const sending = Promise.all(
      [
        ...names.map((n) => `${n}.pdf`),
        ...criteria.map((c) => `File for ${c}.pdf`),
        ...(signed ? ['ETA-9089 signed.pdf'] : []),
      ].map((n) => send(n)),
    );
    await Promise.all([fillForms(), claim(criteria)]);
    const folders: Record<string, number> = {};
    for (const c of criteria) folders[c] = await folder(c, `Evidence for ${c}`);
    const ids = await sending;
    const letters: number[] = [];
    for (const [i, n] of names.entries()) letters.push(await letter(n, i === 0, ids[i]));
    const withFiles = opts.holdBack ? criteria.slice(0, -1) : criteria;
    for (const [i, c] of withFiles.entries()) await file(folders[c]!, `File for ${c}`, ids[names.length + i]);
    if (signed) await eta9089(ids.at(-1)!);
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
    await settled(ids);
    const heldBack = opts.holdBack
      ? {
          criterion: criteria.at(-1)!,
          folderId: folders[criteria.at(-1)!]!,
          uploadId: ids[names.length + criteria.length - 1]!,
        }
      : null;
    return { caseId, criteria, folders, letters, heldBack };
  }

  return {
    open,
    summary,
    upload,
    uploadPdf,
    fillForms,
    claim,
    folder,
    file,
    letter,
    eta9089,
    document,
    complete,
  };
}
