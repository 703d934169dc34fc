import type { TPremiumClock } from '@dossier/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The premium clock (issue 32 item 3): "8 business days left · due 2026-12-10"; missed: what USCIS owes (the
 * premium fee back); stopped: USCIS acted. An RFE stops it and the response restarts it (said in every state).
 */
export function PremiumClock({ clock }: { clock: TPremiumClock }) {
  const { t } = useTranslation('filing');
  const type = clock.state === 'missed' ? 'warning' : clock.state === 'stopped' ? 'success' : 'info';
  const title =
    clock.state === 'running'
      ? t('premium.running', { count: clock.business_days_left, due: clock.due_on })
      : t(`premium.${clock.state}`, { due: clock.due_on });
  return (
    <Alert
      type={type}
      showIcon
      className="after-filing__premium"
      data-testid="premium-clock"
      title={title}
      description={
        <>
          {clock.state === 'missed' && <div>{t('premium.owed')}</div>}
          <div>
            {t(`premium.started_by.${clock.started_by}`, {
              days: clock.business_days,
              date: clock.started_on,
            })}
          </div>
          <div>{t('premium.rfe_note')}</div>
          <div className="after-filing__source">{t('source', { source: clock.source })}</div>
        </>
      }
    />
  );
}
