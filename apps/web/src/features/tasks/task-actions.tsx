import type { TaskCover, TTask } from '@dossier/contract';
import { TASK_COVERS, TRANSLATION_COVERS } from '@dossier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { taskKeys, tasksApi } from '../../api/tasks.ts';
import { uploadsApi } from '../../api/uploads.ts';
import { useTimeZone } from '../clock/use-customer-clock.ts';
import { shopKeys } from '../shop/shop-keys.ts';
import { TaskResultView } from './task-result.tsx';
import './tasks.css';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : null);

/** Opens a fetched file in a new tab (the result file is the customer's upload, read with their token). */
async function openUpload(id: number) {
  const bytes = await uploadsApi.bytes(id, 'original');
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The actions a review or translation task allows now (spec §3 Task, §4 Rights entries; decision 0032):
 * Submit / Resubmit (choosing what it covers), Cancel (confirmed), Audit Result, and the zip of its materials.
 */
export function TaskActions({ task }: { task: TTask }) {
  const { t } = useTranslation('tasks');
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'submit' | 'cancel' | 'result' | null>(null);
  const allowed = task.service === 'TRANSLATION' ? TRANSLATION_COVERS : TASK_COVERS;
  const [covers, setCovers] = useState<TaskCover[]>(task.covers.length ? task.covers : [...allowed]);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      queryClient.invalidateQueries({ queryKey: shopKeys.rights }),
    ]);
  const submit = useMutation({
    mutationFn: () => tasksApi.submit(task.id, covers),
    onSuccess: () => {
      setDialog(null);
      return refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: () => tasksApi.cancel(task.id),
    onSuccess: () => {
      setDialog(null);
      return refresh();
    },
    onError: () => refresh(),
  });
  const zip = useMutation({
    mutationFn: () => tasksApi.zipUrl(task.id),
    onSuccess: ({ url }) => void window.open(url, '_blank', 'noopener'),
  });
  const resubmit = task.status === 'audited';
  const open = (which: typeof dialog) => {
    submit.reset();
    cancel.reset();
    setDialog(which);
  };

  return (
    <div className="task-actions" data-testid={`task-actions-${task.id}`}>
      <Space wrap size={4}>
        {task.can_submit && (
          <Button size="small" type="primary" onClick={() => open('submit')}>
            {t(resubmit ? 'actions.resubmit' : 'actions.submit')}
          </Button>
        )}
        {task.can_cancel && (
          <Button size="small" danger onClick={() => open('cancel')}>
            {t('actions.cancel')}
          </Button>
        )}
        {task.result && (
          <Button size="small" onClick={() => open('result')}>
            {t('actions.result')}
          </Button>
        )}
        {task.status !== 'can_submit' && (
          <Button size="small" type="link" loading={zip.isPending} onClick={() => zip.mutate()}>
            {t('actions.zip')}
          </Button>
        )}
      </Space>
      {zip.error && errorText(zip.error) && (
        <Alert type="error" showIcon title={errorText(zip.error)} className="task-actions__error" />
      )}

      <Modal
        open={dialog === 'submit'}
        title={t(resubmit ? 'submit.titleAgain' : 'submit.title', {
          service: t(`shop:services.${task.service}.name`),
        })}
        okText={t(resubmit ? 'actions.resubmit' : 'actions.submit')}
        cancelText={t('actions.close')}
        onOk={() => submit.mutate()}
        okButtonProps={{ disabled: covers.length === 0, loading: submit.isPending }}
        onCancel={() => setDialog(null)}
        width={420}
      >
        <Typography.Paragraph>{t(`submit.hint.${task.service}`)}</Typography.Paragraph>
        <Checkbox.Group
          className="task-actions__covers"
          value={covers}
          onChange={(v) => setCovers(v as TaskCover[])}
          options={allowed.map((c) => ({ value: c, label: t(`covers.${c}`) }))}
        />
        {submit.error && <Alert type="error" showIcon title={errorText(submit.error)} />}
      </Modal>

      <Modal
        open={dialog === 'cancel'}
        title={t('cancel.title')}
        okText={t('cancel.ok')}
        cancelText={t('cancel.keep')}
        okButtonProps={{ danger: true, loading: cancel.isPending }}
        onOk={() => cancel.mutate()}
        onCancel={() => setDialog(null)}
        width={400}
      >
        <Typography.Paragraph>{t('cancel.body')}</Typography.Paragraph>
        {cancel.error && <Alert type="error" showIcon title={errorText(cancel.error)} />}
      </Modal>

      <Modal
        open={dialog === 'result'}
        title={t('result.title')}
        footer={null}
        onCancel={() => setDialog(null)}
        width={520}
      >
        {task.result && (
          <>
            <TaskResultView
              result={task.result}
              timeZone={timeZone}
              onOpenFile={(id) => void openUpload(id)}
            />
            {task.items.length > 0 && (
              <Descriptions size="small" column={1} title={t('result.items')}>
                {task.items.map((item) => (
                  <Descriptions.Item key={item.key} label={t(`items.${item.kind}`)}>
                    {item.name}
                    {item.translation_upload_id !== null && (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => void openUpload(item.translation_upload_id as number)}
                      >
                        {t('result.translation')}
                      </Button>
                    )}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            )}
          </>
        )}
      </Modal>
    </div>
  );
}
