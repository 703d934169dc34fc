import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible chat-completions server on loopback (`POST …/chat/completions`), written from
 * the API's documentation independently of the adapter: each request takes the next scripted reply (the last one
 * repeats). A reply is an error status, a JSON body, or an SSE stream of `data:` events sent one by one, optionally
 * ending with `[DONE]`, stalling, or cutting the connection.
 */
export interface FakeOpenAiReply {
  status?: number;
  headers?: Record<string, string>;
  /** A non-streamed body: a string as is, an object as JSON. */
  body?: string | object;
  /** SSE events' data: an object is sent as JSON, a string as is (malformed chunks). */
  events?: Array<string | object>;
  /** Bytes sent as they are, after the events (a broken framing). */
  raw?: string;
  /** Send `data: [DONE]` after the events (default true). */
  done?: boolean;
  /** Pause between events, in ms. */
  gapMs?: number;
  /** After this many events, send nothing more and keep the connection open. */
  stallAfter?: number;
  /** After this many events, destroy the connection (a cut mid-answer). */
  cutAfter?: number;
  /** Keep sending events every gapMs forever (the overall deadline's test). */
  endless?: boolean;
}

export interface FakeOpenAiRequest {
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeOpenAi {
  url: string;
  requests: FakeOpenAiRequest[];
  replies: FakeOpenAiReply[];
  close(): Promise<void>;
}

/** The chunks of a streamed answer of `text` (a few characters each), its finish reason and its usage chunk. */
export function completionEvents(
  text: string,
  opts: { finish?: string | null; usage?: { prompt: number; completion: number } | null; size?: number } = {},
): object[] {
  const size = opts.size ?? 7;
  const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_764_000_000, model: 'm' };
  const out: object[] = [{ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] }];
  for (let i = 0; i < text.length; i += size) {
    out.push({
      ...base,
      choices: [{ index: 0, delta: { content: text.slice(i, i + size) }, finish_reason: null }],
    });
  }
  if (opts.finish !== null) {
    out.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: opts.finish ?? 'stop' }] });
  }
  if (opts.usage) {
    const { prompt, completion } = opts.usage;
    out.push({
      ...base,
      choices: [],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    });
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const sockets = new Set<Socket>();
  const fake: FakeOpenAi = { url: '', requests: [], replies: [], close: async () => {} };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const c of req) raw += c;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      // Recorded empty: the test asserts on what it expected.
    }
    fake.requests.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
    // Each reply is used once, then the next; the last one repeats.
    const reply = (fake.replies.length > 1 ? fake.replies.shift() : fake.replies[0]) ?? { status: 500 };
    if (!req.url?.endsWith('/chat/completions') || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    if (reply.body !== undefined || (reply.status && reply.status !== 200)) {
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(text);
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      ...reply.headers,
    });
    res.flushHeaders();
    let gone = false;
    res.on('close', () => {
      gone = true;
    });
    const events = reply.events ?? [];
    for (let i = 0; reply.endless || i < events.length; i++) {
      if (reply.stallAfter === i) return; // the connection stays open until the client or close() ends it
      if (reply.cutAfter === i) {
        res.socket?.destroy();
        return;
      }
      const e = reply.endless ? { choices: [{ index: 0, delta: { content: '.' } }] } : events[i]!;
      res.write(`data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`);
      if (reply.gapMs) await sleep(reply.gapMs);
      if (gone) return;
    }
    if (reply.raw) res.write(reply.raw);
    if (reply.done !== false) res.write('data: [DONE]\n\n');
    res.end();
  }

  const server: Server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    });
  return fake;
}
