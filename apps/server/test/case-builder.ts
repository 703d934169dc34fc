import { type TCaseSummary, ZCaseSummary } from '@dossier/contract';
import { EB1A_SAMPLE, NIW_SAMPLE } from '@dossier/forms';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { evidenceCalls, fakeUpload, type Owner, onCase } from './evidence-helpers.ts';
import { injectAs } from './factories.ts';

/**
 * A case filled through the API, part by part (forms, evidence, letters, US plan, petition letter), as the
 * workbench screens would: for the checklist and packet suites.
 */

export const txt = (text: string) => ({ type: 'text' as const, text });
export const ref = (kind: 'exhibit' | 'letter', id: string) => ({
  type: 'reference' as const,
  attrs: { kind, id },
});
export const paragraphs = (...inline: unknown[]) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: inline }],
});

export function caseBuilder(app: () => TestApp) {
  const { claim, folder, file } = evidenceCalls(app);
  const call = (o: Owner) => onCase(app(), o);

  async function summary(o: Owner): Promise<TCaseSummary> {
    const r = await call(o)('GET', '');
    expect(r.statusCode, r.body).toBe(200);
    return ZCaseSummary.parse(r.json());
  }

  /** Saves every form of the filing with the sample case's answers (complete); NIW: uploads the signed ETA-9089. */
  async function fillForms(o: Owner) {
    const sample = o.project === 'USA_EB1A' ? EB1A_SAMPLE : NIW_SAMPLE;
    for (const f of (await summary(o)).forms) {
      const url = `/api/customer/immigration_data/${f.id}/`;
      const current = (await injectAs(app(), 'GET', url, { user: o.user })).json();
      const values = sample.forms[f.form_number];
      if (!values) throw new Error(`no sample answers for ${f.form_number}`);
      const r = await injectAs(app(), 'PATCH', url, {
        user: o.user,
        payload: { version: current.version, mode: 'save', values },
      });
      expect(r.statusCode, `${f.form_number}: ${r.body}`).toBe(200);
    }
    // NIW: the signed Form ETA-9089 with Appendix A is an item of the forms part too (decision 0060).
    if (o.project === 'USA_NIW') {
      const upload_id = await fakeUpload(app(), o, { name: 'eta9089-signed.pdf' });
      const r = await call(o)('PUT', 'eta9089/signed/form/', { upload_id });
      expect(r.statusCode, r.body).toBe(200);
    }
  }

  /** Claims `criteria` and gives each one folder with one file; answers the folder ids by criterion. */
  async function evidence(o: Owner, criteria: string[]): Promise<Record<string, number>> {
    const r = await claim(o, criteria);
    expect(r.statusCode, r.body).toBe(200);
    const out: Record<string, number> = {};
    for (const c of criteria) {
      out[c] = await folder(o, c, `Evidence for ${c}`);
      await file(o, out[c]!, `File for ${c}`);
    }
    return out;
  }

  /** A recommender with the signed letter uploaded (no translation). */
  async function letter(o: Owner, name: string, opts: { independent?: boolean; upload?: boolean } = {}) {
    const payload = {
      name,
      position: 'Professor',
      needs_translation: false,
      independent: opts.independent ?? false,
      ...(opts.upload === false
        ? {}
        : { letter_upload_id: await fakeUpload(app(), o, { name: `${name}.pdf` }) }),
    };
    const r = await call(o)('POST', 'letters/', payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().letters.letters.find((l: { name: string }) => l.name === name).id as number;
  }

  /** A US-plan attachment with its file uploaded (no translation). */
  async function planAttachment(o: Owner, name: string) {
    const r = await call(o)('POST', 'plan/attachments/', {
      name,
      needs_translation: false,
      original_upload_id: await fakeUpload(app(), o),
    });
    expect(r.statusCode, r.body).toBe(200);
  }

  /** Saves a document (`us_plan` | `petition_letter`) over its current version. */
  async function document(o: Owner, kind: 'us_plan' | 'petition_letter', content: unknown) {
    const current = (await call(o)('GET', `documents/${kind}/`)).json();
    const r = await call(o)('PUT', `documents/${kind}/`, { version: current.version, content });
    expect(r.statusCode, r.body).toBe(200);
  }

  /**
   * Every part complete: the forms, three criteria with evidence, three letters (one independent), the plan and
   * a petition letter citing the first exhibit and the first letter.
   */
  async function complete(o: Owner) {
    await fillForms(o);
    const criteria =
      o.project === 'USA_EB1A'
        ? ['awards', 'judge', 'scholarly_publication']
        : ['degree', 'job', 'achievements'];
    if (o.project === 'USA_NIW') {
      const r = await call(o)('PUT', 'niw_direction/', { direction: 'advanced_degree' });
      expect(r.statusCode, r.body).toBe(200);
    }
    const folders = await evidence(o, criteria);
    const letters = [
      await letter(o, 'Prof. A', { independent: true }),
      await letter(o, 'Prof. B'),
      await letter(o, 'Prof. C'),
    ];
    await document(o, 'us_plan', paragraphs(txt('I will continue my research in the United States.')));
    await document(
      o,
      'petition_letter',
      paragraphs(
        txt('See '),
        ref('exhibit', `folder:${folders[criteria[0]!]}`),
        txt(' and '),
        ref('letter', `letter:${letters[0]}`),
      ),
    );
    return { folders, letters, criteria };
  }

  return { summary, fillForms, evidence, letter, planAttachment, document, complete, file, folder, claim };
}
