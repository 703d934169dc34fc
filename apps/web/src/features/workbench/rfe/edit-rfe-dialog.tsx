import { RFE_KINDS, RFE_STATUSES, type TRfe, type TRfeUpdateRequest } from '@dossier/contract';
import type { ButtonProps } from 'antd';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadInput } from '../evidence/upload-input.tsx';
import { rfeApi } from './rfe-api.ts';
import { useRfeWrite } from './use-rfe.ts';

interface Values {
  kind: TRfe['kind'];
  notice_date: string;
  due_date: string;
  notice_upload_id: number | null;
  status: TRfe['status'];
  responded_on: string;
}

/** The notice's details changed after recording: dates, a new scan, "responded" with its date. */
export function EditRfeDialog({ caseId, rfe, onClose }: { caseId: number; rfe: TRfe; onClose: () => void }) {
  const { t } = useTranslation('rfe');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useRfeWrite(caseId, rfe.id, (v: Values) => {
    const body: TRfeUpdateRequest = {
      version: rfe.version,
      kind: v.kind,
      receipt_id: rfe.receipt_id,
      notice_date: v.notice_date,
      due_date: v.due_date || null,
      notice_upload_id: v.notice_upload_id ?? null,
      status: v.status,
      responded_on: v.responded_on || null,
    };
    return rfeApi.edit(caseId, rfe.id, body);
  });
  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(values, {
      onSuccess: (reply) => {
        message.success((reply as { msg?: string }).msg ?? t('findings.saved'));
        onClose();
      },
    });
  };
  return (
    <Modal
      open
      title={t('edit.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      width={520}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'rfe-edit-save' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="rfe-edit-dialog"
        initialValues={{
          kind: rfe.kind,
          notice_date: rfe.notice_date,
          due_date: rfe.due_date,
          notice_upload_id: rfe.notice_upload_id,
          status: rfe.status,
          responded_on: rfe.responded_on ?? '',
        }}
      >
        <Form.Item name="kind" label={t('record.kind')}>
          <Radio.Group options={RFE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
        </Form.Item>
        <Form.Item
          name="notice_date"
          label={t('record.noticeDate')}
          rules={[{ required: true, message: t('record.noticeRequired') }]}
        >
          <Input type="date" />
        </Form.Item>
        <Form.Item name="due_date" label={t('record.dueDate')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="notice_upload_id" label={t('record.notice')}>
          <UploadInput label={t('record.noticeUpload')} testId="rfe-edit-notice-upload" />
        </Form.Item>
        <Form.Item name="status" label={t('edit.status')}>
          <Select options={RFE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        <Form.Item name="responded_on" label={t('notice.responded')}>
          <Input type="date" data-testid="rfe-responded-on" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
