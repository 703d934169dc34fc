import { APP_ROUTES, isAppRoute, ORDER_STATUSES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatMoney,
  isInAppPath,
  orderStatusOf,
  readShopDeepLink,
  shopLink,
} from '../src/features/shop/shop-format.ts';

describe('shop money', () => {
  it('formats minor units with the currency symbol in both locales', () => {
    expect(formatMoney({ amount: 59_900, currency: 'USD' }, 'en')).toBe('$599.00');
    expect(formatMoney({ amount: 425_300, currency: 'CNY' }, 'en')).toBe('¥4,253.00');
    expect(formatMoney({ amount: 59_900, currency: 'USD' }, 'zh')).toBe('$599.00');
    expect(formatMoney({ amount: 425_300, currency: 'CNY' }, 'zh')).toBe('¥4,253.00');
    expect(formatMoney({ amount: 5, currency: 'USD' }, 'en')).toBe('$0.05');
  });
});

describe('order status', () => {
  it('keeps every known status and folds anything else into the undefined fallback', () => {
    for (const s of ORDER_STATUSES) expect(orderStatusOf(s)).toBe(s);
    expect(orderStatusOf('on_hold')).toBe('undefined');
    expect(orderStatusOf('')).toBe('undefined');
    expect(orderStatusOf('__proto__')).toBe('undefined');
  });

  it('has a label for every status and the fallback in zh and en', () => {
    for (const locale of ['zh', 'en'] as const) {
      const status = (resources[locale].shop as { status: Record<string, string> }).status;
      for (const s of [...ORDER_STATUSES, 'undefined']) expect(status[s]?.trim()).toBeTruthy();
    }
  });
});

describe('dates', () => {
  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'zh')).toBe('—');
    expect(formatDateTime('2025-01-02T03:04:05Z', 'en')).toMatch(/2025/);
  });
});

describe('shop deep links', () => {
  it('reads known project and service codes, case-insensitively, and ignores the rest', () => {
    expect(readShopDeepLink('?project=USA_NIW&service=TRANSLATION')).toEqual({
      project: 'USA_NIW',
      service: 'TRANSLATION',
    });
    expect(readShopDeepLink('?project=usa_eb1a')).toEqual({ project: 'USA_EB1A' });
    expect(readShopDeepLink('?project=UK&service=<script>')).toEqual({});
    expect(readShopDeepLink('')).toEqual({});
    expect(readShopDeepLink('?project=USA_NIW&promo=welcome50')).toEqual({
      project: 'USA_NIW',
      promo: 'WELCOME50',
    });
    expect(readShopDeepLink('?promo=<b>')).toEqual({});
  });

  it('builds the links the Buy buttons and the workbench gate use', () => {
    expect(shopLink('USA_EB1A', 'DIY_STANDARD')).toBe('/payService?project=USA_EB1A&service=DIY_STANDARD');
    expect(shopLink()).toBe('/payService');
    expect(shopLink('USA_NIW', 'DIY_STANDARD', 'FIRST10')).toBe(
      '/payService?project=USA_NIW&service=DIY_STANDARD&promo=FIRST10',
    );
  });

  it('follows only same-site paths inside the app', () => {
    expect(isInAppPath('/personalCenter/purchaseRecord')).toBe(true);
    expect(isInAppPath('//evil.example/x')).toBe(false);
    expect(isInAppPath('https://checkout.stripe.com/c/pay/x')).toBe(false);
  });
});

describe('shop routes', () => {
  it('serves the checkout and transfer pages as app routes', () => {
    expect(APP_ROUTES.some((r) => r.path === '/payService/sandbox')).toBe(true);
    expect(isAppRoute('/payService/sandbox')).toBe(true);
    expect(isAppRoute('/payService/transfer/42')).toBe(true);
    expect(isAppRoute('/payService/transfer/42/')).toBe(true);
    expect(isAppRoute('/payService/transfer')).toBe(false);
    expect(isAppRoute('/payService/transfer/1/2')).toBe(false);
  });
});
