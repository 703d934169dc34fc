import { APP_ROUTES, PAGE_ROUTES } from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOUND_TITLE_KEY,
  redirectTarget,
  routeHandle,
  STAFF_TITLE_KEY,
  titleKeyOf,
} from '../src/app/route-meta.ts';

const titles = { zh: resources.zh.routes, en: resources.en.routes } as Record<
  'zh' | 'en',
  Record<string, string>
>;

describe('routes namespace', () => {
  const keys = [...new Set([...APP_ROUTES.map((r) => r.titleKey), NOT_FOUND_TITLE_KEY, STAFF_TITLE_KEY])];

  it.each(keys)('%s has a title in zh and en', (key) => {
    expect(titles.zh[key]?.trim()).toBeTruthy();
    expect(titles.en[key]?.trim()).toBeTruthy();
  });

  it('holds no title that no route uses', () => {
    expect(Object.keys(titles.zh).sort()).toEqual([...keys].sort());
    expect(Object.keys(titles.en).sort()).toEqual([...keys].sort());
  });

  it('gives every page route a distinct title', () => {
    const zh = PAGE_ROUTES.map((r) => titles.zh[r.titleKey]);
    expect(new Set(zh).size).toBe(zh.length);
  });
});

describe('route meta', () => {
  it('takes the title key of every contract route from APP_ROUTES', () => {
    for (const route of APP_ROUTES) expect(routeHandle(route.path)).toEqual({ titleKey: route.titleKey });
  });

  it('refuses a path the contract does not know', () => {
    expect(() => routeHandle('/nowhere')).toThrow(/APP_ROUTES/);
  });

  it('follows the contract redirects: / → /index → /index/firstTerm, /personalCenter → personMessage', () => {
    expect(redirectTarget('/')).toBe('/index');
    expect(redirectTarget('/index')).toBe('/index/firstTerm');
    expect(redirectTarget('/personalCenter')).toBe('/personalCenter/personMessage');
    expect(() => redirectTarget('/login')).toThrow(/does not redirect/);
  });

  it('uses the deepest match that names a title', () => {
    expect(titleKeyOf([{ handle: undefined }, { handle: { titleKey: 'eb1a' } }, { handle: undefined }])).toBe(
      'eb1a',
    );
    expect(titleKeyOf([{ handle: { titleKey: 'personalCenter' } }, { handle: { titleKey: 'myPlan' } }])).toBe(
      'myPlan',
    );
    expect(titleKeyOf([])).toBe(NOT_FOUND_TITLE_KEY);
  });
});
