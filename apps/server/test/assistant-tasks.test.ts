import { ZAssistantDecisionReply, ZDocument, ZRfe } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseFiling, uploadPageText } from '../src/db/schema/index.ts';
import { customerToday } from '../src/modules/customer/customer.clock.ts';
import { addDays } from '../src/modules/rfe/rfe.service.ts';
import { ConsoleAssistantProvider } from '../src/providers/assistant/console.ts';
import { AWARD_PAGES, awardCase, consent, draftDone, replying, ScriptedProvider } from './assistant-fakes.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { expectError, fakeUpload, type Owner, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

/**
 * The other customer tasks through the routes (issue 33 item 5, decision 0086): a recommender's outline checked by
 * the review's "read alike" rule against the case's other letters (warnings in zh/en, nothing written on accept),
 * and an RFE finding explained into the response letter.
 */

let t: TestApp;
let p: ScriptedProvider;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

/** Sentences quoting the award certificate's two pages, each cited (what an outline drawn from it would say). */
const quoting = (ref: string) => ({
  paragraphs: [
    {
      sentences: AWARD_PAGES.map((text, i) => ({
        text,
        cites: [{ ref, pages: [i + 2, i + 2], quote: text.split(' ').slice(2, 10).join(' ') }],
      })),
    },
  ],
});

