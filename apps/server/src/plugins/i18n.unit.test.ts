import { describe, expect, it } from 'vitest';
import { localeOf } from './i18n.ts';

describe('Language header', () => {
  it('picks zh or en, default zh', () => {
    expect(localeOf(undefined)).toBe('zh');
    expect(localeOf('en')).toBe('en');
    expect(localeOf('EN-us')).toBe('en');
    expect(localeOf('zh-CN')).toBe('zh');
    expect(localeOf('fr')).toBe('zh');
    expect(localeOf(['en', 'zh'])).toBe('en');
  });
});
