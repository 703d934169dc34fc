import type { TNotification } from '@dossier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Popconfirm, Segmented, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationApi } from '../../api/accounts.ts';
import { accountKeys } from '../../features/account/query-keys.ts';
import { useCustomerClock } from '../../features/clock/use-customer-clock.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';

const PAGE_SIZE = 10;
type Filter = 'all' | 'unread';

export default function MessageRemindPage() {
  const { t } = useTranslation('account');
  const clock = useCustomerClock();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<number[]>([]);
  const query = { page, size: PAGE_SIZE, unreadOnly: filter === 'unread' };

  const { data, isFetching } = useQuery({
    queryKey: [...accountKeys.notifications, 'list', query],
    queryFn: ({ signal }) => notificationApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

  // Every change refreshes the list and the header badge (both under the notifications key).
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.notifications });

  const markRead = useMutation({ mutationFn: notificationApi.markRead, onSettled: refresh });
  const removeOne = useMutation({
    mutationFn: notificationApi.remove,
    onSuccess: (_, id) => {
      setSelected((ids) => ids.filter((x) => x !== id));
      void message.success(t('messages.deleted'));
    },
    onSettled: refresh,
  });
  const removeMany = useMutation({
    mutationFn: notificationApi.removeMany,
    onSuccess: () => {
      setSelected([]);
      void message.success(t('messages.deleted'));
    },
    onSettled: refresh,
  });

  // A page emptied by deletions falls back to the previous one.
  const emptiedPage = data !== undefined && page > 1 && data.results.length === 0 && !isFetching;
  useEffect(() => {
    if (emptiedPage) setPage((current) => Math.max(1, current - 1));
  }, [emptiedPage]);

  const read = (item: TNotification) => {
    if (!item.is_read) markRead.mutate(item.id);
  };

  return (
    <section className="message-remind">
      <PageHeading titleKey="messageRemind" descriptionKey="screens:personalCenter.messageRemind" level={2} />
      <div className="message-remind__toolbar">
        <Segmented<Filter>
          aria-label={t('messages.filterLabel')}
          value={filter}
          options={[
            { value: 'all', label: t('messages.all') },
            { value: 'unread', label: t('messages.unreadOnly') },
          ]}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
            setSelected([]);
          }}
        />
        <Space>
          {selected.length > 0 && (
            <Typography.Text type="secondary">
              {t('messages.selected', { n: selected.length })}
            </Typography.Text>
          )}
          <Popconfirm
            title={t('messages.batchDeleteConfirm', { n: selected.length })}
            okText={t('form.ok')}
            cancelText={t('form.cancel')}
            okButtonProps={{ danger: true }}
            disabled={selected.length === 0}
            onConfirm={() => removeMany.mutateAsync(selected).catch(() => undefined)}
          >
            <Button danger disabled={selected.length === 0} loading={removeMany.isPending}>
              {t('messages.batchDelete')}
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <ResponsiveTable<TNotification>
        rowKey="id"
        size="middle"
        loading={isFetching && !data}
        dataSource={data?.results ?? []}
        emptyText={t('messages.empty')}
        rowClassName={(item) =>
          item.is_read ? 'message-row message-row--read' : 'message-row message-row--unread'
        }
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.count ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: false,
          showTotal: (total) => t('messages.total', { n: total }),
          onChange: (next) => setPage(next),
        }}
        columns={[
          {
            key: 'status',
            title: t('messages.status'),
            width: 90,
            render: (_, item) =>
              item.is_read ? (
                <Badge status="default" text={t('messages.read')} />
              ) : (
                <Badge status="processing" text={t('messages.unread')} />
              ),
          },
          {
            key: 'message',
            title: t('messages.content'),
            render: (_, item) => (
              <Typography.Link
                className="message-row__text"
                strong={!item.is_read}
                onClick={() => read(item)}
                data-testid="notification-message"
              >
                {item.message}
              </Typography.Link>
            ),
          },
          {
            key: 'time',
            title: t('messages.time'),
            width: 170,
            render: (_, item) => clock.stamp(item.time),
          },
          {
            key: 'actions',
            title: t('messages.actions'),
            width: 190,
            render: (_, item) => (
              <Space size="small">
                {!item.is_read && (
                  <Button type="link" size="small" onClick={() => read(item)}>
                    {t('messages.markRead')}
                  </Button>
                )}
                <Popconfirm
                  title={t('messages.deleteConfirm')}
                  okText={t('form.ok')}
                  cancelText={t('form.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => removeOne.mutateAsync(item.id).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger>
                    {t('messages.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </section>
  );
}
