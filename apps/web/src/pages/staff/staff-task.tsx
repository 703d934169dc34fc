import type { TStaffMe, TStaffTask } from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { staffApi, staffKeys } from '../../api/staff.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { formatDateTime } from '../../features/shop/shop-format.ts';
import { TaskResultView } from '../../features/tasks/task-result.tsx';
import { saveFile } from '../../features/workbench/evidence/save-file.ts';
import { ExhibitTextButton } from './staff-exhibit-text.tsx';
import { ageText } from './staff-queue.tsx';
import { ReleaseTaskButton } from './staff-task-release.tsx';

const errorOf = (error: unknown) =>
  error instanceof ApiError ? <Alert type="error" showIcon title={error.message} role="alert" /> : null;

/**
 * A spinner only for a call that takes a while. antd's loading icon leaves through a motion that can stay stuck
 * when `loading` flips back within a frame or two (the button kept its spinner after a 15 ms upload), so a
 * quick answer never shows one.
 */
const SPINNER_DELAY = { delay: 200 } as const;

/** A plain PDF picker (native input: works the same on a phone). */
function PdfInput({ label, onFile }: { label: string; onFile: (file: File | null) => void }) {
  return (
    <label className="staff__file">
      <span>{label}</span>
      <input type="file" accept="application/pdf" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
    </label>
  );
}

/** Review result: comments and an optional PDF (PUT …/file/ first, then POST …/result/). */
function ReviewForm({ task, onDone }: { task: TStaffTask; onDone: (t: TStaffTask) => void }) {
  const { t } = useTranslation('staff');
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: async ({ comments }: { comments: string }) => {
      const upload = file ? await staffApi.file(task.id, file) : null;
      return staffApi.result(task.id, { comments, ...(upload ? { upload_id: upload.upload_id } : {}) });
    },
    onSuccess: onDone,
  });
  return (
    <Form layout="vertical" onFinish={send.mutate} requiredMark={false} className="staff__form">
      <Form.Item
        name="comments"
        label={t('task.comments')}
        rules={[{ required: true, whitespace: true, message: t('signIn.required') }]}
      >
        <Input.TextArea rows={6} maxLength={20_000} />
      </Form.Item>
      <PdfInput label={t('task.commentsFile')} onFile={setFile} />
      {errorOf(send.error)}
      <Button type="primary" htmlType="submit" block loading={send.isPending && SPINNER_DELAY}>
        {t('task.sendResult')}
      </Button>
    </Form>
  );
}

/** Translation result: one translated PDF per covered item, uploaded as chosen, then the result. */
function TranslationForm({ task, onDone }: { task: TStaffTask; onDone: (t: TStaffTask) => void }) {
  const { t } = useTranslation('staff');
  const [uploads, setUploads] = useState<Record<string, number>>({});
  const upload = useMutation({
    mutationFn: async ({ key, file }: { key: string; file: File }) => ({
      key,
      id: (await staffApi.file(task.id, file)).upload_id,
    }),
    onSuccess: ({ key, id }) => setUploads((u) => ({ ...u, [key]: id })),
  });
  const send = useMutation({
    mutationFn: () =>
      staffApi.result(task.id, {
        translations: Object.entries(uploads).map(([key, upload_id]) => ({ key, upload_id })),
      }),
    onSuccess: onDone,
  });
  const complete = task.items.every((i) => uploads[i.key] !== undefined);
  return (
    <div className="staff__form">
      <List
        dataSource={task.items}
        renderItem={(item) => (
          <List.Item>
            <Space direction="vertical" size={4} className="staff__item">
              <span>
                {t(`tasks:items.${item.kind}`)} · {item.name}{' '}
                {uploads[item.key] !== undefined && <Tag color="green">{t('task.uploaded')}</Tag>}
              </span>
              <PdfInput
                label={t('task.translationFile')}
                onFile={(file) => file && upload.mutate({ key: item.key, file })}
              />
            </Space>
          </List.Item>
        )}
      />
      {errorOf(upload.error)}
      {errorOf(send.error)}
      <Button
        type="primary"
        block
        disabled={!complete || upload.isPending}
        loading={send.isPending && SPINNER_DELAY}
        onClick={() => send.mutate()}
      >
        {t('task.sendResult')}
      </Button>
    </div>
  );
}

/** One task: its details, the zip, claim, and the holder's result form. */
export function StaffTaskView({ id, me, onBack }: { id: number; me: TStaffMe; onBack: () => void }) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const task = useQuery({
    queryKey: staffKeys.task(id),
    queryFn: ({ signal }) => staffApi.task(id, signal),
    retry: false,
  });
  const update = (next: TStaffTask) => {
    queryClient.setQueryData(staffKeys.task(id), next);
    void queryClient.invalidateQueries({ queryKey: ['staff', 'queue'] });
  };
  const claim = useMutation({ mutationFn: () => staffApi.claim(id), onSuccess: update });
  const zip = useMutation({
    mutationFn: () => staffApi.zipUrl(id),
    onSuccess: ({ url }) => void window.open(url, '_blank', 'noopener'),
  });
  const report = useMutation({
    mutationFn: () => staffApi.reviewReport(id),
    onSuccess: (file) => saveFile(file, `readiness-report-${id}.pdf`),
  });
  const data = task.data;
  const holding = data?.status === 'in_progress' && data.holder === me.username;

  return (
    <section aria-labelledby="staff-task-title">
      <Button type="link" onClick={onBack} className="staff__back">
        {t('task.back')}
      </Button>
      <Typography.Title level={2} id="staff-task-title">
        {t('task.title', { id })}
      </Typography.Title>
      {task.isPending && <Skeleton active />}
      {errorOf(task.error)}
      {data && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('queue.service')}>
              {t(`tasks:services.${data.service}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('queue.status')}>
              <Tag data-testid="staff-task-status">{t(`shop:rights.tasks.${data.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('task.customer')}>
              {data.customer_id} · {t(`shop:projects.${data.project_code}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('queue.covers')}>
              {data.covers.map((c) => t(`tasks:covers.${c}`)).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('task.submitted')}>
              {formatDateTime(data.submitted_at, locale)} ({ageText(data.age_seconds, (k, o) => t(k, o))})
            </Descriptions.Item>
            <Descriptions.Item label={t('queue.holder')}>{data.holder ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Space wrap className="staff__actions">
            {(data.status === 'submitted' || data.status === 'resubmitted') && (
              <Button type="primary" loading={claim.isPending} onClick={() => claim.mutate()}>
                {t('task.claim')}
              </Button>
            )}
            <Button loading={zip.isPending} onClick={() => zip.mutate()}>
              {t('task.zip')}
            </Button>
            <ExhibitTextButton task={data} />
            {data.service === 'REVIEW' && (
              <Button
                loading={report.isPending}
                onClick={() => report.mutate()}
                data-testid="staff-review-report"
              >
                {t('task.review_report')}
              </Button>
            )}
            {me.role === 'admin' && data.status === 'in_progress' && (
              <ReleaseTaskButton task={data} onDone={update} />
            )}
          </Space>
          {errorOf(claim.error)}
          {errorOf(zip.error)}
          {errorOf(report.error)}
          {holding &&
            (data.service === 'REVIEW' ? (
              <ReviewForm task={data} onDone={update} />
            ) : (
              <TranslationForm task={data} onDone={update} />
            ))}
          {data.result && (
            <>
              <Typography.Title level={3}>{t('task.result')}</Typography.Title>
              <TaskResultView result={data.result} />
            </>
          )}
        </>
      )}
    </section>
  );
}
