import type { TPaymentFlag } from '@dossier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { financeApi, financeKeys } from '../../api/staff-finance.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { formatDateTime, formatMoney } from '../../features/shop/shop-format.ts';
import { StaffCatalogue } from './staff-finance-catalogue.tsx';
import { errorAlert, StaffOrders, StaffTransfers } from './staff-finance-orders.tsx';

const SIZE = 50;

function ResolveFlag({ flag }: { flag: TPaymentFlag }) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const resolve = useMutation({
    mutationFn: (v: { note: string }) => financeApi.resolveFlag(flag.id, v.note.trim()),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'finance', 'flags'] }),
  });
  if (resolve.isSuccess) return <Alert type="success" showIcon role="status" title={t('finance.resolved')} />;
  return open ? (
    <Form layout="vertical" requiredMark={false} onFinish={resolve.mutate} className="staff__item">
      <Form.Item
        name="note"
        label={t('finance.resolveNote')}
        rules={[{ required: true, whitespace: true, message: t('finance.required') }]}
      >
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      {errorAlert(resolve.error)}
      <Button type="primary" htmlType="submit" loading={resolve.isPending}>
        {t('finance.resolve')}
      </Button>
    </Form>
  ) : (
    <Button size="small" onClick={() => setOpen(true)}>
      {t('finance.resolve')}
    </Button>
  );
}

/** Open payment flags (overpayments, promo conflicts, erased accounts): resolved with a note. */
function StaffFlags() {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const [page, setPage] = useState(1);
  const query = { page, size: SIZE, open: 'true' as const };
  const flags = useQuery({
    queryKey: financeKeys.flags(query),
    queryFn: ({ signal }) => financeApi.flags(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="finance-flags-title">
      <Typography.Title level={3} id="finance-flags-title">
        {t('finance.tabs.flags')}
      </Typography.Title>
      {errorAlert(flags.error)}
      <ResponsiveTable<TPaymentFlag>
        rowKey="id"
        size="small"
        loading={flags.isFetching && !flags.data}
        dataSource={flags.data?.results ?? []}
        emptyText={t('finance.noFlags')}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: flags.data?.count ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'kind', title: t('finance.kind'), render: (_, f) => t(`finance.flagKind.${f.kind}`) },
          {
            key: 'order',
            title: t('finance.orderNo'),
            render: (_, f) => <span className="staff__item">{f.order_no}</span>,
          },
          { key: 'amount', title: t('finance.flagAmount'), render: (_, f) => formatMoney(f.amount, locale) },
          {
            key: 'created',
            title: t('finance.created'),
            render: (_, f) => formatDateTime(f.created_at, locale),
          },
          { key: 'actions', title: t('finance.actions'), render: (_, f) => <ResolveFlag flag={f} /> },
        ]}
      />
    </section>
  );
}

const TABS = ['transfers', 'flags', 'orders', 'catalogue'] as const;
type Tab = (typeof TABS)[number];

/** The finance screens (issue 16 item 7; decision 0034): transfers, flags, orders and refunds, catalogue. */
export function StaffFinance({ tab, onTab }: { tab: string | null; onTab: (tab: Tab) => void }) {
  const { t } = useTranslation('staff');
  const active: Tab = (TABS as readonly string[]).includes(tab ?? '') ? (tab as Tab) : 'transfers';
  const body: Record<Tab, ReactNode> = {
    transfers: <StaffTransfers />,
    flags: <StaffFlags />,
    orders: <StaffOrders />,
    catalogue: <StaffCatalogue />,
  };
  return (
    <Space direction="vertical" className="finance">
      <Typography.Title level={2}>{t('finance.title')}</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(k) => onTab(k as Tab)}
        items={TABS.map((k) => ({
          key: k,
          label: t(`finance.tabs.${k}`),
          children: active === k ? body[k] : null,
        }))}
      />
    </Space>
  );
}
