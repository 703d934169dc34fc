import { useTranslation } from 'react-i18next';

/** Title and optional subtitle of a home-page section, both i18n keys. */
export function SectionHeader({ titleKey, subtitleKey }: { titleKey: string; subtitleKey?: string }) {
  const { t } = useTranslation();
  return (
    <header className="section-header">
      <h2 className="section-header__title">{t(titleKey)}</h2>
      {subtitleKey && <p className="section-header__subtitle">{t(subtitleKey)}</p>}
    </header>
  );
}
