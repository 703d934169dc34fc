import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/**
 * Limits decide on the route the router picked, not on the raw URL: a percent-encoded path reaches the same
 * handler and must spend the same budget (issue 10, item 6). Behind a proxy, TRUST_PROXY says which hops to
 * believe (item 7).
 */
describe('per-IP limits decide on the routed path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitPerMinute: 3, authRateLimitPerMinute: 2 } });
  });
  afterAll(() => t.close());

  const statuses = async (reqs: Array<{ method?: 'GET' | 'POST'; url: string; payload?: object }>) => {
    const out: number[] = [];
    for (const r of reqs) {
      out.push(
        (await t.app.inject({ method: r.method ?? 'GET', url: r.url, payload: r.payload })).statusCode,
      );
    }
    return out;
  };

  it('counts an encoded path against the global API budget', async () => {
    const got = await statuses([
      { url: '/%61pi/customer/messy/static_files/' },
      { url: '/api/customer/messy/static_%66iles/' },
      { url: '/api/customer/messy/static_files/' },
      { url: '/%61%70%69/customer/messy/static_files/' },
    ]);
    expect(got.slice(0, 3)).toEqual([200, 200, 200]);
    expect(got[3]).toBe(429);
  });

  const phone = { area_code: '86', phone: '13900000000' };
  it.each([
    ['captcha', '/%61pi/auth/customer/get_captcha/', '/api/auth/customer/get_c%61ptcha/'],
    ['SMS', '/%61pi/auth/customer/send_sms_code/', '/api/auth/customer/send_sms_%63ode/'],
    ['login', '/%61pi/auth/customer/login_register/', '/api/auth/customer/login_registe%72/'],
  ])('counts an encoded path against the %s limit', async (_name, a, b) => {
    const plain = a.replace('/%61pi/', '/api/');
    const got = await statuses([
      { method: 'POST', url: a, payload: phone },
      { method: 'POST', url: b, payload: phone },
      { method: 'POST', url: plain, payload: phone },
    ]);
    expect(got[0]).not.toBe(429);
    expect(got[1]).not.toBe(429);
    expect(got[2]).toBe(429);
  });

  it('does not count pages and assets, whatever their spelling', async () => {
    const fresh = await buildTestApp({ config: { rateLimitPerMinute: 1 } });
    try {
      for (const url of ['/readyz', '/index/firstTerm', '/%69ndex/firstTerm', '/healthz']) {
        expect((await fresh.app.inject({ url })).statusCode).not.toBe(429);
      }
      expect((await fresh.app.inject({ url: '/api/customer/messy/timezones/' })).statusCode).toBe(200);
      expect((await fresh.app.inject({ url: '/api/customer/messy/timezones/' })).statusCode).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const from = (xff: string) => ({
    url: '/api/customer/messy/timezones/',
    headers: { 'x-forwarded-for': xff },
  });

  it('ignores X-Forwarded-For by default, so a client cannot pick a fresh address per request', async () => {
    const t = await buildTestApp({ config: { rateLimitPerMinute: 2 } });
    try {
      expect((await t.app.inject(from('203.0.113.1'))).statusCode).toBe(200);
      expect((await t.app.inject(from('203.0.113.2'))).statusCode).toBe(200);
      expect((await t.app.inject(from('203.0.113.3'))).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with a hop count, tells the clients behind the proxy apart', async () => {
    const t = await buildTestApp({ config: { rateLimitPerMinute: 2, trustProxy: 1 } });
    try {
      expect((await t.app.inject(from('203.0.113.1'))).statusCode).toBe(200);
      expect((await t.app.inject(from('203.0.113.1'))).statusCode).toBe(200);
      expect((await t.app.inject(from('203.0.113.1'))).statusCode).toBe(429);
      // Another client behind the same proxy has its own budget.
      expect((await t.app.inject(from('203.0.113.2'))).statusCode).toBe(200);
      // Only the last hop is believed: a forged left-most entry does not buy a new budget.
      expect((await t.app.inject(from('198.51.100.7, 203.0.113.1'))).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
