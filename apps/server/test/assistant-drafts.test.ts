import { ZAssistantDecisionReply, ZAssistantState, ZDocument } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOf } from '../src/modules/assistant/assistant-run.ts';
import { AssistantProviderError } from '../src/providers/assistant/assistant-provider.ts';
import {
  AWARD_PAGES,
  answeringAfterAbort,
  awardCase,
  consent,
  draftDone,
  replying,
  ScriptedProvider,
} from './assistant-fakes.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { expectError, onCase, owner } from './evidence-helpers.ts';
import { accountsTestConfig } from './factories.ts';

/**
 * The assistant's drafts through the routes (issue 33 items 3–5, decision 0086): consent before anything is sent,
 * checked sentences stored, a paragraph written only when accepted, stale versions and paragraphs refused, cancel,
 * failures named in zh/en, the quota, and another customer's 404s.
 */

let t: TestApp;
let p: ScriptedProvider;
beforeAll(async () => {
  t = await buildTestApp({ config: accountsTestConfig });
});
afterAll(() => t.close());

const fresh = () => {
  p = new ScriptedProvider();
  t.ctx.assistant = p;
  return p;
};

/** Two paragraphs: kept, unsupported (removed) and kept; an invented exhibit (removed) and kept. */
const goodReply = (ref: string) => ({
  paragraphs: [
    {
      sentences: [
        {
          text: 'Dr. Li Wei received the 2023 Wu Wenjun Outstanding Youth Award from the Chinese Association for Artificial Intelligence.',
          cites: [
            { ref, pages: [2, 2], quote: 'awards the 2023 Wu Wenjun Outstanding Youth Award to Dr. Li Wei' },
          ],
        },
        {
          text: 'It is the most prestigious prize in the world.',
          cites: [{ ref, pages: [2, 2], quote: 'the most prestigious prize in the world' }],
        },
        {
          text: 'Only five recipients were selected from 412 nominations.',
          cites: [{ ref, pages: [3, 3], quote: 'selected five recipients from 412 nominations' }],
        },
      ],
    },
    {
      sentences: [
        {
          text: 'He also won the Turing Award.',
          cites: [{ ref: 'folder:99999999', pages: [1, 1], quote: 'Turing Award' }],
        },
        {
          text: 'The committee received nominations from universities and institutes nationwide.',
          cites: [{ ref, pages: [3, 3], quote: 'universities and institutes nationwide' }],
        },
      ],
    },
  ],
});

const section = { target: { task: 'draft_section', criterion: 'awards' } };

describe('assistant off', () => {
  it('answers enabled=false and refuses consent and drafts with 409 assistant_off (zh/en)', async () => {
    t.ctx.assistant = null;
    const o = await owner(t);
    const call = onCase(t, o);
    const s = ZAssistantState.parse((await call('GET', 'assistant/')).json());
    expect(s.enabled).toBe(false);
    expect(s.provider).toBeNull();
    expect(s.consent).toBeNull();
    for (const lang of ['en', 'zh'] as const) {
      expectError(
        await call('PUT', 'assistant/consent/', { provider: 'x', model: 'y' }, lang),
        409,
        'assistant_off',
        lang,
      );
      expectError(await call('POST', 'assistant/drafts/', section, lang), 409, 'assistant_off', lang);
    }
  });
});

