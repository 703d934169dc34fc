import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantConfig } from '../src/config.ts';
import {
  type AssistantErrorKind,
  AssistantProviderError,
  type ChatRequest,
} from '../src/providers/assistant/assistant-provider.ts';
import { OpenAiCompatibleProvider, retryAfterMs } from '../src/providers/assistant/openai.ts';
import { completionEvents, type FakeOpenAi, startFakeOpenAi } from './fake-openai.ts';

/**
 * The OpenAI-compatible adapter (decision 0083) against a fake chat-completions server on loopback
 * (fake-openai.ts): each failure of the acceptance is mapped to its kind, within its time bound (the limits
 * are small; the bounds asserted are generous: the machine is shared).
 */
let fake: FakeOpenAi;
const KEY = 'sk-test-very-secret-key-0083';
const NOW = Date.parse('2026-11-30T03:00:00Z');

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests = [];
  fake.replies = [];
});

const config = (over: Partial<AssistantConfig> = {}): AssistantConfig => ({
  provider: 'openai',
  baseUrl: fake.url,
  apiKey: KEY,
  model: 'deepseek-chat',
  name: 'DeepSeek',
  timeoutMs: 5000,
  idleTimeoutMs: 2000,
  maxTokens: 4000,
  dailyTokens: 60_000,
  dailyRequests: 40,
  dailyBudgetTokens: 3_000_000,
  ...over,
});
const provider = (over: Partial<AssistantConfig> = {}) =>
  new OpenAiCompatibleProvider(config(over), () => NOW);
const ask = (over: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [
    { role: 'system', content: 'Answer in JSON.' },
    { role: 'user', content: 'Draft the awards section.' },
  ],
  maxTokens: 500,
  ...over,
});

/** The error a call fails with, its kind checked, and how long it took; the key never appears in it. */
async function failure(
  p: Promise<unknown>,
  kind: AssistantErrorKind,
): Promise<{ e: AssistantProviderError; ms: number }> {
  const t0 = performance.now();
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  const ms = performance.now() - t0;
  expect(err).toBeInstanceOf(AssistantProviderError);
  const e = err as AssistantProviderError;
  expect(e.kind, e.message).toBe(kind);
  expect(e.message).not.toContain(KEY);
  return { e, ms };
}

const REPLY = '{"paragraphs":[{"sentences":[{"text":"The applicant won the award.","gap":true}]}]}';

