import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TRfe } from '@dossier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { DocumentTab } from '../documents/document-tab.tsx';
import { EditRfeDialog } from './edit-rfe-dialog.tsx';
import { rfeApi, rfeKeys } from './rfe-api.ts';
import { RfeChecklist } from './rfe-checklist.tsx';
import { dueTone, nextReminder } from './rfe-dates.ts';
import { RfeFindings } from './rfe-findings.tsx';
import { RfePacketCard } from './rfe-packet.tsx';
import { dueText } from './rfe-section.tsx';
import { useRfe } from './use-rfe.ts';

/** One RFE: the notice and its countdown, the findings and their exhibits, the letter, the checklist, the packet. */
export function RfeWorkspace({
  caseId,
  rfeId,
  onBack,
}: {
  caseId: number;
  rfeId: number;
  onBack: () => void;
}) {
  const { t } = useTranslation('rfe');
  const query = useRfe(caseId, rfeId);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="rfe-back">
      {t('workspace.back')}
    </Button>
  );
  if (query.isPending) return <Skeleton active />;
  if (query.isError || !query.data) {
    return (
      <Space direction="vertical">
        {back}
        <Alert type="error" showIcon title={t('workspace.notFound')} />
      </Space>
    );
  }
  const rfe = query.data;
  return (
    <section className="rfe-workspace" data-testid="rfe-workspace">
      {back}
      <NoticeCard caseId={caseId} rfe={rfe} onDeleted={onBack} />
      <RfeFindings caseId={caseId} rfe={rfe} />
      <Card title={t('letter.title')} className="rfe-card" data-testid="rfe-letter">
        <Typography.Paragraph type="secondary">{t('letter.intro')}</Typography.Paragraph>
        <DocumentTab kind="rfe_response" />
      </Card>
      <RfeChecklist rfe={rfe} />
      <RfePacketCard caseId={caseId} rfeId={rfe.id} />
    </section>
  );
}

function NoticeCard({ caseId, rfe, onDeleted }: { caseId: number; rfe: TRfe; onDeleted: () => void }) {
  const { t } = useTranslation('rfe');
  const { readOnly } = useWorkbenchCase();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => rfeApi.remove(caseId, rfe.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: rfeKeys.one(caseId, rfe.id) });
      void queryClient.invalidateQueries({ queryKey: rfeKeys.list(caseId) });
      onDeleted();
    },
  });
  const reminder = nextReminder(rfe.days_left);
  return (
    <Card
      title={t(`kind.${rfe.kind}`)}
      className="rfe-card"
      data-testid="rfe-notice"
      extra={
        !readOnly && (
          <Space wrap size={4}>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing(true)}
              data-testid="rfe-edit"
            >
              {t('actions.edit')}
            </Button>
            <Popconfirm
              title={t('edit.deleteConfirm')}
              okText={t('actions.delete')}
              cancelText={t('actions.cancel')}
              onConfirm={() => remove.mutate()}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
            </Popconfirm>
          </Space>
        )
      }
    >
      <Space wrap size={4} className="rfe-notice__tags">
        <Tag>{t(`status.${rfe.status}`)}</Tag>
        <Tag color={dueTone(rfe.days_left)} data-testid="rfe-countdown">
          {dueText(t, rfe)}
        </Tag>
      </Space>
      <Descriptions column={1} size="small" className="rfe-notice__dates">
        <Descriptions.Item label={t('record.noticeDate')}>{rfe.notice_date}</Descriptions.Item>
        <Descriptions.Item label={t('record.dueDate')}>
          <span data-testid="rfe-due">{rfe.due_date}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('record.notice')}>
          {rfe.notice_upload_id ? t('notice.uploaded') : t('notice.missing')}
        </Descriptions.Item>
        {rfe.responded_on && (
          <Descriptions.Item label={t('notice.responded')}>{rfe.responded_on}</Descriptions.Item>
        )}
      </Descriptions>
      {rfe.status === 'open' && (
        <Typography.Text type="secondary" data-testid="rfe-reminder">
          {reminder === null ? t('due.lastReminder') : t('due.nextReminder', { days: reminder })}
        </Typography.Text>
      )}
      {editing && <EditRfeDialog caseId={caseId} rfe={rfe} onClose={() => setEditing(false)} />}
    </Card>
  );
}
