import { z } from 'zod';
import type { AssistantConfig } from '../../config.ts';
import { retryAfter } from '../retry-after.ts';
import {
  type AssistantErrorKind,
  type AssistantProvider,
  AssistantProviderError,
  type ChatRequest,
  type ChatResult,
  type ChatUsage,
} from './assistant-provider.ts';
import { type SseEvent, SseReader } from './sse.ts';

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, DeepSeek, DashScope's compatible mode, Ollama, vLLM;
 * decision 0083), spoken with fetch and our own SSE reader rather than the `openai` client: v7 needs Node 22 (we
 * run 20.19), and neither major tells whether a stream ended on `[DONE]` or was cut, which is `truncated` here.
 *
 * One call: POST {base}/chat/completions with `stream: true`, `stream_options.include_usage` (dropped for the
 * life of the provider when a server refuses it with a 400 naming it) and `max_tokens` = the request's cap. One
 * deadline for the whole call (timeoutMs) and, once the answer's headers are in, a stall limit between chunks
 * (idleTimeoutMs). The API key goes in the Authorization header only and is cut out of any quoted error text.
 */

/** Longest Retry-After taken as given (an hour: the caller shows it); a later one is capped. */
const RETRY_AFTER_MAX_MS = 3_600_000;
/** How much of an error body is quoted in a message. */
const QUOTE = 200;
/** A reply longer than this many characters per token of the cap is not a model honouring max_tokens. */
const CHARS_PER_TOKEN_MAX = 16;

const ZUsage = z.object({
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
});
const ZChoice = z.object({
  delta: z.object({ content: z.string().nullish() }).passthrough().nullish(),
  message: z.object({ content: z.string().nullish() }).passthrough().nullish(),
  finish_reason: z.string().nullish(),
});
const ZChunk = z.object({ choices: z.array(ZChoice), usage: ZUsage.nullish() }).passthrough();
const ZStreamError = z.object({ error: z.unknown() });

/** Retry-After in ms (providers/retry-after.ts), capped at RETRY_AFTER_MAX_MS. */
export const retryAfterMs = (header: string | null, now = Date.now()): number | null =>
  retryAfter(header, RETRY_AFTER_MAX_MS, now);

const finishOf = (reason: string): ChatResult['finishReason'] =>
  reason === 'stop' ? 'stop' : reason === 'length' ? 'length' : 'other';

const usageOf = (u: z.infer<typeof ZUsage>): ChatUsage => ({
  promptTokens: u.prompt_tokens,
  completionTokens: u.completion_tokens,
  totalTokens: u.total_tokens,
});

/** Why the call's own signal fired: which of our limits, or the caller. */
type Stop = 'deadline' | 'stall' | 'caller';

export class OpenAiCompatibleProvider implements AssistantProvider {
  readonly name: string;
  readonly model: string;
  readonly baseUrlHost: string;
  private readonly endpoint: string;
  /** Cleared when the server refuses `stream_options` (older vLLM and Ollama builds). */
  private usageOption = true;

