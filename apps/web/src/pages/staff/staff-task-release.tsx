import type { TStaffTask } from '@dossier/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { staffApi } from '../../api/staff.ts';

/** Admin only: Release a claimed task back to the queue, with a reason the audit log keeps. */
export function ReleaseTaskButton({ task, onDone }: { task: TStaffTask; onDone: (t: TStaffTask) => void }) {
  const { t } = useTranslation('staff');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const release = useMutation({
    mutationFn: (reason: string) => staffApi.release(task.id, reason),
    onSuccess: (next) => {
      setOpen(false);
      form.resetFields();
      onDone(next);
    },
  });
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        {t('task.release')}
      </Button>
      <Modal
        open={open}
        title={t('task.releaseTitle', { id: task.id })}
        okText={t('task.releaseOk')}
        cancelText={t('task.releaseCancel')}
        okButtonProps={{ danger: true, loading: release.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => release.mutate(v.reason.trim())}
        >
          <Form.Item
            name="reason"
            label={t('task.releaseReason')}
            rules={[{ required: true, whitespace: true, message: t('signIn.required') }, { max: 500 }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
        {release.error instanceof ApiError && (
          <Alert type="error" showIcon title={release.error.message} role="alert" />
        )}
      </Modal>
    </>
  );
}
