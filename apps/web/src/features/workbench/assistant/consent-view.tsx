import type { TAssistantState } from '@dossier/contract';
import { Alert, Button, Descriptions, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useCustomerClock } from '../../clock/use-customer-clock.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { useConsent } from './use-assistant.ts';

/**
 * Before the first use on a case (issue 33 item 3): which provider, model and host the case's data would go to,
 * what is sent and what is not; "Turn on" records the consent for exactly that provider and model (the server
 * refuses it if the configuration changed since the screen was read).
 */
export function ConsentView({ state, onCancel }: { state: TAssistantState; onCancel: () => void }) {
  const { t } = useTranslation('assistant');
  const { summary, readOnly } = useWorkbenchCase();
  const { grant } = useConsent(summary.id);
  const provider = state.provider;
  if (!provider) return null;
  const error = grant.error instanceof ApiError ? grant.error.message : null;
  return (
    <section className="assistant-consent" data-testid="assistant-consent">
      <Typography.Title level={4}>{t('ui.consent.title')}</Typography.Title>
      <Typography.Paragraph>{t('ui.consent.intro')}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'name', label: t('ui.consent.provider'), children: provider.name },
          {
            key: 'model',
            label: t('ui.consent.model'),
            children: <span lang="en">{provider.model}</span>,
          },
          {
            key: 'host',
            label: t('ui.consent.host'),
            children: (
              <span lang="en" data-testid="assistant-consent-host">
                {provider.base_url_host}
              </span>
            ),
          },
        ]}
      />
      <Typography.Title level={5}>{t('ui.consent.sent_title')}</Typography.Title>
      <ul className="assistant-consent__list">
        <li>{t('ui.consent.sent_profile')}</li>
        <li>{t('ui.consent.sent_forms')}</li>
        <li>{t('ui.consent.sent_evidence')}</li>
        <li>{t('ui.consent.sent_letters')}</li>
        <li>{t('ui.consent.sent_exhibit_text')}</li>
      </ul>
      <Typography.Title level={5}>{t('ui.consent.not_sent_title')}</Typography.Title>
      <ul className="assistant-consent__list">
        <li>{t('ui.consent.not_sent_files')}</li>
        <li>{t('ui.consent.not_sent_account')}</li>
        <li>{t('ui.consent.not_sent_other_cases')}</li>
      </ul>
      <Typography.Paragraph type="secondary">{t('ui.consent.checked')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} data-testid="assistant-consent-error" />}
      <Space wrap className="assistant-consent__actions">
        <Button
          type="primary"
          loading={grant.isPending}
          disabled={readOnly}
          onClick={() => grant.mutate(provider)}
          data-testid="assistant-consent-on"
        >
          {t('ui.consent.turn_on')}
        </Button>
        <Button onClick={onCancel} data-testid="assistant-consent-cancel">
          {t('ui.cancel')}
        </Button>
      </Space>
    </section>
  );
}

/** Where the assistant is: since when it is on for this case (the customer's zone) and Withdraw. */
export function ConsentLine({ state }: { state: TAssistantState }) {
  const { t } = useTranslation('assistant');
  const { summary } = useWorkbenchCase();
  const clock = useCustomerClock();
  const { withdraw } = useConsent(summary.id);
  if (!state.consent) return null;
  const q = state.quota;
  return (
    <div className="assistant-consent-line" data-testid="assistant-consent-line">
      <Typography.Text type="secondary">
        {t('ui.consent.on_since', {
          time: clock.dateTime(state.consent.granted_at),
          provider: state.consent.provider,
          model: state.consent.model,
        })}
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="assistant-quota">
        {t('ui.quota', {
          used: q.used_tokens.toLocaleString(),
          limit: q.limit_tokens.toLocaleString(),
          requests: q.used_requests,
          requests_limit: q.limit_requests,
        })}
      </Typography.Text>
      <Popconfirm
        title={t('ui.consent.withdraw_confirm')}
        okText={t('ui.consent.withdraw')}
        cancelText={t('ui.cancel')}
        onConfirm={() => withdraw.mutate()}
      >
        <Button size="small" loading={withdraw.isPending} data-testid="assistant-withdraw">
          {t('ui.consent.withdraw')}
        </Button>
      </Popconfirm>
    </div>
  );
}

/** What every assistant button says when no model is configured: the assistant is off, never an error. */
export function OffNote() {
  const { t } = useTranslation('assistant');
  return (
    <Typography.Text type="secondary" className="assistant-off" data-testid="assistant-off">
      {t('ui.off')}
    </Typography.Text>
  );
}
