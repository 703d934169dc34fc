import { RFE_DEFAULT_RESPONSE_DAYS, RFE_KINDS, type TRfeRequest } from '@dossier/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadInput } from '../evidence/upload-input.tsx';
import { rfeApi, rfeKeys } from './rfe-api.ts';
import { defaultDueDate } from './rfe-dates.ts';
import { useFiling } from './use-rfe.ts';

interface Values {
  kind: TRfeRequest['kind'];
  receipt_id: number | null;
  notice_date: string;
  due_date: string;
  notice_upload_id: number | null;
}

/** Record an RFE: its kind, the notice's date, the due date (notice + 87 days unless typed) and the notice itself. */
export function RecordRfeDialog({
  caseId,
  onClose,
  onRecorded,
}: {
  caseId: number;
  onClose: () => void;
  onRecorded: (id: number) => void;
}) {
  const { t } = useTranslation('rfe');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [dueTouched, setDueTouched] = useState(false);
  const filing = useFiling(caseId);
  const receipts = filing.data?.receipts ?? [];

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const rfe = await rfeApi.add(caseId, {
        kind: values.kind,
        receipt_id: values.receipt_id ?? null,
        notice_date: values.notice_date,
        due_date: values.due_date || null,
        notice_upload_id: values.notice_upload_id ?? null,
      });
      message.success(rfe.msg);
      queryClient.setQueryData(rfeKeys.one(caseId, rfe.id), rfe);
      void queryClient.invalidateQueries({ queryKey: rfeKeys.list(caseId) });
      onRecorded(rfe.id);
    } catch {
      // The client shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('record.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('record.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      width={520}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'rfe-record-save' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="rfe-record-dialog"
        initialValues={{ kind: 'rfe', receipt_id: receipts.find((r) => r.form === 'I-140')?.id ?? null }}
        onValuesChange={(changed: Partial<Values>) => {
          if ('due_date' in changed) setDueTouched(true);
          if ('notice_date' in changed && !dueTouched) {
            form.setFieldValue('due_date', defaultDueDate(changed.notice_date ?? ''));
          }
        }}
      >
        <Form.Item name="kind" label={t('record.kind')}>
          <Radio.Group options={RFE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
        </Form.Item>
        {receipts.length > 0 && (
          <Form.Item name="receipt_id" label={t('record.receipt')}>
            <Select
              allowClear
              options={receipts.map((r) => ({ value: r.id, label: `${r.form} · ${r.receipt_number}` }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="notice_date"
          label={t('record.noticeDate')}
          rules={[{ required: true, message: t('record.noticeRequired') }]}
        >
          <Input type="date" data-testid="rfe-notice-date" />
        </Form.Item>
        <Form.Item
          name="due_date"
          label={t('record.dueDate')}
          extra={t('record.dueHint', { days: RFE_DEFAULT_RESPONSE_DAYS })}
        >
          <Input type="date" data-testid="rfe-due-date" />
        </Form.Item>
        <Form.Item name="notice_upload_id" label={t('record.notice')}>
          <UploadInput label={t('record.noticeUpload')} testId="rfe-notice-upload" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
