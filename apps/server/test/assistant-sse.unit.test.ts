import { describe, expect, it } from 'vitest';
import { AssistantProviderError } from '../src/providers/assistant/assistant-provider.ts';
import { SseReader } from '../src/providers/assistant/sse.ts';

/** The SSE reader under the OpenAI-compatible adapter (decision 0083): framing as servers really send it. */
const bytes = (s: string) => new TextEncoder().encode(s);

function readAll(pieces: Array<string | Uint8Array>): Array<{ event: string; data: string }> {
  const r = new SseReader();
  const out = pieces.flatMap((p) => r.push(typeof p === 'string' ? bytes(p) : p));
  return [...out, ...r.end()];
}

describe('SSE reader', () => {
  it('reads LF, CRLF and CR line ends, joins data lines, skips comments, keeps the event name', () => {
    expect(
      readAll([': keep-alive\n\ndata: {"a":1}\n\r\ndata: x\r\ndata: y\r\n\r\nevent: error\rdata:z\r\r']),
    ).toEqual([
      { event: 'message', data: '{"a":1}' },
      { event: 'message', data: 'x\ny' },
      { event: 'error', data: 'z' },
    ]);
  });

  it('holds a line, a CRLF pair and a UTF-8 character split across chunks', () => {
    const text = bytes('data: 审稿邀请\r\n\r\ndata: [DONE]\n\n');
    // Cut inside the first Chinese character's three bytes, and between the CR and the LF.
    const crAt = text.indexOf(13);
    const pieces = [
      text.slice(0, 7),
      text.slice(7, crAt + 1),
      text.slice(crAt + 1, crAt + 2),
      text.slice(crAt + 2),
    ];
    expect(readAll(pieces)).toEqual([
      { event: 'message', data: '审稿邀请' },
      { event: 'message', data: '[DONE]' },
    ]);
  });

  it('dispatches a last event not followed by a blank line at the end of the stream', () => {
    expect(readAll(['data: {"b":2}'])).toEqual([{ event: 'message', data: '{"b":2}' }]);
  });

  it('refuses a line past its limit (not an SSE stream)', () => {
    const r = new SseReader();
    const err = (() => {
      try {
        r.push(bytes('x'.repeat(1_000_001)));
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AssistantProviderError);
    expect((err as AssistantProviderError).kind).toBe('malformed');
  });
});
