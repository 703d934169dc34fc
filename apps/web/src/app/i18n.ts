import type { Locale } from '@dossier/contract';
import { FALLBACK_LOCALE, LOCALE_STORAGE_KEY, LOCALES } from '@dossier/contract';
import { NAMESPACES, resources } from '@dossier/i18n';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dayjsLocaleOf, htmlLangOf, readStoredLocale, resolveLocale } from './locale.ts';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Everything outside React that follows the language: <html lang> and dayjs. */
function applyLocale(locale: Locale): void {
  document.documentElement.lang = htmlLangOf(locale);
  dayjs.locale(dayjsLocaleOf(locale));
}

/** The global i18next instance is used so the API client can read the locale without React. */
export function initI18n(): void {
  const locale = readStoredLocale(storage(), LOCALE_STORAGE_KEY);
  void i18next.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    ns: NAMESPACES,
    defaultNS: 'common',
    // Resources are bundled, so init completes synchronously and the first render is already translated.
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  applyLocale(locale);
  i18next.on('languageChanged', (lng) => applyLocale(resolveLocale(lng)));
}

export function currentLocale(): Locale {
  return resolveLocale(i18next.resolvedLanguage ?? i18next.language);
}

/** Only an explicit choice is remembered, so a visitor who never switches keeps following the default. */
export async function changeLocale(locale: Locale): Promise<void> {
  try {
    storage()?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered on this device; the switch itself still works.
  }
  await i18next.changeLanguage(locale);
}