describe('consent', () => {
  it('sends nothing before consent, after a changed model, or after a withdrawal', async () => {
    const provider = fresh();
    const o = await owner(t);
    const { ref } = await awardCase(t, o);
    const call = onCase(t, o);
    expectError(await call('POST', 'assistant/drafts/', section), 409, 'assistant_consent_required');
    expectError(
      await call('PUT', 'assistant/consent/', { provider: provider.name, model: 'another-model' }),
      409,
      'assistant_consent_changed',
    );
    expect(provider.calls).toBe(0);
    const state = ZAssistantState.parse(await consent(t, o, provider));
    expect(state.enabled).toBe(true);
    expect(state.provider).toEqual({ name: 'Test model', model: 'test-1', base_url_host: '127.0.0.1' });
    expect(state.consent?.model).toBe('test-1');
    provider.next(replying(goodReply(ref)));
    expect((await draftDone(t, o, section)).status).toBe('ready');
    expect(provider.calls).toBe(1);
    // What was sent is this case's exhibit text.
    expect(JSON.stringify(provider.sent[0]!.messages)).toContain('412 nominations');

    const w = await call('DELETE', 'assistant/consent/');
    expect(w.statusCode, w.body).toBe(200);
    expect(ZAssistantState.parse(w.json()).consent).toBeNull();
    // Drafts are kept; nothing more is sent.
    expect(ZAssistantState.parse(w.json()).drafts).toHaveLength(1);
    expectError(
      await call('POST', 'assistant/drafts/', section, 'zh'),
      409,
      'assistant_consent_required',
      'zh',
    );
    expect(provider.calls).toBe(1);

    // A consent given to another model is not in force for this one.
    await consent(t, o, provider);
    const other = new ScriptedProvider();
    Object.assign(other, { model: 'test-2' });
    t.ctx.assistant = other;
    expect(ZAssistantState.parse((await call('GET', 'assistant/')).json()).consent).toBeNull();
    expectError(await call('POST', 'assistant/drafts/', section), 409, 'assistant_consent_required');
    expect(other.calls).toBe(0);
  });
});

