import { ZAssistantDraft } from '@dossier/contract';
import { expect } from 'vitest';
import { uploadPageText } from '../src/db/schema/index.ts';
import { runOf } from '../src/modules/assistant/assistant-run.ts';
import type {
  AssistantProvider,
  ChatRequest,
  ChatResult,
} from '../src/providers/assistant/assistant-provider.ts';
import type { TestApp } from './build-test-app.ts';
import { evidenceCalls, type Owner, onCase } from './evidence-helpers.ts';

/**
 * A model that answers what the test scripted, counting its calls and keeping what it was sent (the assistant's
 * tests: what reaches a provider, and when nothing does).
 */
export type Script = (req: ChatRequest) => Promise<ChatResult>;

export class ScriptedProvider implements AssistantProvider {
  readonly name = 'Test model';
  readonly model = 'test-1';
  readonly baseUrlHost = '127.0.0.1';
  calls = 0;
  readonly sent: ChatRequest[] = [];
  private readonly queue: Script[] = [];

  /** The next call's answer (several queued: in order). */
  next(script: Script): this {
    this.queue.push(script);
    return this;
  }

  async chat(req: ChatRequest): Promise<ChatResult> {
    this.calls += 1;
    this.sent.push(req);
    const script = this.queue.shift();
    if (!script) throw new Error('ScriptedProvider: no answer scripted');
    return script(req);
  }
}

/** A reply in the format the grounding asks for, streamed in two chunks. */
export const replying =
  (reply: unknown, extra: Partial<ChatResult> = {}): Script =>
  async (req) => {
    const text = typeof reply === 'string' ? reply : JSON.stringify(reply);
    const half = Math.floor(text.length / 2);
    req.onDelta?.(text.slice(0, half), half);
    req.onDelta?.(text.slice(half), text.length);
    return {
      text,
      finishReason: 'stop',
      usage: { promptTokens: 900, completionTokens: 100, totalTokens: 1000 },
      ...extra,
    };
  };

/**
 * Waits until the caller's signal aborts, then answers `reply` anyway (a provider that finishes its reply after a
 * cancel: the run's end must not overwrite the cancelled draft).
 */
export const answeringAfterAbort =
  (reply: unknown): Script =>
  (req) =>
    new Promise((resolve) => {
      const { onDelta: _progress, ...quiet } = req;
      req.signal?.addEventListener('abort', () => resolve(replying(reply)(quiet)));
    });

/** The award certificate of a realistic EB-1A case: an upload of 2 pages with their text. */
export const AWARD_PAGES = [
  'The Chinese Association for Artificial Intelligence hereby awards the 2023 Wu Wenjun Outstanding Youth Award to Dr. Li Wei in recognition of pioneering contributions to federated learning.',
  'The award committee selected five recipients from 412 nominations received from universities and institutes nationwide.',
];

/** An EB-1A case claiming awards, one folder with one two-page file whose text the upload check kept. */
export async function awardCase(t: TestApp, o: Owner) {
  const ev = evidenceCalls(() => t);
  const c = await ev.claim(o, ['awards']);
  expect(c.statusCode, c.body).toBe(200);
  const folder = await ev.folder(o, 'awards', 'Wu Wenjun Award');
  const file = await ev.file(o, folder, 'Award certificate');
  await t.ctx.db.db
    .insert(uploadPageText)
    .values({ uploadId: file.original, pages: AWARD_PAGES, createdAt: t.clock.now() });
  return { folder, file, ref: `folder:${folder}` };
}

/** Starts a draft, waits for its run in this process, answers the draft as read back. */
export async function draftDone(t: TestApp, o: Owner, body: unknown, lang = 'en') {
  const call = onCase(t, o);
  const r = await call('POST', 'assistant/drafts/', body, lang);
  expect(r.statusCode, r.body).toBe(202);
  const id = ZAssistantDraft.parse(r.json()).id;
  await runOf(id);
  const g = await call('GET', `assistant/drafts/${id}/`, undefined, lang);
  expect(g.statusCode, g.body).toBe(200);
  return ZAssistantDraft.parse(g.json());
}

/** Turns the assistant on for the owner's case with the provider's own name and model. */
export async function consent(t: TestApp, o: Owner, p: AssistantProvider) {
  const r = await onCase(t, o)('PUT', 'assistant/consent/', { provider: p.name, model: p.model });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
