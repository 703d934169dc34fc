import type { TCustomer } from '@dossier/contract';
import { ACCOUNT_DELETION_WAIT_DAYS } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Select, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../api/accounts.ts';
import { AreaCodeSelect } from '../../features/account/area-code-select.tsx';
import { ChangePhoneModal } from '../../features/account/change-phone-modal.tsx';
import { EmailModal } from '../../features/account/email-modal.tsx';
import { accountKeys } from '../../features/account/query-keys.ts';
import { useTimezonesQuery } from '../../features/account/reference-queries.ts';
import { useLogout } from '../../features/account/use-logout.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';

/** Time between "account deleted, about to log out" and the log out itself, so the message can be read. */
const LOGOUT_AFTER_DELETION_MS = 1500;

function useCustomer() {
  return useQuery({
    queryKey: accountKeys.customer,
    queryFn: ({ signal }) => customerApi.info(signal),
  });
}

export default function PersonMessagePage() {
  const { t } = useTranslation('account');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { data: customer, isLoading } = useCustomer();
  const timezones = useTimezonesQuery();
  const [dialog, setDialog] = useState<'phone' | 'email' | null>(null);
  const [saving, setSaving] = useState<'timezone' | 'area_code' | null>(null);

  const edit = async (field: 'timezone' | 'area_code', value: string) => {
    setSaving(field);
    try {
      const answer = await customerApi.edit({ [field]: value });
      queryClient.setQueryData<TCustomer>(accountKeys.customer, answer.customer);
      void message.success(t('person.saved'));
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(null);
    }
  };

  const confirmDeletion = () => {
    void modal.confirm({
      title: t('person.deleteConfirmTitle'),
      content: t('person.deleteConfirmContent', { days: ACCOUNT_DELETION_WAIT_DAYS }),
      okText: t('person.deleteConfirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('form.cancel'),
      onOk: async () => {
        try {
          await customerApi.deleteAccount();
        } catch {
          return;
        }
        void message.warning({ content: t('person.deleted'), duration: 3 });
        setTimeout(() => void logout(), LOGOUT_AFTER_DELETION_MS);
      },
    });
  };

  return (
    <section className="person-message">
      <PageHeading titleKey="personMessage" descriptionKey="screens:personalCenter.personMessage" level={2} />
      {isLoading || !customer ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            bordered
            column={1}
            className="person-message__details"
            items={[
              {
                key: 'phone',
                label: t('person.phone'),
                children: (
                  <Space className="person-message__row">
                    <span data-testid="person-phone">
                      +{customer.area_code} {customer.fuzzy_phone}
                    </span>
                    <Button size="small" onClick={() => setDialog('phone')}>
                      {t('person.changePhone')}
                    </Button>
                  </Space>
                ),
              },
              {
                key: 'email',
                label: t('person.email'),
                children: (
                  <Space className="person-message__row">
                    <span data-testid="person-email">
                      {customer.email ?? (
                        <Typography.Text type="secondary">{t('person.notBound')}</Typography.Text>
                      )}
                    </span>
                    <Button size="small" onClick={() => setDialog('email')}>
                      {customer.email ? t('person.changeEmail') : t('person.bindEmail')}
                    </Button>
                  </Space>
                ),
              },
              {
                key: 'timezone',
                label: t('person.timezone'),
                children: (
                  <Select
                    className="person-message__select"
                    aria-label={t('person.timezone')}
                    data-testid="person-timezone"
                    placeholder={t('person.timezonePlaceholder')}
                    value={customer.timezone ?? undefined}
                    loading={timezones.isLoading || saving === 'timezone'}
                    disabled={saving === 'timezone'}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={(timezones.data ?? []).map((zone) => ({ value: zone.code, label: zone.name }))}
                    onChange={(value: string) => void edit('timezone', value)}
                  />
                ),
              },
              {
                key: 'areaCode',
                label: t('person.areaCode'),
                children: (
                  <AreaCodeSelect
                    className="person-message__select"
                    aria-label={t('person.areaCode')}
                    value={customer.area_code}
                    disabled={saving === 'area_code'}
                    onChange={(value) => void edit('area_code', value)}
                  />
                ),
              },
              {
                key: 'lastLogin',
                label: t('person.lastLogin'),
                children: customer.last_login ? dayjs(customer.last_login).format('YYYY-MM-DD HH:mm') : '—',
              },
            ]}
          />
          <Space className="person-message__actions">
            <Button onClick={() => void logout().then(() => message.success(t('person.loggedOut')))}>
              {t('person.logout')}
            </Button>
            <Button danger onClick={confirmDeletion}>
              {t('person.deleteAccount')}
            </Button>
          </Space>
          <ChangePhoneModal open={dialog === 'phone'} onClose={() => setDialog(null)} />
          <EmailModal open={dialog === 'email'} current={customer.email} onClose={() => setDialog(null)} />
        </>
      )}
    </section>
  );
}
