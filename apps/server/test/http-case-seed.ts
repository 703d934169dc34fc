import { EB1A_SAMPLE } from '@dossier/forms';
import { expect } from 'vitest';

/**
 * A complete EB-1A case filled over real HTTP against running processes (the multi-process test), part by
 * part as the workbench screens would: every form with the sample answers, three criteria with a folder and a
 * file each, three recommendation letters, the US plan and a petition letter citing an exhibit and a letter.
 * Files go up over tus and are waited for until the worker made them `ready`. The twin of e2e/case-seed.ts
 * (Playwright's request) and test/case-builder.ts (in-process inject).
 */

export type HttpCall = (
  path: string,
  init?: { method?: string; body?: unknown },
) => Promise<{ status: number; json: Record<string, unknown>; text: string }>;

export interface HttpSeedDeps {
  /** JSON call as the customer, against one API process. */
  call: HttpCall;
  /** Sends bytes over tus through one API process; answers the upload id (still checking). */
  upload: (bytes: Uint8Array, name: string) => Promise<number>;
  pdf: Uint8Array;
}

const CRITERIA = ['awards', 'judge', 'scholarly_publication'];
const doc = (...inline: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content: inline }] });
const txt = (text: string) => ({ type: 'text', text });
const ref = (kind: 'exhibit' | 'letter', id: string) => ({ type: 'reference', attrs: { kind, id } });

export async function seedCompleteCase(d: HttpSeedDeps): Promise<number> {
  const ok = async <T = { version: number }>(path: string, init?: { method?: string; body?: unknown }) => {
    const r = await d.call(path, init);
    expect(r.status, `${init?.method ?? 'GET'} ${path}: ${r.text}`).toBe(200);
    return r.json as unknown as T;
  };
  type Named = { id: number; name: string };
  const summary = await ok<{ id: number; forms: { id: number; form_number: string }[] }>(
    '/api/customer/case/?project_code=USA_EB1A',
  );
  const caseId = Number(summary.id);
  const onCase = (p: string) => `/api/customer/case/${caseId}/${p}`;

  const names = ['Prof. A', 'Prof. B', 'Prof. C'];
  const ids = await Promise.all(
    [...names, ...CRITERIA].map((n) => d.upload(d.pdf, `${n.replace(/\W+/g, '-')}.pdf`)),
  );

  for (const f of summary.forms) {
    const url = `/api/customer/immigration_data/${f.id}/`;
    const { version } = await ok(url);
    const values = EB1A_SAMPLE.forms[f.form_number as keyof typeof EB1A_SAMPLE.forms];
    await ok(url, { method: 'PATCH', body: { version, mode: 'save', values } });
  }
  const { version } = await ok(onCase('criteria/'));
  await ok(onCase('criteria/'), { method: 'PUT', body: { criteria: CRITERIA, version } });
  const folders: number[] = [];
  for (const [i, c] of CRITERIA.entries()) {
    const name = `Evidence for ${c}`;
    const made = await ok<{ evidence: { folders: Named[] } }>(onCase('evidence/'), {
      method: 'POST',
      body: { criterion: c, name, name_en: name },
    });
    const folderId = made.evidence.folders.find((f) => f.name === name)!.id;
    folders.push(folderId);
    await ok(onCase(`evidence/${folderId}/files/`), {
      method: 'POST',
      body: { name: `File for ${c}`, needs_translation: false, original_upload_id: ids[names.length + i] },
    });
  }
  const letters: number[] = [];
  for (const [i, name] of names.entries()) {
    const made = await ok<{ letters: { letters: Named[] } }>(onCase('letters/'), {
      method: 'POST',
      body: {
        name,
        position: 'Professor',
        needs_translation: false,
        independent: i === 0,
        letter_upload_id: ids[i],
      },
    });
    letters.push(made.letters.letters.find((l) => l.name === name)!.id);
  }
  const save = async (kind: 'us_plan' | 'petition_letter', content: unknown) => {
    const { version: v } = await ok(onCase(`documents/${kind}/`));
    await ok(onCase(`documents/${kind}/`), { method: 'PUT', body: { version: v, content } });
  };
  await save('us_plan', doc(txt('I will continue my research in the United States.')));
  await save(
    'petition_letter',
    doc(
      txt('See '),
      ref('exhibit', `folder:${folders[0]}`),
      txt(' and '),
      ref('letter', `letter:${letters[0]}`),
    ),
  );
  // Every file checked by the worker (the checklist counts attached files; the build draws ready ones).
  for (const id of ids) {
    let status = 'checking';
    for (let i = 0; i < 240 && status === 'checking'; i++) {
      status = (await ok<{ status: string }>(`/api/customer/uploads/${id}/`)).status;
      if (status === 'checking') await new Promise((r) => setTimeout(r, 250));
    }
    expect(status, `upload ${id}`).toBe('ready');
  }
  return caseId;
}
