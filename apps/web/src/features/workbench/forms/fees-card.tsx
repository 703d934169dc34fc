import { formatUsd } from '@dossier/contract';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../locale/use-locale.ts';
import { formatDay } from '../case/format-day.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';

/**
 * The government fees of this filing from the dated fee table (packages/contract fees.ts, spec §9), with the
 * date they were checked: the lines, the separate payments, the premium timeframe and the card/ACH-only rule.
 */
export function FeesCard() {
  const { t } = useTranslation('forms');
  const { locale } = useLocale();
  const { summary } = useWorkbenchCase();
  const { fees } = summary;
  const nvc = fees.nvc_cents;
  return (
    <Card size="small" title={t('fees.title')} className="forms-overview__card" data-testid="fees">
      <table className="fees-table">
        <tbody>
          {fees.lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">{t(`fees.${line.key}`)}</th>
              <td>{formatUsd(line.amount_cents)}</td>
            </tr>
          ))}
          <tr className="fees-table__total">
            <th scope="row">{t('fees.total')}</th>
            <td data-testid="fees-total">{formatUsd(fees.total_cents)}</td>
          </tr>
        </tbody>
      </table>
      <Typography.Paragraph className="fees-card__line">
        {t('fees.payments', {
          n: fees.payments.length,
          method: t(`workbench:payment_method.${summary.settings.payment_method}`),
        })}
      </Typography.Paragraph>
      {fees.premium && (
        <Typography.Paragraph className="fees-card__line">
          {t(fees.premium.business_days ? 'fees.premium_business' : 'fees.premium_calendar', {
            days: fees.premium.days,
          })}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph className="fees-card__line">
        {t('fees.electronic_only', { date: formatDay(fees.electronic_payment_only_from, locale) })}
      </Typography.Paragraph>
      {nvc !== null && (
        <Typography.Paragraph className="fees-card__line" type="secondary">
          {t('fees.nvc_note', { fee: formatUsd(nvc) })}
        </Typography.Paragraph>
      )}
      <Typography.Text type="secondary" data-testid="fees-checked">
        {t('fees.checked', { date: formatDay(fees.checked, locale) })}
      </Typography.Text>
    </Card>
  );
}