describe('a draft and its decisions', () => {
  it('stores kept and removed sentences; accept writes into the letter with reference atoms, reject writes nothing', async () => {
    const provider = fresh();
    const o = await owner(t);
    const { ref } = await awardCase(t, o);
    const call = onCase(t, o);
    await consent(t, o, provider);
    // A letter with the criterion's heading and the next one: the paragraph goes at the end of the awards section.
    const heading = (text: string) => ({
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text }],
    });
    const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    const saved = await call('PUT', 'documents/petition_letter/', {
      version: 0,
      content: {
        type: 'doc',
        content: [
          heading('Awards (8 CFR 204.5(h)(3)(i))'),
          para('The petitioner has received nationally recognised prizes.'),
          heading('Judging (8 CFR 204.5(h)(3)(iv))'),
          para('The petitioner reviews for journals.'),
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    provider.next(replying(goodReply(ref)));
    const d = await draftDone(t, o, section);
    expect(d.status).toBe('ready');
    expect(d.paragraphs).toHaveLength(2);
    expect(d.paragraphs[0]!.sentences.map((s) => s.status)).toEqual(['kept', 'removed', 'kept']);
    expect(d.paragraphs[1]!.sentences.map((s) => s.status)).toEqual(['removed', 'kept']);
    expect(d.removed_sentences).toBe(2);
    expect(d.failed_citations).toBeGreaterThanOrEqual(2);
    expect(d.tokens).toBe(1000);
    expect(d.paragraphs.every((x) => x.decision === 'pending')).toBe(true);

    const before = ZDocument.parse((await call('GET', 'documents/petition_letter/')).json());
    // Reject: nothing written.
    const rj = await call('PUT', `assistant/drafts/${d.id}/paragraphs/1/`, { decision: 'rejected' });
    expect(rj.statusCode, rj.body).toBe(200);
    expect(ZAssistantDecisionReply.parse(rj.json()).document_version).toBeNull();
    expect(ZDocument.parse((await call('GET', 'documents/petition_letter/')).json()).version).toBe(
      before.version,
    );

    // Accept with a stale version: the editor's 409, nothing decided.
    expectError(
      await call('PUT', `assistant/drafts/${d.id}/paragraphs/0/`, {
        decision: 'accepted',
        document_version: 0,
      }),
      409,
      'version_conflict',
    );
    const ok = await call('PUT', `assistant/drafts/${d.id}/paragraphs/0/`, {
      decision: 'accepted',
      document_version: before.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const reply = ZAssistantDecisionReply.parse(ok.json());
    expect(reply.document_version).toBe(before.version + 1);
    expect(reply.msg).toBe(
      translate('en', 'assistant:server.accepted_section', { heading: 'Awards (8 CFR 204.5(h)(3)(i))' }),
    );
    expect(reply.draft.paragraphs.map((x) => x.decision)).toEqual(['accepted', 'rejected']);

    const after = ZDocument.parse((await call('GET', 'documents/petition_letter/')).json());
    expect(after.version).toBe(before.version + 1);
    const blocks = after.content.content;
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'paragraph', 'heading', 'paragraph']);
    const written = JSON.stringify(blocks[2]);
    expect(written).toContain('Wu Wenjun Outstanding Youth Award');
    expect(written).toContain('412 nominations');
    expect(written).not.toContain('most prestigious');
    const refs = (
      blocks[2] as { content: { type: string; attrs?: Record<string, unknown> }[] }
    ).content.filter((n) => n.type === 'reference');
    expect(refs.map((r) => [r.attrs!.kind, r.attrs!.id, r.attrs!.pages])).toEqual([
      ['exhibit', ref, { from: 2, to: 2 }],
      ['exhibit', ref, { from: 3, to: 3 }],
    ]);
    // Each pin records the exhibit's stamped page count (tab page + the file's pages), as the editor's pins do, so
    // the review flags it when a re-upload changes the count.
    const counts = refs.map((r) => r.attrs!.pinned_pages);
    expect(counts[0]).toBeGreaterThanOrEqual(3);
    expect(counts[1]).toBe(counts[0]);
    // The numbering resolves the written reference like any other.
    expect(after.numbering[ref]).toBeDefined();

    // An accepted paragraph is final.
    expectError(
      await call('PUT', `assistant/drafts/${d.id}/paragraphs/0/`, { decision: 'rejected' }),
      409,
      'assistant_paragraph_decided',
    );
    // A paragraph that does not exist.
    expectError(
      await call('PUT', `assistant/drafts/${d.id}/paragraphs/5/`, { decision: 'rejected' }),
      404,
      'not_found',
    );
  });

  it('refuses a rewritten paragraph whose original changed since (assistant_paragraph_stale)', async () => {
    const provider = fresh();
    const o = await owner(t);
    const { ref } = await awardCase(t, o);
    const call = onCase(t, o);
    await consent(t, o, provider);
    const original =
      'The petitioner received the 2023 Wu Wenjun Outstanding Youth Award, selected from 412 nominations.';
    const doc = (text: string) => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text },
            { type: 'reference', attrs: { kind: 'exhibit', id: ref, pages: { from: 2, to: 2 } } },
          ],
        },
      ],
    });
    expect(
      (await call('PUT', 'documents/petition_letter/', { version: 0, content: doc(original) })).statusCode,
    ).toBe(200);
    provider.next(
      replying({
        paragraphs: [
          {
            sentences: [
              {
                text: 'The petitioner received the 2023 Wu Wenjun Outstanding Youth Award, selected from 412 nominations.',
                cites: [{ ref, pages: [2, 2], quote: 'Wu Wenjun Outstanding Youth Award' }],
              },
            ],
          },
        ],
      }),
    );
    const d = await draftDone(t, o, {
      target: { task: 'tighten', document_kind: 'petition_letter', block_index: 0 },
    });
    expect(d.status, JSON.stringify(d)).toBe('ready');
    expect(d.paragraphs[0]!.replaces).toBe(original);
    // The customer edits the paragraph meanwhile.
    const v = ZDocument.parse((await call('GET', 'documents/petition_letter/')).json()).version;
    const edited = await call('PUT', 'documents/petition_letter/', {
      version: v,
      content: doc(`${original} Edited.`),
    });
    expect(edited.statusCode).toBe(200);
    for (const lang of ['en', 'zh'] as const) {
      expectError(
        await call(
          'PUT',
          `assistant/drafts/${d.id}/paragraphs/0/`,
          { decision: 'accepted', document_version: v + 1 },
          lang,
        ),
        409,
        'assistant_paragraph_stale',
        lang,
      );
    }
    expect(ZDocument.parse((await call('GET', 'documents/petition_letter/')).json()).version).toBe(v + 1);
    // A block that does not exist, or is not a paragraph with text.
    expectError(
      await call('POST', 'assistant/drafts/', {
        target: { task: 'tighten', document_kind: 'petition_letter', block_index: 7 },
      }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', 'assistant/drafts/', { target: { task: 'draft_section', criterion: 'degree' } }),
      400,
      'assistant_target_invalid',
    );
  });
});

