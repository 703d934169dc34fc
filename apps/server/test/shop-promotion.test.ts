import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCode } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { login } from './factories.ts';
import { shopHelpers, shopTestConfig } from './shop-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: shopTestConfig() });
});
afterAll(() => t.close());

const { call } = shopHelpers(() => t);

/** A code no other test (or run, on the shared PostgreSQL database) uses. */
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

describe('GET /api/customer/promotion/ (the promotion page offer)', () => {
  it('lists the promo codes a quote accepts now, to visitors; not referral, inactive, future or expired ones', async () => {
    const now = t.ctx.clock.now();
    const day = 86_400_000;
    const referrer = await login(t);
    const codes = {
      referral: unique('REF'),
      inactive: unique('OFF'),
      future: unique('SOON'),
      expired: unique('PAST'),
      dated: unique('DATED'),
    };
    await t.ctx.db.db.insert(promoCode).values([
      {
        code: codes.referral,
        kind: 'percent',
        value: 5,
        referrerCustomerId: referrer.customerId,
        createdAt: now,
      },
      { code: codes.inactive, kind: 'percent', value: 5, active: false, createdAt: now },
      {
        code: codes.future,
        kind: 'percent',
        value: 5,
        validFrom: new Date(now.getTime() + day),
        createdAt: now,
      },
      {
        code: codes.expired,
        kind: 'percent',
        value: 5,
        validUntil: new Date(now.getTime() - day),
        createdAt: now,
      },
      {
        code: codes.dated,
        kind: 'amount',
        value: 2_500,
        validUntil: new Date(now.getTime() + day),
        createdAt: now,
      },
    ]);

    const r = await call('GET', '/api/customer/promotion/');
    expect(r.statusCode).toBe(200);
    const list = r.json() as { code: string; kind: string; value: number; valid_until: string | null }[];
    // The seeded standing offers (db/seed/shop.data.ts), and the dated one with its end.
    expect(list).toEqual(
      expect.arrayContaining([
        { code: 'WELCOME50', kind: 'amount', value: 5_000, valid_until: null },
        { code: 'FIRST10', kind: 'percent', value: 10, valid_until: null },
        {
          code: codes.dated,
          kind: 'amount',
          value: 2_500,
          valid_until: new Date(now.getTime() + day).toISOString(),
        },
      ]),
    );
    const listed = new Set(list.map((p) => p.code));
    for (const hidden of [codes.referral, codes.inactive, codes.future, codes.expired])
      expect(listed.has(hidden)).toBe(false);
  });
});
