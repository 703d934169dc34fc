import type { TFormEdition } from '@dossier/contract';
import { FEE_KEYS } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueKeys, queuesApi } from '../../api/staff-queues.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { formatDateTime } from '../../features/shop/shop-format.ts';
import { EditionMapping } from './staff-edition-mapping.tsx';
import { errorAlert } from './staff-inbox-parts.tsx';
import { WhereToFile } from './staff-where-to-file.tsx';

/**
 * Content (issue 16 item 9; decision 0035): catalogue files (ETA-9089 PDFs, instructions, guidance zips),
 * official form editions (blank upload), and the dated fee table (rows added from a future date only).
 */
export function StaffContent() {
  const { t } = useTranslation('queues');
  return (
    <section aria-labelledby="staff-content-title">
      <Typography.Title level={2} id="staff-content-title">
        {t('content.title')}
      </Typography.Title>
      <StaticFiles />
      <Editions />
      <Fees />
      <WhereToFile />
    </section>
  );
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

function StaticFiles() {
  const { t } = useTranslation('queues');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const key = queueKeys.content('static_files');
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => queuesApi.staticFiles(signal) });
  const [file, setFile] = useState<File | null>(null);
  const [form] = Form.useForm<{ key: string; name_zh?: string; name_en?: string }>();
  const put = useMutation({
    mutationFn: async (v: { key: string; name_zh?: string; name_en?: string }) => {
      if (!file) throw new Error(t('content.pickFile'));
      return queuesApi.putStaticFile(v.key.trim(), file, {
        ...(v.name_zh ? { name_zh: v.name_zh } : {}),
        ...(v.name_en ? { name_en: v.name_en } : {}),
      });
    },
    onSuccess: () => {
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  return (
    <section className="staff__section">
      <Typography.Title level={3}>{t('content.files')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('content.filesHint')}</Typography.Paragraph>
      <ResponsiveTable
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data ?? []}
        emptyText={t('content.none')}
        pagination={false}
        columns={[
          {
            key: 'key',
            title: t('content.key'),
            render: (_, r) => <span className="staff__item">{r.key}</span>,
          },
          {
            key: 'name',
            title: t('content.name'),
            render: (_, r) => (locale === 'en' ? r.name_en : r.name_zh),
          },
          {
            key: 'source',
            title: t('content.source'),
            render: (_, r) => <Tag>{t(`content.sources.${r.source}`)}</Tag>,
          },
          { key: 'size', title: t('content.size'), render: (_, r) => `${Math.ceil(r.size / 1024)} KB` },
          {
            key: 'updated',
            title: t('content.updated'),
            render: (_, r) => formatDateTime(r.updated_at, locale),
          },
        ]}
      />
      <Form form={form} layout="vertical" requiredMark={false} className="staff__form" onFinish={put.mutate}>
        <Form.Item
          name="key"
          label={t('content.key')}
          extra={t('content.keyHint')}
          rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9._-]{0,80}$/, message: t('content.keyRule') }]}
        >
          <Input maxLength={81} />
        </Form.Item>
        <Form.Item name="name_zh" label={t('content.nameZh')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="name_en" label={t('content.nameEn')}>
          <Input maxLength={200} />
        </Form.Item>
        <label className="staff__file">
          <span>{t('content.file')}</span>
          <input
            type="file"
            accept="application/pdf,application/zip,.docx"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        {errorAlert(put.error)}
        <Button htmlType="submit" loading={put.isPending}>
          {t('content.upload')}
        </Button>
      </Form>
    </section>
  );
}

