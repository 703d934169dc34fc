import type { TStaffMe } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { staffApi, staffKeys, staffToken } from '../../api/staff.ts';
import AntdProviders from '../../app/antd-providers.tsx';
import { StaffConsultations } from './staff-consultations.tsx';
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
  const view = params.get('view');
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
          <Space wrap className="staff__nav" role="navigation">
            {[
              { key: 'tasks', to: {} as Record<string, string> },
              { key: 'consultations', to: { view: 'consultations' } },
            ].map((n) => (
              <Button
                key={n.key}
                size="small"
                type={
                  (view ?? (who.role === 'consultant' ? 'consultations' : 'tasks')) === n.key
                    ? 'primary'
                    : 'default'
                }
                onClick={() => setParams(n.to)}
              >
                {t(`consultations.nav.${n.key}`)}
              </Button>
            ))}
          </Space>
          {(view ?? (who.role === 'consultant' ? 'consultations' : null)) === 'consultations' ? (
            <StaffConsultations me={who} />
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
