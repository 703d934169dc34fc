import { ORDER_STATUSES, type OrderStatus, type TStaffOrder } from '@dossier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { financeApi, financeKeys, newIdempotencyKey } from '../../api/staff-finance.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import {
  formatDateTime,
  formatMoney,
  ORDER_STATUS_COLOR,
  orderStatusOf,
} from '../../features/shop/shop-format.ts';

const SIZE = 20;

export const errorAlert = (error: unknown) =>
  error instanceof ApiError ? <Alert type="error" showIcon title={error.message} role="alert" /> : null;

/** "12.34" → 1234 (minor units), exactly; null when it is not such an amount. */
export function toMinor(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return n > 0 ? n : null;
}

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('staff');
  const s = orderStatusOf(status);
  return (
    <Tag color={ORDER_STATUS_COLOR[s]} data-testid="finance-order-status">
      {t(`shop:status.${s}`)}
    </Tag>
  );
}

/** Payments and refunds of one order. */
function OrderDetail({ order }: { order: TStaffOrder }) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  return (
    <div className="staff__item">
      <Typography.Text strong>{t('finance.payments')}</Typography.Text>
      <List
        size="small"
        dataSource={order.payments}
        locale={{ emptyText: t('finance.noPayments') }}
        renderItem={(p) => (
          <List.Item>
            #{p.id} · {p.provider} · {formatMoney(p.amount, locale)} · {p.status}
            {p.refunded.amount > 0 && ` · ${t('finance.refunds')}: ${formatMoney(p.refunded, locale)}`} ·{' '}
            {formatDateTime(p.created_at, locale)}
          </List.Item>
        )}
      />
      {order.refunds.length > 0 && (
        <>
          <Typography.Text strong>{t('finance.refunds')}</Typography.Text>
          <List
            size="small"
            dataSource={order.refunds}
            renderItem={(r) => (
              <List.Item data-testid="finance-refund-row">
                {formatMoney(r.amount, locale)} · {r.status} · {r.reason} · {r.staff}
                {r.provider_refund_id ? ` · ${r.provider_refund_id}` : ''} ·{' '}
                {formatDateTime(r.created_at, locale)}
              </List.Item>
            )}
          />
        </>
      )}
    </div>
  );
}

