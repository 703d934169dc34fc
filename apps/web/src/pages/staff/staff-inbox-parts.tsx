import type { TStaffNote } from '@dossier/contract';
import { NOTE_MAX } from '@dossier/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { formatDateTime } from '../../features/shop/shop-format.ts';

/** An API refusal shown where the action is (queue_claimed, queue_state, …). */
export const errorAlert = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? (
    <Alert type="error" showIcon title={error.message} role="alert" />
  ) : null;

/** The notes of a queue item and a form to add one. */
export function NotesBlock({ notes, add }: { notes: TStaffNote[]; add: (body: string) => Promise<unknown> }) {
  const { t } = useTranslation('queues');
  const { locale } = useLocale();
  const [form] = Form.useForm<{ body: string }>();
  const save = useMutation({
    mutationFn: ({ body }: { body: string }) => add(body),
    onSuccess: () => form.resetFields(),
  });
  return (
    <div className="staff__notes">
      <Typography.Title level={4}>{t('notes.title')}</Typography.Title>
      {notes.length === 0 && <Typography.Paragraph>{t('notes.empty')}</Typography.Paragraph>}
      <List
        size="small"
        className={notes.length ? undefined : 'staff__hidden'}
        dataSource={notes}
        renderItem={(n) => (
          <List.Item>
            <div className="staff__item">
              <Typography.Text type="secondary">
                {n.author} · {formatDateTime(n.created_at, locale)}
              </Typography.Text>
              <div>{n.body}</div>
            </div>
          </List.Item>
        )}
      />
      <Form form={form} layout="vertical" onFinish={save.mutate} requiredMark={false}>
        <Form.Item
          name="body"
          label={t('notes.add')}
          rules={[{ required: true, whitespace: true, message: t('required') }]}
        >
          <Input.TextArea rows={2} maxLength={NOTE_MAX} />
        </Form.Item>
        {errorAlert(save.error)}
        <Button htmlType="submit" loading={save.isPending}>
          {t('notes.save')}
        </Button>
      </Form>
    </div>
  );
}
