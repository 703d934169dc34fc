import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/plugins/errors.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Routes that only exist in this test, to reach the error paths.
  t.app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail');
  });
  t.app.get('/api/test/conflict', async () => {
    throw new AppError(409, 'conflict');
  });
  t.app.post('/api/test/echo', async (req) => req.body as object);
  await t.app.ready();
});
afterAll(() => t.close());

describe('API conventions', () => {
  it('answers an unknown /api route with 404 JSON in the caller language (default zh)', async () => {
    const en = await t.app.inject({ url: '/api/nope', headers: { Language: 'en' } });
    expect(en.statusCode).toBe(404);
    expect(en.headers['content-type']).toMatch(/application\/json/);
    expect(en.json()).toEqual({ code: 'not_found', msg: 'This address does not exist' });
    const zh = await t.app.inject({ url: '/api/nope' });
    expect(zh.json()).toEqual({ code: 'not_found', msg: '请求的接口不存在' });
    const odd = await t.app.inject({ url: '/api/nope', headers: { Language: 'fr' } });
    expect(odd.json().msg).toBe('请求的接口不存在');
    const enUs = await t.app.inject({ url: '/api/nope', headers: { Language: 'en-US' } });
    expect(enUs.json().msg).toBe('This address does not exist');
  });

  it('never falls back to the SPA for /api, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const r = await t.app.inject({ method, url: '/api/customer/unknown/thing/' });
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('not_found');
    }
  });

  it('answers a validation failure with 400 naming the field', async () => {
    const r = await t.app.inject({
      url: '/api/customer/phone_area_code/?size=abc',
      headers: { Language: 'en' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      code: 'validation',
      field: 'querystring.size',
      msg: 'Invalid value: querystring.size',
    });
    const zh = await t.app.inject({ url: '/api/customer/phone_area_code/?size=0' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({
      code: 'validation',
      field: 'querystring.size',
      msg: '参数有误：querystring.size',
    });
  });

  it('answers an unexpected error with 500 and a generic message, never the details', async () => {
    const r = await t.app.inject({ url: '/api/test/boom', headers: { Language: 'en' } });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({
      code: 'internal',
      msg: 'Something went wrong on our side. Please try again later',
    });
    expect(r.body).not.toContain('secret');
  });

  it('maps service errors (AppError) to their status and localised msg', async () => {
    const r = await t.app.inject({ url: '/api/test/conflict', headers: { Language: 'en' } });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ code: 'conflict', msg: 'This action is not allowed in the current state' });
  });

  it('answers malformed JSON with 400 JSON, not 500', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', Language: 'en' },
      payload: '{"a":',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ code: 'bad_request', msg: 'Malformed request' });
  });

  it('answers an oversized body with 413 and an unsupported content type with 415', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    const odd = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(odd.statusCode).toBe(415);
    expect(odd.json().code).toBe('unsupported_media_type');
  });

  it('accepts the spec paths with and without the trailing slash', async () => {
    const a = await t.app.inject({ url: '/api/customer/messy/timezones/' });
    const b = await t.app.inject({ url: '/api/customer/messy/timezones' });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
  });

  it('sets security headers and a request id on every answer', async () => {
    const r = await t.app.inject({
      url: '/api/customer/messy/timezones/',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(r.headers['x-request-id']).toBe('abc-123');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBeDefined();
    const gen = await t.app.inject({ url: '/healthz' });
    expect(gen.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Worked out once at start-up, they are on answers no handler wrote too: no route, refused by a hook.
    for (const early of [
      await t.app.inject({ url: '/api/no/such/route/' }),
      await t.app.inject({ url: '/api/customer/notification/not_read_count/' }),
    ]) {
      expect([404, 401]).toContain(early.statusCode);
      expect(early.headers['content-security-policy']).toBe(r.headers['content-security-policy']);
      expect(early.headers['x-content-type-options']).toBe('nosniff');
      expect(early.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(early.headers['referrer-policy']).toBe('no-referrer');
    }
    // Refused by the router itself, before any hook ran.
    const badUrl = await t.app.inject({ url: '/api/customer/%E0%A4%A/' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['content-security-policy']).toContain("worker-src 'self' blob:");
  });

  it('serves the OpenAPI document generated from the contract at /api/docs', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/customer/phone_area_code/', '/api/customer/messy/timezones/']),
    );
    const params = spec.paths['/api/customer/phone_area_code/'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toContain('size');
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('rate limit', () => {
  it('answers 429 with a localised msg once an IP spends its API budget, and never counts pages', async () => {
    const limited = await buildTestApp({ config: { rateLimitPerMinute: 3 } });
    try {
      for (let i = 0; i < 3; i++) {
        const ok = await limited.app.inject({ url: '/api/customer/messy/static_files/' });
        expect(ok.statusCode).toBe(200);
        expect(ok.headers['x-ratelimit-limit']).toBe('3');
        expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
        expect(Number(ok.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
        expect(ok.headers['retry-after']).toBeUndefined();
      }
      const over = await limited.app.inject({
        url: '/api/customer/messy/static_files/',
        headers: { Language: 'en' },
      });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ code: 'rate_limited', msg: 'Too many requests. Please try again later' });
      expect(over.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(over.headers['content-security-policy']).toContain("default-src 'self'");
      expect(over.headers['x-request-id']).toBeDefined();
      expect((await limited.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts IPv6 clients by their /64, and each IPv4 address on its own', async () => {
    const limited = await buildTestApp({ config: { rateLimitPerMinute: 2 } });
    const from = async (remoteAddress: string) =>
      (await limited.app.inject({ url: '/api/customer/messy/static_files/', remoteAddress })).statusCode;
    try {
      expect(await from('2001:db8:1:2::1')).toBe(200);
      expect(await from('2001:db8:1:2::ffff')).toBe(200);
      // Another address in the same /64 shares the spent budget; another /64 and another IPv4 address do not.
      expect(await from('2001:db8:1:2:abcd::9')).toBe(429);
      expect(await from('2001:db8:1:3::1')).toBe(200);
      expect(await from('192.0.2.7')).toBe(200);
      expect(await from('192.0.2.8')).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
