import type { Locale } from '@dossier/contract';
import { DEFAULT_LOCALE, LOCALES } from '@dossier/contract';

/** Pure locale rules: kept free of i18next and the DOM so they can be unit-tested in node. */

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A remembered value we don't recognise (old format, hand-edited) falls back to the default, never to en. */
export function resolveLocale(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** Storage may be missing or throw (private mode, disabled cookies): the default locale still applies. */
export function readStoredLocale(storage: Pick<Storage, 'getItem'> | undefined, key: string): Locale {
  try {
    return resolveLocale(storage?.getItem(key));
  } catch {
    return DEFAULT_LOCALE;
  }
}

const HTML_LANG: Record<Locale, string> = { zh: 'zh-CN', en: 'en' };
const DAYJS_LOCALE: Record<Locale, string> = { zh: 'zh-cn', en: 'en' };

/** Value for `<html lang>`: screen readers and fonts pick simplified Chinese only with the region. */
export function htmlLangOf(locale: Locale): string {
  return HTML_LANG[locale];
}

export function dayjsLocaleOf(locale: Locale): string {
  return DAYJS_LOCALE[locale];
}
