import type { Locale } from '@dossier/contract';
import { LOCALES } from '@dossier/contract';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from './use-locale.ts';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  return (
    <Segmented<Locale>
      aria-label={t('language.label')}
      size="small"
      value={locale}
      options={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
      onChange={(value) => void setLocale(value)}
    />
  );
}
