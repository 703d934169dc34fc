import type { Locale } from '@dossier/contract';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../app/i18n.ts';
import { resolveLocale } from '../../app/locale.ts';

export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  const { i18n } = useTranslation();
  return { locale: resolveLocale(i18n.resolvedLanguage ?? i18n.language), setLocale: changeLocale };
}