  constructor(
    private readonly config: AssistantConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.name = config.name;
    this.model = config.model;
    const base = new URL(config.baseUrl);
    this.baseUrlHost = base.host;
    this.endpoint = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const stop: { why: Stop | null } = { why: null };
    const control = new AbortController();
    const halt = (why: Stop) => {
      stop.why ??= why;
      control.abort();
    };
    const deadline = setTimeout(() => halt('deadline'), this.config.timeoutMs);
    const onCaller = () => halt('caller');
    if (request.signal?.aborted) onCaller();
    request.signal?.addEventListener('abort', onCaller, { once: true });
    try {
      let res = await this.post(request, control.signal);
      if (res.status === 400 && this.usageOption) {
        const text = await res.text().catch(() => '');
        if (!text.includes('stream_options')) throw this.failure(res, text);
        this.usageOption = false;
        res = await this.post(request, control.signal);
      }
      if (!res.ok) throw this.failure(res, await res.text().catch(() => ''));
      if ((res.headers.get('content-type') ?? '').includes('application/json')) {
        // A server that ignores `stream` answers one completion: taken as it is.
        return this.whole(await res.text(), request);
      }
      return await this.stream(res, request, control.signal, () => halt('stall'));
    } catch (err) {
      throw this.classify(err, stop.why);
    } finally {
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onCaller);
    }
  }

  private post(request: ChatRequest, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream, application/json',
      // Ollama and vLLM take no key: a placeholder keeps proxies that require the header content.
      authorization: `Bearer ${this.config.apiKey || 'none'}`,
    };
    return fetch(this.endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: this.model,
        messages: request.messages,
        stream: true,
        ...(this.usageOption ? { stream_options: { include_usage: true } } : {}),
        max_tokens: request.maxTokens,
      }),
      signal,
    });
  }

  /** Reads the SSE stream to `[DONE]` (or a finish_reason and the end), with the stall limit between chunks. */
  private async stream(
    res: Response,
    request: ChatRequest,
    signal: AbortSignal,
    stalled: () => void,
  ): Promise<ChatResult> {
    if (!res.body)
      throw new AssistantProviderError('malformed', 'an answer without a body', null, res.status);
    let idle = setTimeout(stalled, this.config.idleTimeoutMs);
    const reader = res.body.getReader();
    const sse = new SseReader();
    const limit = request.maxTokens * CHARS_PER_TOKEN_MAX;
    let text = '';
    let finish: string | null = null;
    let usage: ChatUsage | null = null;
    let done = false;
    const take = (event: SseEvent) => {
      if (event.data === '[DONE]') {
        done = true;
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        throw new AssistantProviderError('malformed', 'a chunk that is not JSON', null, res.status);
      }
      const chunk = ZChunk.safeParse(json);
      if (!chunk.success) {
        const said = ZStreamError.safeParse(json);
        if (said.success) {
          throw new AssistantProviderError('unavailable', this.quote(JSON.stringify(said.data.error)));
        }
        throw new AssistantProviderError(
          'malformed',
          'a chunk not of the documented shape',
          null,
          res.status,
        );
      }
      if (chunk.data.usage) usage = usageOf(chunk.data.usage);
      const choice = chunk.data.choices[0];
      if (!choice) return;
      const piece = choice.delta?.content ?? '';
      if (piece) {
        text += piece;
        if (text.length > limit) {
          throw new AssistantProviderError(
            'malformed',
            `more than ${limit} characters for ${request.maxTokens} tokens`,
          );
        }
        request.onDelta?.(piece, text.length);
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    };
    try {
      while (!done) {
        if (signal.aborted) throw signal.reason;
        let read: Awaited<ReturnType<typeof reader.read>>;
        try {
          read = await reader.read();
        } catch (err) {
          // Our own limits are told apart by the caller (classify); anything else cut the body mid-way.
          if (signal.aborted) throw err;
          throw new AssistantProviderError(
            'truncated',
            `the connection closed after ${text.length} characters`,
          );
        }
        const { value, done: ended } = read;
        clearTimeout(idle);
        if (ended) break;
        idle = setTimeout(stalled, this.config.idleTimeoutMs);
        for (const event of sse.push(value)) {
          take(event);
          if (done) break;
        }
      }
      if (!done) for (const event of sse.end()) take(event);
    } finally {
      clearTimeout(idle);
      // After [DONE] (or a failure) the rest of the body is not wanted: the connection is released.
      reader.cancel().catch(() => undefined);
    }
    if (!done && finish === null) {
      throw new AssistantProviderError('truncated', `the stream ended after ${text.length} characters`);
    }
    return { text, finishReason: finishOf(finish ?? 'stop'), usage };
  }

  /** A non-streamed completion (`choices[0].message.content`). */
  private whole(body: string, request: ChatRequest): ChatResult {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new AssistantProviderError('malformed', 'the answer is not JSON');
    }
    const parsed = ZChunk.safeParse(json);
    const choice = parsed.success ? parsed.data.choices[0] : undefined;
    const text = choice?.message?.content;
    if (!parsed.success || typeof text !== 'string') {
      throw new AssistantProviderError('malformed', 'not a chat completion');
    }
    request.onDelta?.(text, text.length);
    return {
      text,
      finishReason: finishOf(choice?.finish_reason ?? 'stop'),
      usage: parsed.data.usage ? usageOf(parsed.data.usage) : null,
    };
  }

  /** An error status as its kind; the provider's own words quoted short, never the key. */
  private failure(res: Response, body: string): AssistantProviderError {
    const message = `HTTP ${res.status} ${this.quote(body)}`.trim();
    const retry = retryAfterMs(res.headers.get('retry-after'), this.now());
    const kind: AssistantErrorKind =
      res.status === 401 || res.status === 403
        ? 'unauthorised'
        : res.status === 429
          ? 'rate_limited'
          : // Other 4xx (a model name the server does not know, a refused request) are the configuration's
            // problem, not the reply's: the caller reports a provider error either way.
            'unavailable';
    return new AssistantProviderError(kind, message, kind === 'unauthorised' ? null : retry, res.status);
  }

  private quote(text: string): string {
    const key = this.config.apiKey;
    const safe = key ? text.split(key).join('[key]') : text;
    return safe.replace(/\s+/g, ' ').slice(0, QUOTE);
  }

  /** Any thrown value as an AssistantProviderError: which limit stopped the call decides the kind. */
  private classify(err: unknown, why: Stop | null): AssistantProviderError {
    if (why === 'caller') return new AssistantProviderError('cancelled', 'cancelled by the caller');
    if (why === 'deadline') {
      return new AssistantProviderError('timeout', `no complete answer in ${this.config.timeoutMs} ms`);
    }
    if (why === 'stall') {
      return new AssistantProviderError('timeout', `nothing received for ${this.config.idleTimeoutMs} ms`);
    }
    if (err instanceof AssistantProviderError) return err;
    // Before the answer's headers: refused, reset, unknown host. (A body cut later is `truncated`, in stream.)
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : null;
    const text = `${err instanceof Error ? err.message : String(err)}${cause ? `: ${cause.message}` : ''}`;
    return new AssistantProviderError('unavailable', `connection failed: ${this.quote(text)}`);
  }
}