describe('a paragraph of gaps only', () => {
  it('is refused on accept (assistant_paragraph_empty, zh/en): nothing to write, the letter unchanged', async () => {
    const provider = fresh();
    const o = await owner(t);
    await awardCase(t, o);
    const call = onCase(t, o);
    await consent(t, o, provider);
    provider.next(
      replying({
        paragraphs: [{ sentences: [{ text: 'No exhibit yet shows a national award.', gap: true }] }],
      }),
    );
    const d = await draftDone(t, o, { target: { task: 'draft_section', criterion: 'awards' } });
    expect(d.status, JSON.stringify(d)).toBe('ready');
    expect(d.paragraphs[0]!.sentences.map((x) => x.status)).toEqual(['gap']);
    const before = ZDocument.parse((await call('GET', 'documents/petition_letter/')).json());
    for (const lang of ['en', 'zh'] as const) {
      expectError(
        await call(
          'PUT',
          `assistant/drafts/${d.id}/paragraphs/0/`,
          { decision: 'accepted', document_version: before.version },
          lang,
        ),
        409,
        'assistant_paragraph_empty',
        lang,
      );
    }
    const after = ZDocument.parse((await call('GET', 'documents/petition_letter/')).json());
    expect(after.version).toBe(before.version);
    expect(after.content).toEqual(before.content);
  });
});

