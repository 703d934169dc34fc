import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/**
 * Issue 27 item 6: what Node's HTTP parser refuses before Fastify sees a request (headers or a URL past
 * 16 KB, a request line that is not HTTP) is answered like every other refusal, `{ code, msg }` in the caller's
 * language — Fastify's own answer was a bare `{"error":…,"statusCode":431}`. Sent over a real socket:
 * `app.inject` does not go through the parser.
 */

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as it is (one write) and reads the answer until the server closes the connection. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(request));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const get = (path: string, headers: string[] = []) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;

function expectAnswer(r: RawAnswer, status: number, body: { code: string; msg: string }) {
  expect(r.status, r.body).toBe(status);
  expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body));
  expect(JSON.parse(r.body)).toEqual(body);
}

describe('requests the HTTP parser refuses', () => {
  it('a URL past the header limit: 414 uri_too_long in the Language asked for, zh by default', async () => {
    const long = `/api/customer/qa/?keyword=${'a'.repeat(20_000)}`;
    expectAnswer(await raw(get(long, ['Language: en'])), 414, {
      code: 'uri_too_long',
      msg: 'The address is too long',
    });
    expectAnswer(await raw(get(long)), 414, { code: 'uri_too_long', msg: '请求地址过长' });
  });

  it('headers past the limit: 431 headers_too_large', async () => {
    const big = `X-Big: ${'b'.repeat(20_000)}`;
    expectAnswer(await raw(get('/api/customer/qa/', ['Language: en', big])), 431, {
      code: 'headers_too_large',
      msg: 'The request headers are too large',
    });
    expectAnswer(await raw(get('/api/customer/qa/', ['Language: zh', big])), 431, {
      code: 'headers_too_large',
      msg: '请求头过大',
    });
  });

  it('a request that is not HTTP, or a header the parser refuses: 400 bad_request', async () => {
    expectAnswer(await raw('NOT A REQUEST\r\n\r\n'), 400, { code: 'bad_request', msg: '请求格式有误' });
    expectAnswer(await raw(get('/api/customer/qa/', ['Language: en', 'Bad Header Name: x'])), 400, {
      code: 'bad_request',
      msg: 'Malformed request',
    });
    expectAnswer(
      await raw(
        'POST /api/customer/advice/ HTTP/1.1\r\nHost: x\r\nLanguage: en\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n',
      ),
      400,
      { code: 'bad_request', msg: 'Malformed request' },
    );
  });

  it('an ordinary request on the same server still answers', async () => {
    const r = await raw(get('/healthz', ['Connection: close']));
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ status: 'ok' });
  });
});
