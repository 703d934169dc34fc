/**
 * The writing assistant's model (issue 33 item 2, decision 0083): any OpenAI-compatible chat-completions endpoint
 * (OpenAI, DeepSeek, Qwen through DashScope's compatible mode, a local Ollama or vLLM), streamed and cancellable,
 * with a per-request token cap and one deadline per call plus a stall limit between chunks. `ASSISTANT_PROVIDER=off`
 * (the default): no provider, the assistant says it is off. `console`: a development model in the process that
 * answers from the request's own exhibits (refused in production like every dev provider).
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** The reply's token cap (ASSISTANT_MAX_TOKENS unless lower). */
  maxTokens: number;
  /** Aborts the call (the customer's Cancel): the promise rejects with kind `cancelled`. */
  signal?: AbortSignal;
  /** Each streamed chunk, with the characters received so far. */
  onDelta?: (chunk: string, receivedChars: number) => void;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatResult {
  text: string;
  /** `length`: the token cap cut the reply (the caller treats it as truncated). */
  finishReason: 'stop' | 'length' | 'other';
  /** As the provider reported it; null when it did not (the caller estimates from characters). */
  usage: ChatUsage | null;
}

/**
 * Why a call failed: `timeout` (no answer by the deadline, or a stall between chunks past the idle limit),
 * `rate_limited` (429; `retryAfterMs` from Retry-After), `unavailable` (5xx, connection refused), `unauthorised`
 * (401/403), `truncated` (the stream ended without its end marker), `malformed` (not the documented shape),
 * `cancelled` (the caller's signal).
 */
export type AssistantErrorKind =
  | 'timeout'
  | 'rate_limited'
  | 'unavailable'
  | 'unauthorised'
  | 'truncated'
  | 'malformed'
  | 'cancelled';

export class AssistantProviderError extends Error {
  constructor(
    readonly kind: AssistantErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
    readonly status: number | null = null,
  ) {
    super(`assistant: ${kind}: ${message}`);
  }
}

export interface AssistantProvider {
  /** What the consent screen names: ASSISTANT_NAME (e.g. "DeepSeek"), the model, the base URL's host. */
  readonly name: string;
  readonly model: string;
  readonly baseUrlHost: string;
  /** One streamed chat completion. Throws AssistantProviderError; never waits past the configured deadline. */
  chat(request: ChatRequest): Promise<ChatResult>;
}
