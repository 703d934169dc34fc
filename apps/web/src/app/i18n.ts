import type { Locale } from '@dossier/contract';
import { LOCALE_STORAGE_KEY, LOCALES } from '@dossier/contract';
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { htmlLangOf, readStoredLocale, resolveLocale } from './locale.ts';
import { BOOT_NAMESPACES, bundledResources } from './namespaces.ts';

/**
 * Translations are loaded per language on demand, so the home page does not download every screen's text. Every
 * JSON file in packages/i18n/locales/<lang>/ is a namespace: adding a file is enough (decision: lazy namespaces,
 * issue 6).
 *
 * - BOOT_NAMESPACES (the shell and the home page) are in the entry, both languages (about 6 kB gzip): the first
 *   render and a language switch on the home page wait for no request.
 * - All the other namespaces of a language come in one chunk (namespaces-zh.ts, namespaces-en.ts; decision 0093).
 * - `useTranslation(namespace)` on a namespace not loaded yet suspends until it is (react-i18next), so a screen
 *   never shows raw keys.
 * - Every screen except the home page is created with `screen()` (router.tsx), which also loads all the other
 *   namespaces before the screen renders, so a key prefixed with any namespace works anywhere.
 * - A language switch loads the namespaces already in use for the new language before switching.
 */
const languageBundles: Record<Locale, () => Promise<{ default: Record<string, ResourceKey> }>> = {
  zh: () => import('./namespaces-zh.ts'),
  en: () => import('./namespaces-en.ts'),
};

function languageBundle(language: string): Promise<Record<string, ResourceKey>> | null {
  const load = (LOCALES as readonly string[]).includes(language) ? languageBundles[language as Locale] : null;
  return load ? load().then((m) => m.default) : null;
}

// The pattern lists BOOT_NAMESPACES (Vite needs a literal; apps/web/test/home-entry.test.ts keeps them equal).
const bootResources = bundledResources(
  import.meta.glob<ResourceKey>(
    '../../../../packages/i18n/locales/*/{common,routes,account,home,programs}.json',
    {
      import: 'default',
      eager: true,
    },
  ),
);

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const bundle = languageBundle(language);
    if (!bundle) {
      callback(new Error(`No translations for ${language}`), false);
      return;
    }
    bundle.then(
      (namespaces) => {
        const data = namespaces[namespace];
        if (data === undefined) callback(new Error(`No translations for ${language}/${namespace}`), false);
        else callback(null, data);
      },
      // A failed chunk (network) may be retried by i18next; an empty bundle would hide the failure.
      (error: unknown) => callback(error as Error, true),
    );
  },
};

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

let dayjsLoaded = false;

/** <html lang> and, once a screen has loaded it, dayjs follow the language. */
function applyLocale(locale: Locale): void {
  // The build's prerender (prerender.tsx) runs this in Node, where there is no document.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = htmlLangOf(locale);
  if (dayjsLoaded) void import('./dayjs-locale.ts').then((m) => m.applyDayjsLocale(locale));
}

/**
 * What a screen other than the home page needs before it renders: every namespace of the current language
 * and dayjs in that language (date fields). The home page needs neither, so its entry stays small.
 */
export async function prepareScreen(): Promise<void> {
  const [{ applyDayjsLocale }] = await Promise.all([
    import('./dayjs-locale.ts'),
    languageBundle(currentLocale())?.then((namespaces) => i18next.loadNamespaces(Object.keys(namespaces))),
  ]);
  dayjsLoaded = true;
  applyDayjsLocale(currentLocale());
}

/**
 * The global i18next instance is used so the API client can read the locale without React. Resolves when the
 * boot namespaces are loaded: render after it, so the first paint is already translated.
 */
export function initI18n(): Promise<unknown> {
  const locale = readStoredLocale(storage(), LOCALE_STORAGE_KEY);
  const ready = i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      resources: bootResources,
      // The bundled boot namespaces are not complete languages: the backend loads the others.
      partialBundledLanguages: true,
      lng: locale,
      // zh and en hold identical key sets (packages/i18n/test/parity.test.ts): no second language to download.
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: [...BOOT_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  applyLocale(locale);
  i18next.on('languageChanged', (lng) => applyLocale(resolveLocale(lng)));
  return ready;
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
