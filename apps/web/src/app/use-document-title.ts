import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page title> - Dossier", re-applied when the route or the language changes. */
export function useDocumentTitle(titleKey: string): void {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    document.title = t('common:documentTitle', { title: t(`routes:${titleKey}`), lng: language });
  }, [t, titleKey, language]);
}
