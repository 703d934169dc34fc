import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TEvidencePage, ZEvidencePage, ZEvidenceResponse } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { upload } from '../src/db/schema/index.ts';
import type { TestApp } from './build-test-app.ts';
import { buyBase, injectAs, type LoggedIn, login, type Method, type ProjectCodeName } from './factories.ts';

/** The spec's message for an error code in a language (what the server must answer). */
export const errMsg = (lang: 'zh' | 'en', code: string) =>
  (resources[lang].errors as Record<string, string>)[code]!;
export const okMsg = (lang: 'zh' | 'en', key: string) =>
  (resources[lang].messages as Record<string, string>)[key]!;

export interface Owner {
  user: LoggedIn;
  caseId: number;
  project: ProjectCodeName;
}

/** A buyer of `project` with the case opened (first workbench read). */
export async function owner(
  t: TestApp,
  project: ProjectCodeName = 'USA_EB1A',
  addons: string[] = [],
): Promise<Owner> {
  const user = await login(t);
  await buyBase(t, user, project, addons);
  const r = await injectAs(t, 'GET', `/api/customer/case/?project_code=${project}`, { user });
  if (r.statusCode !== 200) throw new Error(`case: ${r.statusCode} ${r.body}`);
  return { user, caseId: r.json().id, project };
}

/**
 * An upload row as the tus finalisation leaves it (the upload suites test the transfer itself): the rows here
 * only need an id the customer owns, of the case's project, in a given normaliser status.
 */
export async function fakeUpload(
  t: TestApp,
  o: Owner,
  opts: { name?: string; status?: 'ready' | 'checking' | 'refused'; text?: string } = {},
): Promise<number> {
  const now = t.clock.now();
  const [row] = await t.ctx.db.db
    .insert(upload)
    .values({
      customerId: o.user.customerId,
      projectCode: o.project,
      originalName: opts.name ?? 'scan.pdf',
      size: 1234,
      sha256: randomBytes(32).toString('hex'),
      kind: 'pdf',
      contentType: 'application/pdf',
      status: opts.status ?? 'ready',
      pages: opts.status === 'ready' || !opts.status ? 2 : null,
      pdfSize: opts.status === 'ready' || !opts.status ? 5678 : null,
      // What the normalise job read from its text layer (null: never read, so not judged).
      textSample: opts.text ?? null,
      unreferencedSince: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: upload.id });
  return row!.id;
}

export async function attachedTo(t: TestApp, uploadId: number): Promise<string | null> {
  const [row] = await t.ctx.db.db.select().from(upload).where(eq(upload.id, uploadId));
  return row?.attachedTo ?? null;
}

/** A call on the owner's case: `path` is relative to `/api/customer/case/{id}/`. */
export function onCase(t: TestApp, o: Owner) {
  return (method: Method, path: string, payload?: unknown, lang = 'en') =>
    injectAs(t, method, `/api/customer/case/${o.caseId}/${path}`, {
      user: o.user,
      lang,
      ...(payload !== undefined ? { payload } : {}),
    });
}

/** `word/document.xml` of a .docx, read with `unzip -p` (the bytes must be a real zip). */
export function documentXml(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'docx-'));
  try {
    const file = join(dir, 't.docx');
    writeFileSync(file, bytes);
    return execFileSync('unzip', ['-p', file, 'word/document.xml']).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const expectError = (
  r: { statusCode: number; body: string; json: () => { code: string; msg: string } },
  status: number,
  code: string,
  lang: 'zh' | 'en' = 'en',
) => {
  expect(r.statusCode, r.body).toBe(status);
  expect(r.json().code).toBe(code);
  if (!errMsg(lang, code).includes('{{')) expect(r.json().msg).toBe(errMsg(lang, code));
};

/** The usual steps on an owner's evidence (claim, add a folder, add a file, read the page). */
export function evidenceCalls(app: () => TestApp) {
  async function claim(o: Owner, criteria: string[], opts: { confirm?: boolean } = {}) {
    const call = onCase(app(), o);
    const version = (await call('GET', 'criteria/')).json().version as number;
    return call('PUT', 'criteria/', { criteria, version, ...opts });
  }
  async function folder(o: Owner, criterion: string, name: string) {
    const r = await onCase(app(), o)('POST', 'evidence/', { criterion, name, name_en: `${name} (en)` });
    expect(r.statusCode, r.body).toBe(200);
    const page = ZEvidenceResponse.parse(r.json()).evidence;
    return page.folders.find((f) => f.name === name)!.id;
  }
  async function file(o: Owner, folderId: number, name: string) {
    const original = await fakeUpload(app(), o, { name: `${name}.pdf` });
    const r = await onCase(app(), o)('POST', `evidence/${folderId}/files/`, {
      name,
      needs_translation: false,
      original_upload_id: original,
    });
    expect(r.statusCode, r.body).toBe(200);
    const f = ZEvidenceResponse.parse(r.json())
      .evidence.folders.find((x) => x.id === folderId)!
      .files.find((x) => x.name === name)!;
    return { id: f.id, original };
  }
  const page = async (o: Owner): Promise<TEvidencePage> =>
    ZEvidencePage.parse((await onCase(app(), o)('GET', 'evidence/')).json());

  return { claim, folder, file, page };
}