async function letter(o: Owner, name: string, folder: number, text: string | null) {
  const call = onCase(t, o);
  let up: number | null = null;
  if (text !== null) {
    up = await fakeUpload(t, o, { name: `${name}.pdf` });
    await t.ctx.db.db
      .insert(uploadPageText)
      .values({ uploadId: up, pages: [text, 'Sincerely, the recommender.'], createdAt: t.clock.now() });
  }
  const r = await call('POST', 'letters/', {
    name,
    position: 'Professor',
    needs_translation: false,
    ...(up ? { letter_upload_id: up } : {}),
    evidence_folder_ids: [folder],
    relation: 'independent',
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().letters.letters as { id: number; name: string }[]).find((l) => l.name === name)!.id;
}

describe('outline_letter', () => {
  it('warns when the outline reads like another letter (zh/en) and writes nothing when accepted', async () => {
    p = new ScriptedProvider();
    t.ctx.assistant = p;
    const o = await owner(t);
    const { folder, ref } = await awardCase(t, o);
    const first = await letter(
      o,
      'Prof. Zhang Min',
      folder,
      `${AWARD_PAGES.join(' ')} I have known her work since 2019.`,
    );
    const second = await letter(o, 'Dr. Maria Rossi', folder, null);
    await consent(t, o, p);
    const call = onCase(t, o);

    p.next(replying(quoting(ref)));
    const d = await draftDone(t, o, { target: { task: 'outline_letter', letter_id: second } });
    expect(d.status, JSON.stringify(d)).toBe('ready');
    expect(d.warnings).toHaveLength(1);
    expect(d.warnings[0]).toContain('Prof. Zhang Min');
    expect(d.warnings[0]).toContain('Dr. Maria Rossi');
    const zh = await call('GET', `assistant/drafts/${d.id}/`, undefined, 'zh');
    expect(zh.json().warnings[0]).not.toBe(d.warnings[0]);
    expect(zh.json().warnings[0]).toContain('Prof. Zhang Min');
    // What was sent names the recommender outlined.
    expect(JSON.stringify(p.sent[0]!.messages)).toContain('Dr. Maria Rossi');

    const before = await call('GET', 'documents/petition_letter/');
    const ok = await call('PUT', `assistant/drafts/${d.id}/paragraphs/0/`, { decision: 'accepted' });
    expect(ok.statusCode, ok.body).toBe(200);
    const reply = ZAssistantDecisionReply.parse(ok.json());
    expect(reply.document_version).toBeNull();
    expect(reply.msg).toBe(translate('en', 'assistant:server.accepted_outline'));
    expect((await call('GET', 'documents/petition_letter/')).json()).toEqual(before.json());

    // A different outline that shares nothing: no warning.
    p.next(
      replying({
        paragraphs: [
          {
            sentences: [
              {
                text: 'The committee chose five recipients.',
                cites: [{ ref, pages: [3, 3], quote: 'selected five recipients' }],
              },
            ],
          },
        ],
      }),
    );
    const quiet = await draftDone(t, o, { target: { task: 'outline_letter', letter_id: first } });
    expect(quiet.status).toBe('ready');
    expect(quiet.warnings).toEqual([]);

    // Another case's letter, or one that does not exist.
    const other = await owner(t);
    const foreign = await awardCase(t, other);
    const theirs = await letter(other, 'Someone Else', foreign.folder, null);
    expectError(
      await call('POST', 'assistant/drafts/', { target: { task: 'outline_letter', letter_id: theirs } }),
      404,
      'not_found',
    );
    expect(p.calls).toBe(2);
  });
});

describe('explain_finding', () => {
  it('appends the accepted explanation to the RFE response letter; another case’s finding is 404', async () => {
    p = new ScriptedProvider();
    t.ctx.assistant = p;
    const o = await owner(t);
    const { folder, ref } = await awardCase(t, o);
    await consent(t, o, p);
    const call = onCase(t, o);
    const today = await customerToday(t.ctx, o.user.customerId);
    // The mailing as the filing module records it (an RFE answers a filed case): the folder filed as Exhibit 1.
    const now = t.clock.now();
    await t.ctx.db.db.insert(caseFiling).values({
      caseId: o.caseId,
      mailedOn: addDays(today, -60),
      stage: 'receipted',
      exhibitSnapshot: {
        taken_at: now.toISOString(),
        exhibits: [{ folder_id: folder, number: 1, name_en: 'Exhibit 1' }],
      },
      createdAt: now,
      updatedAt: now,
    });
    let r = await call('POST', 'rfe/', {
      kind: 'rfe',
      receipt_id: null,
      notice_date: addDays(today, -5),
      due_date: null,
      notice_upload_id: null,
    });
    expect(r.statusCode, r.body).toBe(200);
    const rfeId = r.json().id as number;
    r = await call('POST', `rfe/${rfeId}/finding/`, {
      mode: 'quoted',
      text: 'The petitioner has not shown that the award is nationally recognised.',
      criterion: 'awards',
      note: null,
      position: null,
    });
    expect(r.statusCode, r.body).toBe(200);
    const findingId = ZRfe.parse(r.json()).findings[0]!.id;
    r = await call('PUT', `rfe/${rfeId}/finding/${findingId}/exhibits/`, {
      exhibits: [{ folder_id: folder, reprint: false }],
    });
    expect(r.statusCode, r.body).toBe(200);

    p.next(
      replying({
        paragraphs: [
          {
            sentences: [
              {
                text: 'The award is given to five recipients chosen from 412 nominations nationwide.',
                cites: [{ ref, pages: [3, 3], quote: 'five recipients from 412 nominations' }],
              },
            ],
          },
        ],
      }),
    );
    const target = { task: 'explain_finding', rfe_id: rfeId, finding_id: findingId };
    const d = await draftDone(t, o, { target });
    expect(d.status, JSON.stringify(d)).toBe('ready');
    expect(JSON.stringify(p.sent[0]!.messages)).toContain('nationally recognised');
    const v = ZDocument.parse((await call('GET', 'documents/rfe_response/')).json()).version;
    const ok = await call('PUT', `assistant/drafts/${d.id}/paragraphs/0/`, {
      decision: 'accepted',
      document_version: v,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const doc = ZDocument.parse((await call('GET', 'documents/rfe_response/')).json());
    expect(doc.version).toBe(v + 1);
    expect(JSON.stringify(doc.content)).toContain('412 nominations nationwide');
    expect(JSON.stringify(doc.content)).toContain(`"id":"${ref}"`);
    // The petition letter is untouched.
    expect(ZDocument.parse((await call('GET', 'documents/petition_letter/')).json()).version).toBe(0);

    const other = await owner(t);
    await consent(t, other, p);
    expectError(await onCase(t, other)('POST', 'assistant/drafts/', { target }), 404, 'not_found');
    expect(p.calls).toBe(1);
  });
});

describe('the console model (development, e2e)', () => {
  it('drafts a section from the exhibit text that passes the checks, and tightens a paragraph keeping its reference', async () => {
    const dev = new ConsoleAssistantProvider();
    t.ctx.assistant = dev;
    const o = await owner(t);
    const { ref } = await awardCase(t, o);
    await consent(t, o, dev);
    const call = onCase(t, o);
    const d = await draftDone(t, o, { target: { task: 'draft_section', criterion: 'awards' } });
    expect(d.status, JSON.stringify(d)).toBe('ready');
    expect(d.paragraphs[0]!.sentences.some((s) => s.status === 'kept')).toBe(true);
    const ok = await call('PUT', `assistant/drafts/${d.id}/paragraphs/0/`, {
      decision: 'accepted',
      document_version: 0,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const doc = ZDocument.parse((await call('GET', 'documents/petition_letter/')).json());
    expect(JSON.stringify(doc.content)).toContain(`"id":"${ref}"`);

    const tight = await draftDone(t, o, {
      target: { task: 'tighten', document_kind: 'petition_letter', block_index: 0 },
    });
    expect(tight.status, JSON.stringify(tight)).toBe('ready');
    const again = await call('PUT', `assistant/drafts/${tight.id}/paragraphs/0/`, {
      decision: 'accepted',
      document_version: doc.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = ZDocument.parse((await call('GET', 'documents/petition_letter/')).json());
    expect(after.content.content).toHaveLength(1);
    expect(JSON.stringify(after.content)).toContain(`"id":"${ref}"`);
  });
});
