import type { Locale } from '@dossier/contract';
import { LOCALES } from '@dossier/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale/use-locale.ts';

/** Each choice names its language in that language, and says so (`lang`): "English" is English in a Chinese UI. */
const LANG: Record<Locale, string> = { zh: 'zh-CN', en: 'en' };

/**
 * zh / en switch in the header: two toggle buttons in the look of antd's small Segmented, without antd. On a
 * narrow screen it stays in the bar with short labels ("中", "EN"); the buttons' names stay "中文", "English".
 */
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
          aria-label={t(`language.${value}`)}
          lang={LANG[value]}
          onClick={() => void setLocale(value)}
        >
          <span className="language-toggle__full">{t(`language.${value}`)}</span>
          <span className="language-toggle__short" aria-hidden="true">
            {t(`language.short.${value}`)}
          </span>
        </button>
      ))}
    </fieldset>
  );
}