function Editions() {
  const { t } = useTranslation('queues');
  const queryClient = useQueryClient();
  const key = queueKeys.content('editions');
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => queuesApi.editions(signal) });
  const upload = useMutation({
    mutationFn: ({ e, file }: { e: TFormEdition; file: File }) =>
      queuesApi.putBlank(e.form_number, e.edition, file),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const [mapping, setMapping] = useState<TFormEdition | null>(null);
  return (
    <section className="staff__section">
      <Typography.Title level={3}>{t('content.editions')}</Typography.Title>
      <ResponsiveTable<TFormEdition>
        rowKey={(r) => `${r.form_number}-${r.edition}`}
        size="small"
        loading={list.isPending}
        dataSource={list.data ?? []}
        emptyText={t('content.none')}
        pagination={false}
        columns={[
          { key: 'form', title: t('content.form'), render: (_, r) => `${r.form_number} (${r.edition})` },
          {
            key: 'current',
            title: t('content.current'),
            render: (_, r) =>
              r.effective_from ? (
                <Tag color="green">{t('content.publishedFrom', { date: r.effective_from })}</Tag>
              ) : r.current ? (
                <Tag color="green">{t('content.isCurrent')}</Tag>
              ) : (
                '—'
              ),
          },
          {
            key: 'blank',
            title: t('content.blank'),
            render: (_, r) => (r.blank ? t(`content.blanks.${r.blank}`) : t('content.noBlank')),
          },
          {
            key: 'upload',
            title: t('content.uploadBlank'),
            render: (_, r) => (
              <span className="staff__file">
                <input
                  type="file"
                  accept="application/pdf"
                  aria-label={t('content.uploadBlankFor', { form: r.form_number, edition: r.edition })}
                  onChange={(ev) => {
                    const file = ev.target.files?.[0];
                    if (file) upload.mutate({ e: r, file });
                  }}
                />
              </span>
            ),
          },
          {
            key: 'map',
            title: t('content.mapFields'),
            render: (_, r) =>
              r.blank ? (
                <Button
                  size="small"
                  aria-label={t('content.mapFieldsFor', { form: r.form_number, edition: r.edition })}
                  onClick={() => setMapping(r)}
                >
                  {t('content.mapFields')}
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {errorAlert(upload.error)}
      {mapping && (
        <EditionMapping
          key={`${mapping.form_number}-${mapping.edition}`}
          form={mapping.form_number}
          edition={mapping.edition}
          onClose={() => setMapping(null)}
        />
      )}
    </section>
  );
}

type FeeForm = { key: string; from: Dayjs; dollars: number };

function Fees() {
  const { t } = useTranslation('queues');
  const queryClient = useQueryClient();
  const key = queueKeys.content('fees');
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => queuesApi.fees(signal) });
  const [form] = Form.useForm<FeeForm>();
  const add = useMutation({
    mutationFn: (v: FeeForm) =>
      queuesApi.addFee({ key: v.key, from: v.from.format('YYYY-MM-DD'), cents: Math.round(v.dollars * 100) }),
    onSuccess: (rows) => {
      queryClient.setQueryData(key, rows);
      form.resetFields();
    },
  });
  return (
    <section className="staff__section">
      <Typography.Title level={3}>{t('content.fees')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('content.feesHint')}</Typography.Paragraph>
      <ResponsiveTable
        rowKey={(r) => `${r.key}-${r.from}`}
        size="small"
        loading={list.isPending}
        dataSource={list.data ?? []}
        emptyText={t('content.none')}
        pagination={false}
        columns={[
          { key: 'key', title: t('content.fee'), render: (_, r) => t(`content.feeKeys.${r.key}`) },
          { key: 'from', title: t('content.from'), dataIndex: 'from' },
          { key: 'amount', title: t('content.amount'), render: (_, r) => usd(r.cents) },
          {
            key: 'source',
            title: t('content.source'),
            render: (_, r) => (
              <Tag>
                {r.source === 'staff'
                  ? `${t('content.sources.staff')} · ${r.created_by ?? ''}`
                  : t('content.sources.shipped')}
              </Tag>
            ),
          },
        ]}
      />
      <Form<FeeForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="staff__form"
        onFinish={add.mutate}
      >
        <Form.Item name="key" label={t('content.fee')} rules={[{ required: true, message: t('required') }]}>
          <Select options={FEE_KEYS.map((k) => ({ value: k, label: t(`content.feeKeys.${k}`) }))} />
        </Form.Item>
        <Form.Item name="from" label={t('content.from')} rules={[{ required: true, message: t('required') }]}>
          <DatePicker className="staff__filter" />
        </Form.Item>
        <Form.Item
          name="dollars"
          label={t('content.amountUsd')}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber min={0.01} max={1_000_000} step={1} precision={2} className="staff__filter" />
        </Form.Item>
        {errorAlert(add.error)}
        <Space>
          <Button htmlType="submit" loading={add.isPending}>
            {t('content.addFee')}
          </Button>
        </Space>
      </Form>
    </section>
  );
}
