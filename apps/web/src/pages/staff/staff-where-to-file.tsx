import { type TStaffWhereToFile, ZWhereToFileTable } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { whereToFileApi, whereToFileKey } from '../../api/where-to-file.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { errorAlert } from './staff-inbox-parts.tsx';

type Version = TStaffWhereToFile['versions'][number];
type PublishForm = { effectiveFrom: Dayjs; checked: Dayjs; source: string; rules: string };

/**
 * "Where to file" (issue 30 item 3; decision 0067): the versions of the I-140 filing-address table, and a new
 * version published from a future date. The lockboxes and rules are edited as JSON, starting from the version in
 * force; the browser checks the shape (every place one address) before the server checks it again.
 */
export function WhereToFile() {
  const { t } = useTranslation('queues');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: whereToFileKey, queryFn: ({ signal }) => whereToFileApi.list(signal) });
  const [form] = Form.useForm<PublishForm>();
  const current = list.data?.versions.find((v) => v.in_force)?.table;
  const publish = useMutation({
    mutationFn: (v: PublishForm) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(v.rules);
      } catch {
        throw new Error(t('whereToFile.notJson'));
      }
      const table = ZWhereToFileTable.safeParse({
        ...(parsed as object),
        effectiveFrom: v.effectiveFrom.format('YYYY-MM-DD'),
        checked: v.checked.format('YYYY-MM-DD'),
        source: v.source.trim(),
      });
      if (!table.success) throw new Error(t('whereToFile.invalid'));
      return whereToFileApi.publish(table.data);
    },
    onSuccess: (data) => {
      queryClient.setQueryData(whereToFileKey, data);
      form.resetFields(['effectiveFrom']);
    },
  });
  return (
    <section className="staff__section" aria-labelledby="staff-where-to-file">
      <Typography.Title level={3} id="staff-where-to-file">
        {t('whereToFile.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('whereToFile.hint')}</Typography.Paragraph>
      <ResponsiveTable<Version>
        rowKey={(r) => r.table.effectiveFrom}
        size="small"
        loading={list.isPending}
        dataSource={list.data?.versions ?? []}
        emptyText={t('content.none')}
        pagination={false}
        columns={[
          { key: 'from', title: t('whereToFile.from'), render: (_, r) => r.table.effectiveFrom },
          {
            key: 'state',
            title: t('whereToFile.state'),
            render: (_, r) =>
              r.in_force ? (
                <Tag color="green">{t('whereToFile.inForce')}</Tag>
              ) : (
                <Tag>
                  {t(
                    r.table.effectiveFrom > (list.data?.today ?? '')
                      ? 'whereToFile.future'
                      : 'whereToFile.past',
                  )}
                </Tag>
              ),
          },
          {
            key: 'lockboxes',
            title: t('whereToFile.lockboxes'),
            render: (_, r) => r.table.lockboxes.map((l) => l.name).join(', '),
          },
          { key: 'checked', title: t('whereToFile.checked'), render: (_, r) => r.table.checked },
          {
            key: 'source',
            title: t('content.source'),
            render: (_, r) =>
              r.source === 'staff'
                ? `${t('content.sources.staff')} · ${r.published_by ?? ''}`
                : t('content.sources.shipped'),
          },
        ]}
      />
      {current && (
        <Form<PublishForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          className="staff__form"
          initialValues={{
            source: current.source,
            rules: JSON.stringify({ lockboxes: current.lockboxes, rules: current.rules }, null, 2),
          }}
          onFinish={publish.mutate}
        >
          <Form.Item
            name="effectiveFrom"
            label={t('whereToFile.from')}
            extra={t('whereToFile.fromHint')}
            rules={[{ required: true, message: t('required') }]}
          >
            <DatePicker className="staff__filter" />
          </Form.Item>
          <Form.Item
            name="checked"
            label={t('whereToFile.checked')}
            rules={[{ required: true, message: t('required') }]}
          >
            <DatePicker className="staff__filter" />
          </Form.Item>
          <Form.Item
            name="source"
            label={t('whereToFile.sourceUrl')}
            rules={[{ required: true, type: 'url', message: t('whereToFile.sourceRule') }]}
          >
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item
            name="rules"
            label={t('whereToFile.rules')}
            extra={t('whereToFile.rulesHint')}
            rules={[{ required: true, message: t('required') }]}
          >
            <Input.TextArea rows={12} spellCheck={false} />
          </Form.Item>
          {errorAlert(publish.error)}
          {/* Not a submit button: Enter in a date field confirms the date, it never publishes the table. */}
          <Button onClick={() => form.submit()} loading={publish.isPending}>
            {t('whereToFile.publish')}
          </Button>
        </Form>
      )}
    </section>
  );
}