describe('OpenAI-compatible adapter', () => {
  it('streams a reply with its usage: the text, each delta, the request as documented', async () => {
    fake.replies = [{ events: completionEvents(REPLY, { usage: { prompt: 120, completion: 30 } }) }];
    const deltas: Array<[string, number]> = [];
    const r = await provider().chat(ask({ onDelta: (c, n) => deltas.push([c, n]) }));
    expect(r).toEqual({
      text: REPLY,
      finishReason: 'stop',
      usage: { promptTokens: 120, completionTokens: 30, totalTokens: 150 },
    });
    expect(deltas.map(([c]) => c).join('')).toBe(REPLY);
    expect(deltas.at(-1)![1]).toBe(REPLY.length);
    expect(deltas.length).toBeGreaterThan(3);
    const sent = fake.requests[0]!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toEqual({
      model: 'deepseek-chat',
      messages: ask().messages,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 500,
    });
  });

  it("finish_reason 'length' is the token cap cutting the reply; no usage chunk gives usage null", async () => {
    fake.replies = [{ events: completionEvents('{"paragraphs":[{"sen', { finish: 'length' }) }];
    const r = await provider().chat(ask());
    expect(r.finishReason).toBe('length');
    expect(r.usage).toBeNull();
  });

  it('a stream cut mid-way, or ended without [DONE] or a finish_reason, is truncated', async () => {
    fake.replies = [{ events: completionEvents(REPLY), cutAfter: 4 }];
    await failure(provider().chat(ask()), 'truncated');
    fake.replies = [{ events: completionEvents(REPLY, { finish: null }), done: false }];
    await failure(provider().chat(ask()), 'truncated');
    // A finish_reason followed by the end of the body is a complete answer (some servers omit [DONE]).
    fake.replies = [{ events: completionEvents(REPLY), done: false }];
    expect((await provider().chat(ask())).text).toBe(REPLY);
  });

  it('429 is rate_limited with Retry-After in seconds or as an HTTP date', async () => {
    fake.replies = [
      { status: 429, headers: { 'retry-after': '7' }, body: { error: { message: 'slow down' } } },
    ];
    const a = await failure(provider().chat(ask()), 'rate_limited');
    expect(a.e.retryAfterMs).toBe(7000);
    expect(a.e.status).toBe(429);
    const at = new Date(NOW + 90_000).toUTCString();
    fake.replies = [{ status: 429, headers: { 'retry-after': at }, body: { error: { message: 'quota' } } }];
    const b = await failure(provider().chat(ask()), 'rate_limited');
    expect(b.e.retryAfterMs).toBe(90_000);
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(retryAfterMs('999999', NOW)).toBe(3_600_000);
  });

  it('500 and 503 are unavailable; so is a refused connection', async () => {
    fake.replies = [{ status: 500, body: 'Internal Server Error' }];
    expect((await failure(provider().chat(ask()), 'unavailable')).e.status).toBe(500);
    fake.replies = [{ status: 503, headers: { 'retry-after': '3' }, body: { error: 'overloaded' } }];
    const b = await failure(provider().chat(ask()), 'unavailable');
    expect([b.e.status, b.e.retryAfterMs]).toEqual([503, 3000]);
    // A port nothing listens on (the fake's, once closed, is reused by nothing in this test).
    const closed = await startFakeOpenAi();
    const url = closed.url;
    await closed.close();
    await failure(provider({ baseUrl: url }).chat(ask()), 'unavailable');
  });

  it('401 and 403 are unauthorised, and a key the server echoes is cut out of the message', async () => {
    fake.replies = [{ status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } }];
    const a = await failure(provider().chat(ask()), 'unauthorised');
    expect(a.e.message).toContain('[key]');
    fake.replies = [{ status: 403, body: { error: { message: 'forbidden' } } }];
    await failure(provider().chat(ask()), 'unauthorised');
  });

  it('a stall past the idle limit is a timeout, long before the deadline', async () => {
    fake.replies = [{ events: completionEvents(REPLY), stallAfter: 3 }];
    const deltas: string[] = [];
    const r = await failure(
      provider({ idleTimeoutMs: 300, timeoutMs: 20_000 }).chat(ask({ onDelta: (c) => deltas.push(c) })),
      'timeout',
    );
    expect(r.e.message).toContain('nothing received for 300 ms');
    expect(deltas.length).toBeGreaterThan(0);
    expect(r.ms).toBeLessThan(5000);
  });

  it('the overall deadline holds against a stream that never stalls and never ends', async () => {
    fake.replies = [{ endless: true, gapMs: 50 }];
    const r = await failure(provider({ idleTimeoutMs: 2000, timeoutMs: 700 }).chat(ask()), 'timeout');
    expect(r.e.message).toContain('no complete answer in 700 ms');
    expect(r.ms).toBeGreaterThanOrEqual(600);
    expect(r.ms).toBeLessThan(5000);
  });

  it("the caller's signal cancels mid-stream, and an aborted signal before the call sends nothing", async () => {
    fake.replies = [{ events: completionEvents(REPLY), gapMs: 100 }];
    const ac = new AbortController();
    const r = await failure(
      provider().chat(ask({ signal: ac.signal, onDelta: () => ac.abort() })),
      'cancelled',
    );
    expect(r.ms).toBeLessThan(3000);
    fake.requests = [];
    const gone = new AbortController();
    gone.abort();
    await failure(provider().chat(ask({ signal: gone.signal })), 'cancelled');
    expect(fake.requests).toHaveLength(0);
  });

  it('malformed chunks: not JSON, not the documented shape, an unreadable body', async () => {
    fake.replies = [{ events: [completionEvents(REPLY)[1]!, '{"choices": [{"delta": {"content": "x"'] }];
    await failure(provider().chat(ask()), 'malformed');
    fake.replies = [{ events: [{ candidates: [{ text: 'a Gemini-shaped answer' }] }] }];
    await failure(provider().chat(ask()), 'malformed');
    fake.replies = [{ events: [{ choices: [{ delta: { content: 42 } }] }] }];
    await failure(provider().chat(ask()), 'malformed');
    fake.replies = [{ status: 200, body: '<html>a proxy page</html>' }];
    await failure(provider().chat(ask()), 'malformed');
    // An error event mid-stream (some providers send one instead of a status) is the provider's failure.
    fake.replies = [{ events: [{ error: { message: 'model overloaded', code: 'overloaded' } }] }];
    await failure(provider().chat(ask()), 'unavailable');
  });

  it('a reply far past the token cap is refused as malformed (a server not honouring max_tokens)', async () => {
    fake.replies = [{ events: completionEvents('x'.repeat(2000), { size: 200 }) }];
    await failure(provider().chat(ask({ maxTokens: 64 })), 'malformed');
  });

  it('a server refusing stream_options is asked again without it, and not again', async () => {
    fake.replies = [
      { status: 400, body: { error: { message: 'Unrecognized request argument supplied: stream_options' } } },
      { events: completionEvents(REPLY) },
    ];
    const p = provider({ apiKey: '' });
    expect((await p.chat(ask())).text).toBe(REPLY);
    expect(fake.requests.map((r) => 'stream_options' in r.body)).toEqual([true, false]);
    // Ollama and vLLM take no key: a placeholder is sent.
    expect(fake.requests[0]!.authorization).toBe('Bearer none');
    await p.chat(ask());
    expect(fake.requests.map((r) => 'stream_options' in r.body)).toEqual([true, false, false]);
    // Any other 400 is the provider's refusal, not retried.
    fake.requests = [];
    fake.replies = [{ status: 400, body: { error: { message: 'max_tokens is too large' } } }];
    await failure(provider().chat(ask()), 'unavailable');
    expect(fake.requests).toHaveLength(1);
  });

  it('a server that ignores `stream` and answers one completion is read as it is', async () => {
    fake.replies = [
      {
        status: 200,
        body: {
          choices: [{ index: 0, message: { role: 'assistant', content: REPLY }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        },
      },
    ];
    const r = await provider().chat(ask());
    expect(r).toEqual({
      text: REPLY,
      finishReason: 'stop',
      usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
    });
  });

  it('names the provider for the consent screen: its name, model and base URL host', () => {
    const p = provider();
    expect([p.name, p.model, p.baseUrlHost]).toEqual(['DeepSeek', 'deepseek-chat', new URL(fake.url).host]);
  });
});