describe('runs', () => {
  it('cancels a running draft; one running draft per case; the cancelled draft stays cancelled', async () => {
    const provider = fresh();
    const o = await owner(t);
    const { ref } = await awardCase(t, o);
    const call = onCase(t, o);
    await consent(t, o, provider);
    provider.next(answeringAfterAbort(goodReply(ref)));
    const r = await call('POST', 'assistant/drafts/', section);
    expect(r.statusCode, r.body).toBe(202);
    const id = r.json().id as number;
    expect(r.json().status).toBe('running');
    expectError(await call('POST', 'assistant/drafts/', section), 409, 'assistant_draft_running');
    const c = await call('POST', `assistant/drafts/${id}/cancel/`);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().status).toBe('cancelled');
    await runOf(id);
    const g = await call('GET', `assistant/drafts/${id}/`);
    expect(g.json().status).toBe('cancelled');
    expect(g.json().paragraphs).toEqual([]);
    expectError(
      await call('PUT', `assistant/drafts/${id}/paragraphs/0/`, { decision: 'rejected' }),
      409,
      'assistant_draft_not_ready',
    );
    expect(provider.calls).toBe(1);
  });

  it('names each failure in the reader language and stores nothing of the reply', async () => {
    const provider = fresh();
    const o = await owner(t);
    const { ref } = await awardCase(t, o);
    await consent(t, o, provider);
    const cases: [ScriptedProvider['next'] extends (s: infer S) => unknown ? S : never, string][] = [
      [
        async () => {
          throw new AssistantProviderError('rate_limited', '429', 30_000, 429);
        },
        'rate_limited',
      ],
      [
        async () => {
          throw new AssistantProviderError('timeout', 'stalled');
        },
        'timeout',
      ],
      [
        async () => {
          throw new AssistantProviderError('unavailable', '503', null, 503);
        },
        'provider_error',
      ],
      [
        async () => {
          throw new AssistantProviderError('truncated', 'no [DONE]');
        },
        'truncated',
      ],
      [replying(goodReply(ref), { finishReason: 'length' }), 'token_cap'],
      [replying('I am sorry, I cannot answer in JSON. <script>alert(1)</script>'), 'unreadable'],
      [
        replying({
          paragraphs: [
            { sentences: [{ text: 'Invented.', cites: [{ ref: 'folder:1', pages: [1, 1], quote: 'x' }] }] },
          ],
        }),
        'nothing_supported',
      ],
    ];
    for (const [script, failure] of cases) {
      provider.next(script);
      const d = await draftDone(t, o, section, 'zh');
      expect(d.status, failure).toBe('failed');
      expect(d.failure).toBe(failure);
      expect(d.failure_msg).toBe(translate('zh', `assistant:server.failure.${failure}`));
      expect(d.paragraphs).toEqual([]);
      const en = await onCase(t, o)('GET', `assistant/drafts/${d.id}/`);
      expect(en.json().failure_msg).toBe(translate('en', `assistant:server.failure.${failure}`));
    }
    expect(AWARD_PAGES).toHaveLength(2);
  });

  it('refuses a customer past the daily quota with a localised 429 and sends nothing', async () => {
    const provider = fresh();
    const o = await owner(t);
    const { ref } = await awardCase(t, o);
    await consent(t, o, provider);
    const saved = t.ctx.config.assistant;
    t.ctx.config.assistant = { ...saved, dailyRequests: 1 };
    try {
      provider.next(replying(goodReply(ref)));
      expect((await draftDone(t, o, section)).status).toBe('ready');
      for (const lang of ['en', 'zh'] as const) {
        const r = await onCase(t, o)('POST', 'assistant/drafts/', section, lang);
        expect(r.statusCode, r.body).toBe(429);
        expect(r.json().code).toBe('assistant_quota_exceeded');
        expect(r.json().msg).not.toMatch(/\{\{/);
        expect(r.json().msg).toBe(
          translate(lang, 'errors:assistant_quota_exceeded', {
            used_tokens: 1000,
            limit_tokens: saved.dailyTokens,
            used_requests: 1,
            limit_requests: 1,
          }),
        );
      }
      expect(provider.calls).toBe(1);
      const q = ZAssistantState.parse((await onCase(t, o)('GET', 'assistant/')).json()).quota;
      expect(q).toEqual({
        used_tokens: 1000,
        limit_tokens: saved.dailyTokens,
        used_requests: 1,
        limit_requests: 1,
      });
    } finally {
      t.ctx.config.assistant = saved;
    }
  });
});

describe('another customer', () => {
  it("gets 404 on A's state, consent, drafts, decisions and cancel; A's data unchanged", async () => {
    const provider = fresh();
    const a = await owner(t);
    const { ref } = await awardCase(t, a);
    await consent(t, a, provider);
    provider.next(replying(goodReply(ref)));
    const d = await draftDone(t, a, section);
    const b = await owner(t);
    // B's own case, A's ids; and A's case with B's token.
    const onB = onCase(t, b);
    const asBOnA = onCase(t, { ...a, user: b.user });
    for (const [m, path, body] of [
      ['GET', 'assistant/', undefined],
      ['PUT', 'assistant/consent/', { provider: provider.name, model: provider.model }],
      ['DELETE', 'assistant/consent/', undefined],
      ['POST', 'assistant/drafts/', section],
      ['GET', `assistant/drafts/${d.id}/`, undefined],
      ['POST', `assistant/drafts/${d.id}/cancel/`, undefined],
      ['PUT', `assistant/drafts/${d.id}/paragraphs/0/`, { decision: 'rejected' }],
    ] as const) {
      for (const lang of ['en', 'zh'] as const)
        expectError(await asBOnA(m, path, body, lang), 404, 'not_found', lang);
    }
    for (const [m, path, body] of [
      ['GET', `assistant/drafts/${d.id}/`, undefined],
      ['POST', `assistant/drafts/${d.id}/cancel/`, undefined],
      ['PUT', `assistant/drafts/${d.id}/paragraphs/0/`, { decision: 'rejected' }],
    ] as const) {
      expectError(await onB(m, path, body), 404, 'not_found');
    }
    const again = await onCase(t, a)('GET', `assistant/drafts/${d.id}/`);
    expect(again.json()).toEqual(JSON.parse(JSON.stringify(d)));
    expect(ZAssistantState.parse((await onCase(t, a)('GET', 'assistant/')).json()).consent).not.toBeNull();
    expect(provider.calls).toBe(1);
  });
});
