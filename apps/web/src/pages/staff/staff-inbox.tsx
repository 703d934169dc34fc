import type { StaffRole, TStaffMe } from '@dossier/contract';
import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StaffInboxAdvice } from './staff-inbox-advice.tsx';
import { StaffInboxLeads } from './staff-inbox-leads.tsx';
import { StaffInboxQa } from './staff-inbox-qa.tsx';

/** Who sees which queue (decision 0035): the server decides; the console only hides what would be refused. */
const LEADS: readonly StaffRole[] = ['admin', 'consultant'];
const CONTENT: readonly StaffRole[] = ['admin', 'content_editor'];

/** Which inbox tabs a role has (the nav shows the Inbox entry only when there is one). */
export const inboxTabsOf = (role: StaffRole) => [
  ...(LEADS.includes(role) ? (['appointments', 'assessments'] as const) : []),
  ...(CONTENT.includes(role) ? (['qa', 'advice'] as const) : []),
];

/**
 * The work queues besides review/translation (issue 16 item 8): agent appointments, assessment submissions,
 * customers' questions, suggestions. The tab is kept in `?tab=`.
 */
export function StaffInbox({ me }: { me: TStaffMe }) {
  const { t } = useTranslation('queues');
  const [params, setParams] = useSearchParams();
  const tabs = inboxTabsOf(me.role);
  const active = tabs.find((x) => x === params.get('tab')) ?? tabs[0];
  if (!active) return null;
  const body = {
    appointments: <StaffInboxLeads kind="appointment" />,
    assessments: <StaffInboxLeads kind="assessment" />,
    qa: <StaffInboxQa />,
    advice: <StaffInboxAdvice />,
  };
  return (
    <section aria-labelledby="staff-inbox-title">
      <Typography.Title level={2} id="staff-inbox-title">
        {t('inbox.title')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(tab) => setParams({ view: 'inbox', tab })}
        destroyOnHidden
        items={tabs.map((key) => ({ key, label: t(`inbox.tabs.${key}`), children: body[key] }))}
      />
    </section>
  );
}
