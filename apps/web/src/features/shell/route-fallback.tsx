import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code chunk loads. */
export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <div className="route-fallback">
      <Spin aria-label={t('loading')} />
    </div>
  );
}