/** The refund dialog: reason, an optional amount (everything left by default), a bank reference when needed. */
function RefundDialog({ order, onClose }: { order: TStaffOrder; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  // One key per dialog: pressing Refund again after a lost answer refunds once.
  const [key, setKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState<TStaffOrder | null>(null);
  const target = order.refundable;
  const refund = useMutation({
    mutationFn: (v: { reason: string; amount?: string; reference?: string }) =>
      financeApi.refund(
        order.id,
        {
          reason: v.reason,
          ...(v.amount?.trim() ? { amount: toMinor(v.amount) ?? 0 } : {}),
          ...(v.reference?.trim() ? { reference: v.reference.trim() } : {}),
        },
        key,
      ),
    onSuccess: (next) => {
      setDone(next);
      void queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
    // The server answered (a refusal is final for that key): the next press is a new attempt. A lost answer
    // (no ApiError) keeps the key, so pressing again cannot refund twice.
    onError: (error) => {
      if (error instanceof ApiError) setKey(newIdempotencyKey());
    },
  });
  return (
    <Modal
      open
      title={t('finance.refundTitle', { orderNo: order.order_no })}
      onCancel={onClose}
      footer={null}
    >
      {done ? (
        <Space direction="vertical">
          <Alert
            type="success"
            showIcon
            role="status"
            title={t('finance.refunded', {
              orderNo: done.order_no,
              status: t(`shop:status.${orderStatusOf(done.status)}`),
            })}
          />
          <Button onClick={onClose} data-testid="finance-refund-done">
            {t('finance.close')}
          </Button>
        </Space>
      ) : target ? (
        <Form layout="vertical" requiredMark={false} onFinish={refund.mutate}>
          <Typography.Paragraph>
            {t('finance.refundable', {
              amount: formatMoney(target.amount, locale),
              provider: target.provider,
            })}
          </Typography.Paragraph>
          <Form.Item
            name="reason"
            label={t('finance.reason')}
            rules={[{ required: true, whitespace: true, message: t('finance.required') }]}
          >
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('finance.amount', { currency: target.amount.currency })}
            rules={[
              {
                validator: async (_, v: string | undefined) => {
                  if (!v?.trim()) return;
                  const n = toMinor(v);
                  if (n === null || n > target.amount.amount) throw new Error(t('finance.amountRule'));
                },
              },
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          {target.provider === 'bank_transfer' && (
            <Form.Item
              name="reference"
              label={t('finance.reference')}
              rules={[{ required: true, whitespace: true, message: t('finance.required') }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          )}
          {errorAlert(refund.error)}
          <Button type="primary" danger htmlType="submit" block loading={refund.isPending}>
            {t('finance.confirmRefund')}
          </Button>
        </Form>
      ) : (
        <Alert type="info" showIcon title={t('finance.nothingRefundable')} />
      )}
    </Modal>
  );
}

interface Filters {
  order_no?: string;
  phone?: string;
  status?: OrderStatus;
  from?: string;
  to?: string;
}

/** Orders search (order no., phone, status, creation days), each order's payments and the refund dialog. */
export function StaffOrders() {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [refunding, setRefunding] = useState<TStaffOrder | null>(null);
  const query = { page, size: SIZE, ...filters };
  const orders = useQuery({
    queryKey: financeKeys.orders(query),
    queryFn: ({ signal }) => financeApi.orders(query, signal),
    placeholderData: keepPreviousData,
  });
  const clean = (v: Record<string, string | undefined>): Filters =>
    Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x.trim() !== '')) as Filters;

  return (
    <section aria-labelledby="finance-orders-title">
      <Typography.Title level={3} id="finance-orders-title">
        {t('finance.tabs.orders')}
      </Typography.Title>
      <Form
        layout="vertical"
        className="staff__filters finance__search"
        onFinish={(v) => {
          setFilters(clean(v));
          setPage(1);
        }}
      >
        <Form.Item name="order_no" label={t('finance.orderNo')}>
          <Input maxLength={40} data-testid="finance-search-order-no" />
        </Form.Item>
        <Form.Item name="phone" label={t('finance.phone')}>
          <Input inputMode="tel" maxLength={20} />
        </Form.Item>
        <Form.Item name="status" label={t('finance.status')}>
          <Select
            allowClear
            placeholder={t('finance.anyStatus')}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`shop:status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="from" label={t('finance.from')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="to" label={t('finance.to')}>
          <Input type="date" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('finance.search')}
        </Button>
      </Form>
      {errorAlert(orders.error)}
      <ResponsiveTable<TStaffOrder>
        rowKey="id"
        size="small"
        loading={orders.isFetching && !orders.data}
        dataSource={orders.data?.results ?? []}
        emptyText={t('finance.empty')}
        rowClassName={() => 'finance-order-row'}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: orders.data?.count ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'no',
            title: t('finance.orderNo'),
            render: (_, o) => <span className="staff__item">{o.order_no}</span>,
          },
          { key: 'phone', title: t('finance.phone'), render: (_, o) => o.customer_phone ?? '—' },
          { key: 'status', title: t('finance.status'), render: (_, o) => <StatusTag status={o.status} /> },
          { key: 'payable', title: t('finance.payable'), render: (_, o) => formatMoney(o.payable, locale) },
          {
            key: 'paid',
            title: t('finance.paid'),
            render: (_, o) => (o.paid ? formatMoney(o.paid, locale) : '—'),
          },
          {
            key: 'created',
            title: t('finance.created'),
            render: (_, o) => formatDateTime(o.created_at, locale),
          },
          {
            key: 'actions',
            title: t('finance.actions'),
            render: (_, o) => (
              <Space direction="vertical" className="staff__item">
                <Space wrap>
                  <Button size="small" onClick={() => setOpenId(openId === o.id ? null : o.id)}>
                    {openId === o.id ? t('finance.close') : t('finance.open')}
                  </Button>
                  {o.refundable && (
                    <Button size="small" danger onClick={() => setRefunding(o)}>
                      {t('finance.refund')}
                    </Button>
                  )}
                </Space>
                {openId === o.id && <OrderDetail order={o} />}
              </Space>
            ),
          },
        ]}
      />
      {refunding && <RefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}

/** One pending transfer: confirm (the received amount, all that is due by default) or reject with a reason. */
function TransferActions({ order }: { order: TStaffOrder }) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const [mode, setMode] = useState<'confirm' | 'reject' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const after = (o: { order_no: string; status: string }, k: 'confirmed' | 'rejected') => {
    setMessage(
      t(`finance.${k}`, { orderNo: o.order_no, status: t(`shop:status.${orderStatusOf(o.status)}`) }),
    );
    setMode(null);
    void queryClient.invalidateQueries({ queryKey: financeKeys.all });
  };
  const confirm = useMutation({
    mutationFn: (v: { received?: string; note?: string }) =>
      financeApi.confirmTransfer(
        order.id,
        {
          ...(v.received?.trim() ? { received_cny: toMinor(v.received) ?? 0 } : {}),
          ...(v.note?.trim() ? { note: v.note.trim() } : {}),
        },
        key,
      ),
    onSuccess: (o) => after(o, 'confirmed'),
  });
  const reject = useMutation({
    mutationFn: (v: { reason: string }) => financeApi.rejectTransfer(order.id, v.reason),
    onSuccess: (o) => after(o, 'rejected'),
  });
  if (message) return <Alert type="success" showIcon role="status" title={message} />;
  return (
    <Space direction="vertical" className="staff__item">
      <Space wrap>
        <Button size="small" type="primary" onClick={() => setMode('confirm')}>
          {t('finance.confirm')}
        </Button>
        <Button size="small" danger onClick={() => setMode('reject')}>
          {t('finance.reject')}
        </Button>
      </Space>
      {mode === 'confirm' && (
        <Form layout="vertical" requiredMark={false} onFinish={confirm.mutate}>
          <Form.Item
            name="received"
            label={t('finance.received')}
            rules={[
              {
                validator: async (_, v: string | undefined) => {
                  if (v?.trim() && toMinor(v) === null) throw new Error(t('finance.amountRule'));
                },
              },
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="note" label={t('finance.note')}>
            <Input maxLength={500} />
          </Form.Item>
          {errorAlert(confirm.error)}
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            {t('finance.confirm')}
          </Button>
        </Form>
      )}
      {mode === 'reject' && (
        <Form layout="vertical" requiredMark={false} onFinish={reject.mutate}>
          <Form.Item
            name="reason"
            label={t('finance.rejectReason')}
            rules={[{ required: true, whitespace: true, message: t('finance.required') }]}
          >
            <Input maxLength={500} />
          </Form.Item>
          {errorAlert(reject.error)}
          <Button danger htmlType="submit" loading={reject.isPending}>
            {t('finance.reject')}
          </Button>
        </Form>
      )}
    </Space>
  );
}

/** Orders awaiting a bank transfer's confirmation (status processing), oldest concerns first on the page. */
export function StaffTransfers() {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const [page, setPage] = useState(1);
  const query = { page, size: SIZE, status: 'processing' as const };
  const orders = useQuery({
    queryKey: financeKeys.orders(query),
    queryFn: ({ signal }) => financeApi.orders(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="finance-transfers-title">
      <Typography.Title level={3} id="finance-transfers-title">
        {t('finance.tabs.transfers')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('finance.transfersHint')}</Typography.Paragraph>
      {errorAlert(orders.error)}
      <ResponsiveTable<TStaffOrder>
        rowKey="id"
        size="small"
        loading={orders.isFetching && !orders.data}
        dataSource={orders.data?.results ?? []}
        emptyText={t('finance.noTransfers')}
        rowClassName={() => 'finance-transfer-row'}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: orders.data?.count ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'no',
            title: t('finance.orderNo'),
            render: (_, o) => <span className="staff__item">{o.order_no}</span>,
          },
          { key: 'phone', title: t('finance.phone'), render: (_, o) => o.customer_phone ?? '—' },
          {
            key: 'cny',
            title: t('finance.payableCny'),
            render: (_, o) => formatMoney(o.payable_cny, locale),
          },
          {
            key: 'paid',
            title: t('finance.paid'),
            render: (_, o) => (o.paid ? formatMoney(o.paid, locale) : '—'),
          },
          {
            key: 'created',
            title: t('finance.created'),
            render: (_, o) => formatDateTime(o.created_at, locale),
          },
          { key: 'actions', title: t('finance.actions'), render: (_, o) => <TransferActions order={o} /> },
        ]}
      />
    </section>
  );
}
