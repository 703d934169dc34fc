import { AssistantProviderError } from './assistant-provider.ts';

/** One server-sent event: its `event` field (default `message`) and its data lines joined by "\n". */
export interface SseEvent {
  event: string;
  data: string;
}

/** Longest line held while waiting for its end: a server sending no line breaks is not an SSE stream. */
const LINE_MAX = 1_000_000;

/**
 * Server-sent events from a byte stream (WHATWG HTML §9.2.6, the parts chat completions use): lines end in CRLF,
 * LF or CR; `data:` lines accumulate; a blank line dispatches; `:` lines are comments (keep-alives); `id` and
 * `retry` are ignored (we never reconnect). Bytes are decoded as UTF-8 across chunk boundaries.
 */
export class SseReader {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private data: string[] = [];
  private event = '';
  /** A CR ended the last chunk: an LF starting the next one belongs to it. */
  private pendingCr = false;

  push(bytes: Uint8Array): SseEvent[] {
    return this.lines(this.decoder.decode(bytes, { stream: true }));
  }

  /** The end of the stream: a last event not followed by a blank line is dispatched (lenient, as browsers are). */
  end(): SseEvent[] {
    const out = this.lines(this.decoder.decode());
    if (this.buffer) out.push(...this.line(this.buffer));
    this.buffer = '';
    if (this.data.length) out.push(this.dispatch());
    return out;
  }

  private lines(text: string): SseEvent[] {
    let s = text;
    if (this.pendingCr && s.startsWith('\n')) s = s.slice(1);
    this.pendingCr = false;
    const out: SseEvent[] = [];
    let from = 0;
    const all = this.buffer + s;
    this.buffer = '';
    for (let i = 0; i < all.length; i++) {
      const c = all.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      out.push(...this.line(all.slice(from, i)));
      if (c === 13) {
        if (i + 1 < all.length && all.charCodeAt(i + 1) === 10) i++;
        else if (i + 1 === all.length) this.pendingCr = true;
      }
      from = i + 1;
    }
    this.buffer = all.slice(from);
    if (this.buffer.length > LINE_MAX) {
      throw new AssistantProviderError('malformed', `a line longer than ${LINE_MAX} characters`);
    }
    return out;
  }

  private line(line: string): SseEvent[] {
    if (line === '') return this.data.length ? [this.dispatch()] : [];
    if (line.startsWith(':')) return [];
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    return [];
  }

  private dispatch(): SseEvent {
    const e = { event: this.event || 'message', data: this.data.join('\n') };
    this.data = [];
    this.event = '';
    return e;
  }
}
