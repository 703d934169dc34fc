import type { TCustomer } from '@dossier/contract';
import { ACCOUNT_DELETION_WAIT_DAYS } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../api/accounts.ts';
import { ChangePhoneModal } from '../../features/account/change-phone-modal.tsx';
import { EmailModal } from '../../features/account/email-modal.tsx';
import { accountKeys } from '../../features/account/query-keys.ts';
import { useTimezonesQuery } from '../../features/account/reference-queries.ts';
import { useLogout } from '../../features/account/use-logout.ts';
import { useCustomerClock } from '../../features/clock/use-customer-clock.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { useNarrowScreen } from '../../features/shell/use-narrow-screen.ts';

function useCustomer() {
  return useQuery({
    queryKey: accountKeys.customer,
    queryFn: ({ signal }) => customerApi.info(signal),
  });
}

export default function PersonMessagePage() {
  const { t } = useTranslation('account');
  const clock = useCustomerClock();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { data: customer, isLoading } = useCustomer();
  const timezones = useTimezonesQuery();
  // The area code is part of the login phone: it changes through the phone change (a code to the new number).
  const [dialog, setDialog] = useState<'phone' | 'areaCode' | 'email' | null>(null);
  const [saving, setSaving] = useState(false);
  // A label column beside a long e-mail and its button does not fit 390 px: labels go above the values.
  const narrow = useNarrowScreen();

  const editTimezone = async (value: string) => {
    setSaving(true);
    try {
      const answer = await customerApi.edit({ timezone: value });
      queryClient.setQueryData<TCustomer>(accountKeys.customer, answer.customer);
      void message.success(t('person.saved'));
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
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
        // The server has already ended every session of the account: log out now (the message stays up).
        void message.warning({ content: t('person.deleted'), duration: 3 });
        await logout();
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
            layout={narrow ? 'vertical' : 'horizontal'}
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
                    loading={timezones.isLoading || saving}
                    disabled={saving}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={(timezones.data ?? []).map((zone) => ({ value: zone.code, label: zone.name }))}
                    onChange={(value: string) => void editTimezone(value)}
                  />
                ),
              },
              {
                key: 'areaCode',
                label: t('person.areaCode'),
                children: (
                  <Space className="person-message__row">
                    <span className="person-message__area-code" data-testid="person-area-code">
                      +{customer.area_code}
                    </span>
                    <Button size="small" onClick={() => setDialog('areaCode')}>
                      {t('person.changeAreaCode')}
                    </Button>
                  </Space>
                ),
              },
              {
                key: 'lastLogin',
                label: t('person.lastLogin'),
                children: clock.stamp(customer.last_login),
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
          {/* The same verified change, with the current number filled in: only the area code is picked. */}
          <ChangePhoneModal
            open={dialog === 'areaCode'}
            initial={{ area_code: customer.area_code, phone: customer.phone }}
            onClose={() => setDialog(null)}
          />
          <EmailModal open={dialog === 'email'} current={customer.email} onClose={() => setDialog(null)} />
        </>
      )}
    </section>
  );
}
