import type { TStaffProduct, TStaffPromoCode } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { financeApi, financeKeys } from '../../api/staff-finance.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { formatDateTime, formatMoney } from '../../features/shop/shop-format.ts';
import { errorAlert, toMinor } from './staff-finance-orders.tsx';

/** One product's price and whether it is sold (for new orders only). */
function ProductRow({ product }: { product: TStaffProduct }) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (v: { price: string; active: boolean }) =>
      financeApi.patchProduct(product.id, { price_minor: toMinor(v.price) ?? 0, active: v.active }),
    onSuccess: (next) => {
      setSaved(true);
      queryClient.setQueryData<TStaffProduct[]>(financeKeys.products, (list) =>
        list?.map((p) => (p.id === next.id ? next : p)),
      );
    },
  });
  return (
    <List.Item>
      <Form
        layout="vertical"
        requiredMark={false}
        className="staff__item finance__product"
        initialValues={{ price: (product.price.amount / 100).toFixed(2), active: product.active }}
        onValuesChange={() => setSaved(false)}
        onFinish={save.mutate}
      >
        <Typography.Text strong>
          {product.project_code} · {locale === 'en' ? product.name_en : product.name_zh}
        </Typography.Text>
        <Space wrap align="end">
          <Form.Item
            name="price"
            label={t('finance.price')}
            rules={[
              {
                validator: async (_, v: string) => {
                  if (toMinor(v ?? '') === null) throw new Error(t('finance.priceRule'));
                },
              },
            ]}
          >
            <Input inputMode="decimal" className="staff__filter" />
          </Form.Item>
          <Form.Item name="active" label={t('finance.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label=" ">
            <Button htmlType="submit" loading={save.isPending}>
              {t('finance.save')}
            </Button>
          </Form.Item>
        </Space>
        {saved && <Alert type="success" showIcon role="status" title={t('finance.saved')} />}
        {errorAlert(save.error)}
        <Typography.Text type="secondary">{formatMoney(product.price, locale)}</Typography.Text>
      </Form>
    </List.Item>
  );
}

function Rates() {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<string | null>(null);
  const rates = useQuery({ queryKey: financeKeys.rates, queryFn: ({ signal }) => financeApi.rates(signal) });
  const add = useMutation({
    mutationFn: (v: { rate: string }) => financeApi.addRate(v.rate.trim()),
    onSuccess: (r) => {
      setAdded(t('finance.rateAdded', { rate: r.rate }));
      void queryClient.invalidateQueries({ queryKey: financeKeys.rates });
    },
  });
  const current = rates.data?.current;
  return (
    <section aria-labelledby="finance-rate-title">
      <Typography.Title level={4} id="finance-rate-title">
        {t('finance.rate')}
      </Typography.Title>
      <Typography.Paragraph data-testid="finance-current-rate">
        {current
          ? t('finance.currentRate', {
              rate: current.rate,
              since: formatDateTime(current.effective_at, locale),
            })
          : t('finance.noRate')}
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={add.mutate} className="staff__form">
        <Form.Item
          name="rate"
          label={t('finance.newRate')}
          rules={[
            { required: true, pattern: /^\s*\d{1,3}(\.\d{1,4})?\s*$/, message: t('finance.amountRule') },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        {errorAlert(add.error)}
        {added && <Alert type="success" showIcon role="status" title={added} />}
        <Button htmlType="submit" loading={add.isPending}>
          {t('finance.addRate')}
        </Button>
      </Form>
    </section>
  );
}

function Promos() {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const query = { page: 1, size: 200 };
  const promos = useQuery({
    queryKey: financeKeys.promos(query),
    queryFn: ({ signal }) => financeApi.promos(query, signal),
  });
  const [form] = Form.useForm();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['staff', 'finance', 'promos'] });
  const add = useMutation({
    mutationFn: (v: { code: string; kind: 'percent' | 'amount'; value: string }) =>
      financeApi.addPromo({
        code: v.code.trim(),
        kind: v.kind,
        value: v.kind === 'percent' ? Number(v.value) : (toMinor(v.value) ?? 0),
      }),
    onSuccess: () => {
      form.resetFields();
      refresh();
    },
  });
  const disable = useMutation({
    mutationFn: (id: number) => financeApi.disablePromo(id),
    onSuccess: refresh,
  });
  const describe = (p: TStaffPromoCode) =>
    p.kind === 'percent' ? `${p.value}%` : `$${(p.value / 100).toFixed(2)}`;
  return (
    <section aria-labelledby="finance-promos-title">
      <Typography.Title level={4} id="finance-promos-title">
        {t('finance.promos')}
      </Typography.Title>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={add.mutate}
        initialValues={{ kind: 'percent' }}
        className="staff__form"
      >
        <Form.Item
          name="code"
          label={t('finance.code')}
          rules={[{ required: true, pattern: /^\s*[A-Za-z0-9_-]{3,32}\s*$/, message: t('finance.required') }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="kind" label={t('finance.kind')}>
          <Select
            options={[
              { value: 'percent', label: t('finance.percent') },
              { value: 'amount', label: t('finance.fixed') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('finance.value')}
          rules={[
            { required: true, pattern: /^\s*\d{1,6}(\.\d{1,2})?\s*$/, message: t('finance.amountRule') },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        {errorAlert(add.error)}
        <Button htmlType="submit" loading={add.isPending}>
          {t('finance.addPromo')}
        </Button>
      </Form>
      {errorAlert(disable.error)}
      <List
        size="small"
        dataSource={promos.data?.results ?? []}
        loading={promos.isPending}
        renderItem={(p) => (
          <List.Item
            actions={
              p.active
                ? [
                    <Button key="off" size="small" danger onClick={() => disable.mutate(p.id)}>
                      {t('finance.disable')}
                    </Button>,
                  ]
                : []
            }
          >
            <span className="staff__item">
              {p.code} · {describe(p)} {p.referral && <Tag>{t('finance.referral')}</Tag>}
              <Tag color={p.active ? 'green' : 'default'}>
                {p.active ? t('finance.enabled') : t('finance.disabled')}
              </Tag>
            </span>
          </List.Item>
        )}
      />
    </section>
  );
}

/** Prices, exchange rate and promo codes: every change applies to orders created afterwards. */
export function StaffCatalogue() {
  const { t } = useTranslation('staff');
  const products = useQuery({
    queryKey: financeKeys.products,
    queryFn: ({ signal }) => financeApi.products(signal),
  });
  return (
    <section aria-labelledby="finance-catalogue-title">
      <Typography.Title level={3} id="finance-catalogue-title">
        {t('finance.products')}
      </Typography.Title>
      {errorAlert(products.error)}
      <List
        loading={products.isPending}
        dataSource={products.data ?? []}
        renderItem={(p) => <ProductRow key={p.id} product={p} />}
      />
      <Rates />
      <Promos />
    </section>
  );
}
