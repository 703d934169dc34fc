import type { AdviceStatus, TStaffAdvice } from '@dossier/contract';
import { ADVICE_STATUSES } from '@dossier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueKeys, queuesApi } from '../../api/staff-queues.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { formatDateTime } from '../../features/shop/shop-format.ts';
import { errorAlert, NotesBlock } from './staff-inbox-parts.tsx';
import { ageText } from './staff-queue.tsx';

const SIZE = 20;

/** The suggestions inbox: newest first, new / read / archived, notes. */
export function StaffInboxAdvice() {
  const { t } = useTranslation('queues');
  const [status, setStatus] = useState<AdviceStatus | undefined>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = { page, size: SIZE, ...(status ? { status } : {}) };
  const list = useQuery({
    queryKey: queueKeys.list('advice', query),
    queryFn: ({ signal }) => queuesApi.advice(query, signal),
    placeholderData: keepPreviousData,
  });
  if (open !== null) return <AdviceDetail id={open} onBack={() => setOpen(null)} />;
  return (
    <div>
      <Space wrap className="staff__filters">
        <Select
          aria-label={t('advice.status')}
          className="staff__filter"
          allowClear
          placeholder={t('advice.notArchived')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={ADVICE_STATUSES.map((s) => ({ value: s, label: t(`advice.statuses.${s}`) }))}
        />
      </Space>
      <ResponsiveTable<TStaffAdvice>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.results ?? []}
        emptyText={t('advice.empty')}
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
            key: 'content',
            title: t('advice.content'),
            render: (_, r) => <span className="staff__item">{r.content.slice(0, 120)}</span>,
          },
          {
            key: 'status',
            title: t('advice.status'),
            render: (_, r) => <Tag>{t(`advice.statuses.${r.status}`)}</Tag>,
          },
          {
            key: 'age',
            title: t('leads.age'),
            render: (_, r) => ageText(r.age_seconds, (k, o) => t(`staff:${k}`, o)),
          },
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

function AdviceDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation('queues');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const item = useQuery({
    queryKey: queueKeys.item('advice', id),
    queryFn: ({ signal }) => queuesApi.adviceItem(id, signal),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queueKeys.all });
  const move = useMutation({
    mutationFn: (to: AdviceStatus) => queuesApi.adviceStatus(id, to),
    onSettled: refresh,
  });
  if (!item.data) return <Skeleton active />;
  const r = item.data;
  return (
    <div>
      <Button type="link" onClick={onBack}>
        {t('back')}
      </Button>
      <Typography.Title level={3}>{t('advice.title', { id })}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {formatDateTime(r.created_at, locale)} · {r.language} · <Tag>{t(`advice.statuses.${r.status}`)}</Tag>
      </Typography.Paragraph>
      <Typography.Paragraph className="staff__item">{r.content}</Typography.Paragraph>
      <Space wrap className="staff__actions">
        {ADVICE_STATUSES.filter((s) => s !== r.status).map((s) => (
          <Button key={s} loading={move.isPending && move.variables === s} onClick={() => move.mutate(s)}>
            {t(`advice.moves.${s}`)}
          </Button>
        ))}
      </Space>
      {errorAlert(move.error)}
      <NotesBlock
        notes={r.notes}
        add={async (body) => {
          await queuesApi.noteAdvice(id, body);
          refresh();
        }}
      />
    </div>
  );
}
