import type { TReceipt, TStatusEvent } from '@dossier/contract';
import { Button, Collapse, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCustomerClock } from '../../clock/use-customer-clock.ts';
import { PremiumClock } from './premium-clock.tsx';

/**
 * One receipt (issue 32 items 1–3): form and number, its latest status (title, date, "from USCIS" / "entered by
 * you"), the premium clock when there is one, its history (collapsed) and the actions.
 */
export function ReceiptCard(props: {
  receipt: TReceipt;
  onStatus: (() => void) | null;
  onEdit: (() => void) | null;
  onRemove: (() => Promise<unknown>) | null;
}) {
  const { t } = useTranslation('filing');
  const clock = useCustomerClock();
  const r = props.receipt;
  return (
    <li className="after-filing__receipt" data-testid={`receipt-${r.receipt_number}`}>
      <div className="after-filing__receipt-head">
        <strong>{r.form === 'other' ? t('receipt.other') : r.form}</strong>
        <span className="after-filing__number">{r.receipt_number}</span>
        {r.premium && <Tag color="gold">{t('receipt.premium_tag')}</Tag>}
        {r.closed && <Tag>{t('receipt.closed')}</Tag>}
      </div>
      {r.notice_date && (
        <Typography.Text type="secondary">{t('receipt.notice_on', { date: r.notice_date })}</Typography.Text>
      )}
      <div className="after-filing__status" data-testid="receipt-status">
        {r.status_code ? (
          <>
            <strong data-testid="receipt-status-title">{r.status_text ?? t(`codes.${r.status_code}`)}</strong>
            <Tag color={r.status_source === 'uscis' ? 'blue' : 'default'} data-testid="receipt-status-source">
              {t(`source_kind.${r.status_source ?? 'manual'}`)}
            </Tag>
            {r.status_at && <Typography.Text type="secondary">{clock.date(r.status_at)}</Typography.Text>}
            {r.status_description && (
              <Typography.Paragraph type="secondary" className="after-filing__description">
                {r.status_description}
              </Typography.Paragraph>
            )}
          </>
        ) : (
          <Typography.Text type="secondary">{t('status.none')}</Typography.Text>
        )}
      </div>
      {r.last_polled_at && (
        <Typography.Text type="secondary" className="after-filing__polled">
          {t('status.polled_at', { time: clock.dateTime(r.last_polled_at) })}
        </Typography.Text>
      )}
      {r.premium_clock && <PremiumClock clock={r.premium_clock} />}
      {r.history.length > 0 && (
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: 'history',
              label: t('status.history', { count: r.history.length }),
              children: <History events={r.history} />,
            },
          ]}
        />
      )}
      <div className="after-filing__actions">
        {props.onStatus && (
          <Button size="small" onClick={props.onStatus} data-testid="receipt-enter-status">
            {t('status.enter')}
          </Button>
        )}
        {props.onEdit && (
          <Button size="small" onClick={props.onEdit}>
            {t('actions.edit')}
          </Button>
        )}
        {props.onRemove && (
          <Popconfirm
            title={t('receipt.remove_confirm', { number: r.receipt_number })}
            okText={t('actions.remove')}
            cancelText={t('actions.cancel')}
            onConfirm={props.onRemove}
          >
            <Button size="small" danger>
              {t('actions.remove')}
            </Button>
          </Popconfirm>
        )}
      </div>
    </li>
  );
}

function History({ events }: { events: TStatusEvent[] }) {
  const { t } = useTranslation('filing');
  const clock = useCustomerClock();
  return (
    <ol className="after-filing__history" data-testid="receipt-history">
      {events.map((e) => (
        <li key={e.id}>
          <strong>{e.status_text || t(`codes.${e.status_code}`)}</strong>{' '}
          <Typography.Text type="secondary">
            {e.occurred_on ?? clock.date(e.observed_at)} · {t(`source_kind.${e.source}`)}
          </Typography.Text>
          {e.status_description && <div className="after-filing__description">{e.status_description}</div>}
        </li>
      ))}
    </ol>
  );
}
