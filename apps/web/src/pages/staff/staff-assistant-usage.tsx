import type { ZAssistantUsageRow } from '@dossier/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Progress, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { staffAssistantApi, staffAssistantKeys } from '../../api/staff-assistant.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { errorAlert } from './staff-finance-orders.tsx';

type Row = z.infer<typeof ZAssistantUsageRow>;

/** Quotas count by UTC day (decision 0083): the picker's day is that day, whatever the staff member's zone. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * What the writing assistant cost on one UTC day (issue 33 item 2; admin and finance): each customer's requests
 * and tokens, heaviest first, phones masked; the day's total against the deployment's budget.
 */
export function StaffAssistantUsage() {
  const { t } = useTranslation('assistant');
  const { locale } = useLocale();
  const [day, setDay] = useState(utcToday);
  const usage = useQuery({
    queryKey: staffAssistantKeys.usage(day),
    queryFn: ({ signal }) => staffAssistantApi.usage(day, signal),
    placeholderData: keepPreviousData,
  });
  const n = (v: number) => v.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  const data = usage.data;
  const percent =
    data && data.budget_tokens > 0 ? Math.min(100, (100 * data.total_tokens) / data.budget_tokens) : 0;
  return (
    // A block, not a vertical Space (inline-flex): the screen takes the console's width, as the tables need.
    <section className="staff__section" aria-labelledby="assistant-usage-title" data-testid="assistant-usage">
      <Typography.Title level={2} id="assistant-usage-title">
        {t('staff_usage.title')}
      </Typography.Title>
      <Space wrap className="staff__filters">
        <label htmlFor="assistant-usage-day">{t('staff_usage.day')}</label>
        <DatePicker
          id="assistant-usage-day"
          className="staff__filter"
          allowClear={false}
          value={dayjs(day)}
          disabledDate={(d) => d.format('YYYY-MM-DD') > utcToday()}
          onChange={(d) => d && setDay(d.format('YYYY-MM-DD'))}
        />
      </Space>
      <Typography.Paragraph type="secondary">{t('staff_usage.utc_note')}</Typography.Paragraph>
      {errorAlert(usage.error)}
      {data && (
        <div className="staff__item" data-testid="assistant-usage-total">
          <Typography.Text>
            {t('staff_usage.total', { used: n(data.total_tokens), budget: n(data.budget_tokens) })}
          </Typography.Text>
          <Progress
            percent={Math.round(percent * 10) / 10}
            status={percent >= 100 ? 'exception' : 'normal'}
            aria-label={t('staff_usage.budget_label')}
          />
        </div>
      )}
      <ResponsiveTable<Row>
        rowKey="customer_id"
        size="small"
        loading={usage.isFetching && !data}
        dataSource={data?.items ?? []}
        emptyText={t('staff_usage.empty')}
        pagination={false}
        columns={[
          { key: 'customer', title: t('staff_usage.customer'), render: (_, r) => `#${r.customer_id}` },
          {
            key: 'phone',
            title: t('staff_usage.phone'),
            render: (_, r) => <span className="staff__item">{r.phone_masked}</span>,
          },
          {
            key: 'requests',
            title: t('staff_usage.requests'),
            align: 'right',
            render: (_, r) => n(r.requests),
          },
          { key: 'tokens', title: t('staff_usage.tokens'), align: 'right', render: (_, r) => n(r.tokens) },
        ]}
      />
    </section>
  );
}
