import { describe, expect, it } from 'vitest';
import { clientErrorAnswer, clientErrorResponse } from './client-errors.ts';

const parserError = (code: string, raw?: string) =>
  Object.assign(new Error(code), {
    code,
    ...(raw === undefined ? {} : { rawPacket: Buffer.from(raw, 'latin1') }),
  });

describe('clientErrorAnswer', () => {
  it('a request that did not arrive in time: 408 request_timeout (no bytes: zh)', () => {
    expect(clientErrorAnswer(parserError('ERR_HTTP_REQUEST_TIMEOUT'))).toEqual({
      status: 408,
      code: 'request_timeout',
      locale: 'zh',
    });
  });

  it('overflow: 414 when the request line alone is past the limit, else 431; the language from the bytes', () => {
    const line = `GET /${'a'.repeat(100)} HTTP/1.1`;
    expect(
      clientErrorAnswer(parserError('HPE_HEADER_OVERFLOW', `${line}\r\nLanguage: en-US\r\n`), 50),
    ).toEqual({ status: 414, code: 'uri_too_long', locale: 'en' });
    expect(
      clientErrorAnswer(parserError('HPE_HEADER_OVERFLOW', `${line}\r\nlanguage:en\r\nX: y`), 500),
    ).toEqual({
      status: 431,
      code: 'headers_too_large',
      locale: 'en',
    });
    // A later chunk of the headers (no request line in it): the headers are what is too large.
    expect(clientErrorAnswer(parserError('HPE_HEADER_OVERFLOW', 'x'.repeat(100)), 50).status).toBe(431);
  });

  it('anything else the parser refuses: 400 bad_request', () => {
    expect(clientErrorAnswer(parserError('HPE_INVALID_METHOD', 'NOT A REQUEST\r\n\r\n'))).toMatchObject({
      status: 400,
      code: 'bad_request',
    });
  });
});

describe('clientErrorResponse', () => {
  it('counts the body in bytes (zh text is several bytes a character)', () => {
    const text = clientErrorResponse({ status: 431, code: 'headers_too_large', locale: 'zh' });
    const [head, body] = text.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ code: 'headers_too_large', msg: '请求头过大' });
  });
});
