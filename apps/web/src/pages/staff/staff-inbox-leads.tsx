import type { LeadStatus, TStaffAppointment, TStaffAssessment } from '@dossier/contract';
import { LEAD_MOVES, LEAD_STATUSES } from '@dossier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LeadKind, queueKeys, queuesApi } from '../../api/staff-queues.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { formatDateTime } from '../../features/shop/shop-format.ts';
import { AssessmentAnswers } from './staff-assessment-answers.tsx';
import { errorAlert, NotesBlock } from './staff-inbox-parts.tsx';
import { ageText } from './staff-queue.tsx';

const SIZE = 20;
type Lead = TStaffAppointment | TStaffAssessment;

/** Agent appointments or assessment submissions: status filter, age, holder; a row opens its detail. */
export function StaffInboxLeads({ kind }: { kind: LeadKind }) {
  const { t } = useTranslation('queues');
  const [status, setStatus] = useState<LeadStatus | undefined>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = { page, size: SIZE, ...(status ? { status } : {}) };
  const list = useQuery({
    queryKey: queueKeys.list(kind, query),
    queryFn: ({ signal }): Promise<{ count: number; results: Lead[] }> =>
      kind === 'appointment' ? queuesApi.appointments(query, signal) : queuesApi.assessments(query, signal),
    placeholderData: keepPreviousData,
  });
  if (open !== null) return <LeadDetail kind={kind} id={open} onBack={() => setOpen(null)} />;
  return (
    <div>
      <Space wrap className="staff__filters">
        <Select
          aria-label={t('leads.status')}
          className="staff__filter"
          allowClear
          placeholder={t('leads.open')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={LEAD_STATUSES.map((s) => ({ value: s, label: t(`leads.statuses.${s}`) }))}
        />
      </Space>
      <ResponsiveTable<Lead>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.results ?? []}
        emptyText={t('leads.empty')}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: list.data?.count ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'id', title: '#', dataIndex: 'id', width: 70 },
          {
            key: 'who',
            title: t('leads.who'),
            render: (_, r) => `${'name' in r ? `${r.name} · ` : ''}+${r.area_code} ${r.phone}`,
          },
          {
            key: 'status',
            title: t('leads.status'),
            render: (_, r) => <Tag>{t(`leads.statuses.${r.status}`)}</Tag>,
          },
          {
            key: 'age',
            title: t('leads.age'),
            render: (_, r) => ageText(r.age_seconds, (k, o) => t(`staff:${k}`, o)),
          },
          { key: 'holder', title: t('leads.holder'), render: (_, r) => r.holder ?? '—' },
          {
            key: 'open',
            title: t('actions'),
            render: (_, r) => (
              <Button size="small" onClick={() => setOpen(r.id)}>
                {t('openItem', { id: r.id })}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}

function LeadDetail({ kind, id, onBack }: { kind: LeadKind; id: number; onBack: () => void }) {
  const { t } = useTranslation('queues');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const key = queueKeys.item(kind, id);
  const item = useQuery({
    queryKey: key,
    queryFn: ({ signal }): Promise<Lead> =>
      kind === 'appointment' ? queuesApi.appointment(id, signal) : queuesApi.assessment(id, signal),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queueKeys.all });
  };
  const claim = useMutation({ mutationFn: () => queuesApi.claim(kind, id), onSettled: refresh });
  const move = useMutation({
    mutationFn: (to: LeadStatus) => queuesApi.move(kind, id, to),
    onSettled: refresh,
  });
  if (!item.data) return <Skeleton active />;
  const r = item.data;
  return (
    <div>
      <Button type="link" onClick={onBack}>
        {t('back')}
      </Button>
      <Typography.Title level={3}>{t(`leads.title.${kind}`, { id })}</Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('leads.status')}>
          <Tag data-testid="lead-status">{t(`leads.statuses.${r.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('leads.holder')}>{r.holder ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('leads.submitted')}>
          {formatDateTime(r.submitted_at, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('leads.phone')}>
          +{r.area_code} {r.phone}
        </Descriptions.Item>
        {r.email && <Descriptions.Item label={t('leads.email')}>{r.email}</Descriptions.Item>}
        {'name' in r && (
          <>
            <Descriptions.Item label={t('leads.name')}>{r.name}</Descriptions.Item>
            {r.wechat && <Descriptions.Item label={t('leads.wechat')}>{r.wechat}</Descriptions.Item>}
            <Descriptions.Item label={t('leads.when')}>
              {r.appointment_date} · {r.time_range} · {r.timezone}
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('leads.language')}>{r.language ?? '—'}</Descriptions.Item>
      </Descriptions>
      {'area' in r && (
        <section className="staff__answers-block" aria-label={t('leads.answers')}>
          <Typography.Title level={5}>{t('leads.answers')}</Typography.Title>
          <AssessmentAnswers data={r.data} />
        </section>
      )}
      <Space wrap className="staff__actions">
        {r.holder === null && r.status !== 'closed' && (
          <Button type="primary" loading={claim.isPending} onClick={() => claim.mutate()}>
            {t('claim')}
          </Button>
        )}
        {LEAD_MOVES[r.status].map((to) => (
          <Button key={to} loading={move.isPending && move.variables === to} onClick={() => move.mutate(to)}>
            {t(`leads.moves.${to}`)}
          </Button>
        ))}
      </Space>
      {errorAlert(claim.error)}
      {errorAlert(move.error)}
      <NotesBlock
        notes={r.notes}
        add={async (body) => {
          await queuesApi.noteLead(kind, id, body);
          refresh();
        }}
      />
    </div>
  );
}
