import type { Locale } from '@dossier/contract';
import { LOCALES } from '@dossier/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale/use-locale.ts';

/** zh / en switch in the header: two toggle buttons in the look of antd's small Segmented, without antd. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  return (
    <fieldset className="language-toggle" aria-label={t('language.label')}>
      {LOCALES.map((value: Locale) => (
        <button
          key={value}
          type="button"
          className={
            value === locale ? 'language-toggle__item language-toggle__item--active' : 'language-toggle__item'
          }
          aria-pressed={value === locale}
          onClick={() => void setLocale(value)}
        >
          {t(`language.${value}`)}
        </button>
      ))}
    </fieldset>
  );
}
