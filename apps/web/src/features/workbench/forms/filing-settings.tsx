import type { TCaseSettingsRequest } from '@dossier/contract';
import { formatUsd, PAYMENT_FORMS, PREMIUM_PROCESSING } from '@dossier/contract';
import { useMutation } from '@tanstack/react-query';
import { Card, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { caseApi } from '../../../api/workbench.ts';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';

/**
 * What the filing contains: premium processing (the I-907 and its fee join the filing) and the one payment
 * method for every fee (G-1450 card or G-1650 ACH, never mixed). A stale version is refused (409) and the
 * screen reads the case again.
 */
export function FilingSettings() {
  const { t } = useTranslation('workbench');
  const { project, summary, readOnly } = useWorkbenchCase();
  const refresh = useCaseRefresh(project);
  const { settings, fees } = summary;
  const change = useMutation({
    mutationFn: (body: Omit<TCaseSettingsRequest, 'version'>) =>
      caseApi.settings(summary.id, { version: settings.version, ...body }),
    onSuccess: (fresh) => refresh(fresh),
    // The client has shown the refusal (a stale version: another device changed the filing); read it again.
    onError: () => refresh(),
  });
  const premiumFee = fees.premium_fee_cents;
  return (
    <Card
      size="small"
      title={t('settings.title')}
      className="forms-overview__card"
      data-testid="filing-settings"
    >
      <div className="settings__row">
        <Switch
          id="premium-processing"
          checked={settings.premium_processing}
          loading={change.isPending}
          disabled={readOnly}
          onChange={(on) => change.mutate({ premium_processing: on })}
        />
        <label htmlFor="premium-processing" className="settings__label">
          <strong>{t('premium.label')}</strong>
          <Typography.Text type="secondary">
            {t('premium.help', {
              days: PREMIUM_PROCESSING[summary.category].days,
              fee: premiumFee === null ? '—' : formatUsd(premiumFee),
            })}
          </Typography.Text>
        </label>
      </div>
      <div className="settings__row settings__row--column">
        <strong id="payment-method-label">{t('payment_method.label')}</strong>
        <Radio.Group
          aria-labelledby="payment-method-label"
          orientation="vertical"
          value={settings.payment_method}
          disabled={readOnly || change.isPending}
          onChange={(e) =>
            change.mutate({ payment_method: e.target.value as (typeof PAYMENT_FORMS)[number] })
          }
          options={PAYMENT_FORMS.map((f) => ({ value: f, label: t(`payment_method.${f}`) }))}
        />
        <Typography.Text type="secondary">{t('payment_method.help')}</Typography.Text>
      </div>
    </Card>
  );
}
