import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import { dayjsLocaleOf, htmlLangOf, isLocale, readStoredLocale, resolveLocale } from '../src/app/locale.ts';

function storageWith(value: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === LOCALE_STORAGE_KEY ? value : null) };
}

describe('resolveLocale', () => {
  it('defaults to zh', () => {
    expect(DEFAULT_LOCALE).toBe('zh');
    expect(resolveLocale(null)).toBe('zh');
    expect(resolveLocale(undefined)).toBe('zh');
  });

  it('keeps a valid stored value', () => {
    expect(resolveLocale('en')).toBe('en');
    expect(resolveLocale('zh')).toBe('zh');
  });

  it.each(['', 'EN', 'en-US', 'zh-CN', 'fr', '"en"', ' en'])(
    'treats %j as invalid and falls back to zh',
    (v) => {
      expect(resolveLocale(v)).toBe('zh');
    },
  );
});

describe('readStoredLocale', () => {
  it('reads the remembered locale under LOCALE_STORAGE_KEY', () => {
    expect(readStoredLocale(storageWith('en'), LOCALE_STORAGE_KEY)).toBe('en');
    expect(readStoredLocale(storageWith(null), LOCALE_STORAGE_KEY)).toBe('zh');
    expect(readStoredLocale(storageWith('klingon'), LOCALE_STORAGE_KEY)).toBe('zh');
  });

  it('falls back to zh without storage or when storage throws', () => {
    expect(readStoredLocale(undefined, LOCALE_STORAGE_KEY)).toBe('zh');
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredLocale(throwing, LOCALE_STORAGE_KEY)).toBe('zh');
  });
});

describe('locale mappings', () => {
  it('maps to <html lang> and dayjs locales', () => {
    expect(htmlLangOf('zh')).toBe('zh-CN');
    expect(htmlLangOf('en')).toBe('en');
    expect(dayjsLocaleOf('zh')).toBe('zh-cn');
    expect(dayjsLocaleOf('en')).toBe('en');
  });

  it('recognises only supported locales', () => {
    expect(isLocale('zh')).toBe(true);
    expect(isLocale('en')).toBe(true);
    expect(isLocale('de')).toBe(false);
    expect(isLocale(1)).toBe(false);
  });
});
