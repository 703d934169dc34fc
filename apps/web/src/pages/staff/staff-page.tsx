import type { TStaffMe } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { staffApi, staffKeys, staffToken } from '../../api/staff.ts';
import AntdProviders from '../../app/antd-providers.tsx';
import { StaffAssistantUsage } from './staff-assistant-usage.tsx';
import { StaffConsultations } from './staff-consultations.tsx';
import { StaffContent } from './staff-content.tsx';
import { StaffFinance } from './staff-finance.tsx';
import { inboxTabsOf, StaffInbox } from './staff-inbox.tsx';
import { StaffQueue } from './staff-queue.tsx';
import { StaffSignIn } from './staff-sign-in.tsx';
import { StaffTaskView } from './staff-task.tsx';
import './staff.css';

/**
 * The staff console (/staff, its own chunk and sign-in; decision 0032): the review and translation queue and a
 * task's page (`?task=<id>`). Public pages never load this code.
 */
export default function StaffPage() {
  return (
    <AntdProviders>
      <StaffConsole />
    </AntdProviders>
  );
}

function StaffConsole() {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const [token, setToken] = useState(staffToken.get());
  const [params, setParams] = useSearchParams();
  const taskId = Number(params.get('task')) || null;
  const me = useQuery({
    queryKey: staffKeys.me(token),
    queryFn: ({ signal }) => staffApi.me(signal),
    enabled: token !== null,
    retry: false,
  });
  const onMe = (next: TStaffMe | null) => {
    const current = staffToken.get();
    setToken(current);
    queryClient.setQueryData(staffKeys.me(current), next);
  };
  const signOut = async () => {
    await staffApi.logout().catch(() => undefined);
    staffToken.set(null);
    queryClient.removeQueries({ queryKey: staffKeys.all });
    setToken(null);
  };
  const who = token && me.isSuccess ? me.data : null;
  // A role without review/translation tasks lands on its own screens: finance on Finance (decision 0034),
  // the others on their queues (decision 0035).
  const taskRole = who ? (['admin', 'reviewer', 'translator'] as const).some((r) => r === who.role) : false;
  const financeRole = who?.role === 'admin' || who?.role === 'finance';
  const view =
    params.get('view') ??
    (who?.role === 'finance'
      ? 'finance'
      : who?.role === 'consultant'
        ? 'consultations'
        : who && !taskRole && inboxTabsOf(who.role).length > 0
          ? 'inbox'
          : null);

  return (
    <main className="staff">
      <header className="staff__header">
        <Typography.Title level={1}>{t('title')}</Typography.Title>
        {who?.stage === 'ok' && (
          <Space wrap>
            <Typography.Text data-testid="staff-who">
              {who.username} · {t(`roles.${who.role}`)}
            </Typography.Text>
            <Button size="small" onClick={() => void signOut()}>
              {t('signOut')}
            </Button>
          </Space>
        )}
      </header>
      {token && me.isPending ? (
        <Skeleton active />
      ) : who?.stage === 'ok' ? (
        <>
          <Space wrap className="staff__nav">
            {taskRole && (
              <Button type={view ? 'default' : 'primary'} onClick={() => setParams({})}>
                {t('nav.tasks')}
              </Button>
            )}
            {(who.role === 'admin' || who.role === 'consultant') && (
              <Button
                type={view === 'consultations' ? 'primary' : 'default'}
                onClick={() => setParams({ view: 'consultations' })}
              >
                {t('consultations.nav.consultations')}
              </Button>
            )}
            {financeRole && (
              <Button
                type={view === 'finance' ? 'primary' : 'default'}
                onClick={() => setParams({ view: 'finance' })}
              >
                {t('nav.finance')}
              </Button>
            )}
            {financeRole && (
              <Button
                type={view === 'assistant' ? 'primary' : 'default'}
                onClick={() => setParams({ view: 'assistant' })}
              >
                {t('assistant:staff_usage.nav')}
              </Button>
            )}
            {inboxTabsOf(who.role).length > 0 && (
              <Button
                type={view === 'inbox' ? 'primary' : 'default'}
                onClick={() => setParams({ view: 'inbox' })}
              >
                {t('nav.inbox')}
              </Button>
            )}
            {(who.role === 'admin' || who.role === 'content_editor') && (
              <Button
                type={view === 'content' ? 'primary' : 'default'}
                onClick={() => setParams({ view: 'content' })}
              >
                {t('nav.content')}
              </Button>
            )}
          </Space>
          {view === 'consultations' ? (
            <StaffConsultations me={who} />
          ) : view === 'finance' && financeRole ? (
            <StaffFinance tab={params.get('tab')} onTab={(tab) => setParams({ view: 'finance', tab })} />
          ) : view === 'assistant' && financeRole ? (
            <StaffAssistantUsage />
          ) : view === 'inbox' ? (
            <StaffInbox me={who} />
          ) : view === 'content' ? (
            <StaffContent />
          ) : taskId ? (
            <StaffTaskView id={taskId} me={who} onBack={() => setParams({})} />
          ) : (
            <StaffQueue onOpen={(id) => setParams({ task: String(id) })} />
          )}
        </>
      ) : (
        <StaffSignIn me={who} onMe={onMe} />
      )}
    </main>
  );
}
