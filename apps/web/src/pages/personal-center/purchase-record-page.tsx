import type { TOrder, TRight } from '@dossier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shopApi } from '../../api/shop.ts';
import { taskKeys, tasksApi } from '../../api/tasks.ts';
import { useCustomerClock } from '../../features/clock/use-customer-clock.ts';
import { ConsultationForRight } from '../../features/consultation/consultation-entry.tsx';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ButtonLink } from '../../features/shell/button-link.tsx';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { PaymentDialog } from '../../features/shop/payment-dialog.tsx';
import { formatMoney, ORDER_STATUS_COLOR, orderStatusOf } from '../../features/shop/shop-format.ts';
import { shopKeys } from '../../features/shop/shop-keys.ts';
import { transferPath } from '../../features/shop/transfer-store.ts';
import { TaskActions } from '../../features/tasks/task-actions.tsx';
import '../../features/shop/shop.css';

const PAGE_SIZE = 10;

/**
 * Purchase history (spec §2 Personal centre, §3 Order): index, type, order number, created and paid time,
 * amount, status; unpaid orders offer Proceed to Pay and Cancel Order (with confirmation). Below, the service
 * entitlement rows (service, status, submit time).
 */
export default function PurchaseRecordPage() {
  const { t } = useTranslation('shop');
  const { locale } = useLocale();
  const clock = useCustomerClock();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<TOrder | null>(null);
  // The checkout returns here with ?order=<order number> (and &cancelled=1 when the customer gave up).
  const [params] = useSearchParams();
  const returnedOrderNo = params.get('order');
  const returnedCancelled = params.get('cancelled') === '1';

  const orders = useQuery({
    queryKey: [...shopKeys.orders, page],
    queryFn: ({ signal }) => shopApi.orders({ page, size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rights = useQuery({ queryKey: shopKeys.rights, queryFn: ({ signal }) => shopApi.myRights(signal) });
  // Review and translation rows carry their task's actions (the task id is the row's id, decision 0031).
  const tasks = useQuery({
    queryKey: taskKeys.list(),
    queryFn: ({ signal }) => tasksApi.list(undefined, signal),
  });
  const taskOf = (r: TRight) => tasks.data?.find((task) => task.id === r.id);

  const cancel = useMutation({
    mutationFn: shopApi.cancel,
    onSuccess: ({ msg }) => void message.success(msg),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });

  const returned = orders.data?.results.find((o) => o.order_no === returnedOrderNo);

  const typeLabel = (order: TOrder) =>
    `${t(`projects.${order.project_code}`)} · ${order.items
      .map((item) => t(`services.${item.service}.name`, { defaultValue: item.name }))
      .join(' + ')}`;

  return (
    <section className="purchase-record">
      <PageHeading titleKey="purchaseRecord" descriptionKey="shop:record.description" level={2} />
      <section aria-labelledby="orders-title">
        <Typography.Title level={3} id="orders-title">
          {t('record.orders')}
        </Typography.Title>
        {returned && (
          <Alert
            className="purchase-record__returned"
            data-testid="returned-order"
            type={
              orderStatusOf(returned.status) === 'paid' ? 'success' : returnedCancelled ? 'info' : 'warning'
            }
            showIcon
            title={
              returnedCancelled && orderStatusOf(returned.status) !== 'paid'
                ? t('record.returnedCancelled', { orderNo: returned.order_no })
                : t('record.returned', {
                    orderNo: returned.order_no,
                    status: t(`status.${orderStatusOf(returned.status)}`),
                  })
            }
          />
        )}
        <ResponsiveTable<TOrder>
          rowKey="id"
          size="middle"
          loading={orders.isFetching && !orders.data}
          dataSource={orders.data?.results ?? []}
          emptyText={t('record.empty')}
          rowClassName={(o) =>
            o.order_no === returnedOrderNo ? 'order-row order-row--returned' : 'order-row'
          }
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: orders.data?.count ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'index',
              title: t('order.index'),
              width: 70,
              render: (_, __, i) => (page - 1) * PAGE_SIZE + i + 1,
            },
            {
              key: 'type',
              title: t('order.type'),
              render: (_, order) => (
                <Space direction="vertical" size={0}>
                  <Tag color={order.type === 'base' ? 'blue' : 'default'}>
                    {t(`order.types.${order.type}`)}
                  </Tag>
                  <span>{typeLabel(order)}</span>
                </Space>
              ),
            },
            {
              key: 'order_no',
              title: t('order.orderNo'),
              render: (_, order) => <span data-testid="order-no">{order.order_no}</span>,
            },
            {
              key: 'created',
              title: t('order.created'),
              render: (_, o) => clock.dateTime(o.created_at),
            },
            { key: 'paid', title: t('order.paidAt'), render: (_, o) => clock.dateTime(o.paid_at) },
            {
              key: 'amount',
              title: t('order.amount'),
              render: (_, o) => (
                <Space direction="vertical" size={0}>
                  <span>{formatMoney(o.payable, locale)}</span>
                  <Typography.Text type="secondary">{formatMoney(o.payable_cny, locale)}</Typography.Text>
                </Space>
              ),
            },
            {
              key: 'status',
              title: t('order.status'),
              render: (_, o) => {
                const status = orderStatusOf(o.status);
                return (
                  <Tag color={ORDER_STATUS_COLOR[status]} data-testid="order-status">
                    {t(`status.${status}`)}
                  </Tag>
                );
              },
            },
            {
              key: 'actions',
              title: t('order.actions'),
              render: (_, o) => {
                const status = orderStatusOf(o.status);
                if (status === 'processing' && o.method === 'bank_transfer')
                  return (
                    <ButtonLink type="link" size="small" to={transferPath(o.id)}>
                      {t('record.transferDetails')}
                    </ButtonLink>
                  );
                if (status !== 'unpaid') return null;
                return (
                  <Space wrap>
                    <Button type="primary" size="small" onClick={() => setPaying(o)}>
                      {t('record.proceed')}
                    </Button>
                    <Popconfirm
                      title={t('record.cancelConfirm')}
                      okText={t('record.cancelOk')}
                      cancelText={t('record.cancelKeep')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => cancel.mutateAsync(o.id).catch(() => undefined)}
                    >
                      <Button danger size="small" loading={cancel.isPending && cancel.variables === o.id}>
                        {t('record.cancel')}
                      </Button>
                    </Popconfirm>
                  </Space>
                );
              },
            },
          ]}
        />
      </section>

      <section aria-labelledby="rights-title">
        <Typography.Title level={3} id="rights-title">
          {t('rights.title')}
        </Typography.Title>
        <ResponsiveTable<TRight>
          rowKey="id"
          size="middle"
          loading={rights.isPending}
          dataSource={rights.data ?? []}
          emptyText={t('rights.empty')}
          pagination={false}
          rowClassName={() => 'right-row'}
          columns={[
            {
              key: 'service',
              title: t('rights.service'),
              render: (_, r) =>
                `${t(`projects.${r.project_code}`)} · ${t(`services.${r.service}.name`, { defaultValue: r.name })}`,
            },
            {
              key: 'status',
              title: t('rights.status'),
              render: (_, r) => (
                <Space wrap size={4}>
                  <Tag color={r.status === 'active' ? 'green' : 'default'} data-testid="right-status">
                    {t(`rights.states.${r.status}`)}
                  </Tag>
                  {r.task_status && <Tag>{t(`rights.tasks.${r.task_status}`)}</Tag>}
                </Space>
              ),
            },
            {
              key: 'valid',
              title: t('rights.validUntil'),
              render: (_, r) => clock.dateTime(r.expires_at),
            },
            {
              key: 'submitted',
              title: t('rights.submitted'),
              render: (_, r) => clock.dateTime(r.submitted_at),
            },
            {
              key: 'actions',
              title: t('order.actions'),
              render: (_, r) => {
                if (r.service === 'CONSULTATION') return <ConsultationForRight id={r.id} />;
                const task = taskOf(r);
                return task ? <TaskActions task={task} /> : null;
              },
            },
          ]}
        />
      </section>
      <PaymentDialog order={paying} onClose={() => setPaying(null)} />
    </section>
  );
}
