import type { TaskService, TaskStatus, TStaffTask } from '@dossier/contract';
import { TASK_SERVICES, TASK_STATUSES } from '@dossier/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffApi, staffKeys } from '../../api/staff.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';

const SIZE = 20;

/** "3 h", "2 d": how long a task has waited since its (re)submit. */
export function ageText(seconds: number | null, t: (key: string, options: { n: number }) => string): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return t('age.minutes', { n: Math.max(1, Math.floor(seconds / 60)) });
  if (seconds < 86_400) return t('age.hours', { n: Math.floor(seconds / 3600) });
  return t('age.days', { n: Math.floor(seconds / 86_400) });
}

/** The review / translation queue: service and status filters, age and holder (issue 16 item 8). */
export function StaffQueue({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('staff');
  const [service, setService] = useState<TaskService | undefined>();
  const [status, setStatus] = useState<TaskStatus | undefined>();
  const [page, setPage] = useState(1);
  const query = { page, size: SIZE, service, status };
  const queue = useQuery({
    queryKey: staffKeys.queue(query),
    queryFn: ({ signal }) => staffApi.queue(query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="staff-queue-title">
      <Typography.Title level={2} id="staff-queue-title">
        {t('queue.title')}
      </Typography.Title>
      <Space wrap className="staff__filters">
        <Select
          aria-label={t('queue.service')}
          className="staff__filter"
          allowClear
          placeholder={t('queue.allServices')}
          value={service}
          onChange={(v) => {
            setService(v);
            setPage(1);
          }}
          options={TASK_SERVICES.map((s) => ({ value: s, label: t(`tasks:services.${s}`) }))}
        />
        <Select
          aria-label={t('queue.status')}
          className="staff__filter"
          allowClear
          placeholder={t('queue.open')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={TASK_STATUSES.map((s) => ({ value: s, label: t(`shop:rights.tasks.${s}`) }))}
        />
      </Space>
      <ResponsiveTable<TStaffTask>
        rowKey="id"
        size="small"
        loading={queue.isFetching && !queue.data}
        dataSource={queue.data?.results ?? []}
        emptyText={t('queue.empty')}
        rowClassName={() => 'staff-task-row'}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: queue.data?.count ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'id', title: '#', dataIndex: 'id', width: 70 },
          { key: 'service', title: t('queue.service'), render: (_, r) => t(`tasks:services.${r.service}`) },
          {
            key: 'status',
            title: t('queue.status'),
            render: (_, r) => <Tag>{t(`shop:rights.tasks.${r.status}`)}</Tag>,
          },
          {
            key: 'covers',
            title: t('queue.covers'),
            render: (_, r) => r.covers.map((c) => t(`tasks:covers.${c}`)).join(', '),
          },
          { key: 'age', title: t('queue.age'), render: (_, r) => ageText(r.age_seconds, (k, o) => t(k, o)) },
          { key: 'holder', title: t('queue.holder'), render: (_, r) => r.holder ?? '—' },
          {
            key: 'open',
            title: t('queue.actions'),
            render: (_, r) => (
              <Button size="small" onClick={() => onOpen(r.id)}>
                {t('queue.openTask', { id: r.id })}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
