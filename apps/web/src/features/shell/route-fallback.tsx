import { useTranslation } from 'react-i18next';

/** Shown while a screen's code chunk loads: a CSS spinner, so the entry needs no antd Spin. */
export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <div className="route-fallback">
      <span className="route-fallback__spinner" role="status" aria-label={t('loading')} />
    </div>
  );
}
