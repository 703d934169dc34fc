import { RFES_MAX, type TRfe } from '@dossier/contract';
import { Alert, Button, Card, Empty, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { RecordRfeDialog } from './record-rfe-dialog.tsx';
import { dueTone } from './rfe-dates.ts';
import { RfeWorkspace } from './rfe-workspace.tsx';
import { useRfeList } from './use-rfe.ts';
import './rfe.css';

/**
 * The RFE workspace's place on the Schedule tab (issue 32 item 4): the case's RFEs and, with `?rfe=<id>`, one RFE's
 * findings, exhibits, response letter, checklist and response packet. Rendered by the Schedule tab's after-filing
 * panel once the mailing is recorded.
 */
export function RfeSection({ caseId }: { caseId: number }) {
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('rfe'));
  const select = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete('rfe');
        else next.set('rfe', String(id));
        return next;
      },
      { replace: false },
    );
  if (Number.isSafeInteger(open) && open > 0) {
    return <RfeWorkspace caseId={caseId} rfeId={open} onBack={() => select(null)} />;
  }
  return <RfeList caseId={caseId} onOpen={select} />;
}

function RfeList({ caseId, onOpen }: { caseId: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation('rfe');
  const { readOnly } = useWorkbenchCase();
  const [recording, setRecording] = useState(false);
  const query = useRfeList(caseId);
  const items = query.data?.items ?? [];
  return (
    <Card
      className="rfe-section"
      data-testid="rfe-section"
      title={t('list.title')}
      extra={
        !readOnly && (
          <Button
            type="primary"
            onClick={() => setRecording(true)}
            disabled={items.length >= RFES_MAX}
            data-testid="rfe-record"
          >
            {t('list.record')}
          </Button>
        )
      }
    >
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon title={t('list.loadFailed')} />}
      {query.data && items.length === 0 && <Empty description={t('list.empty')} />}
      {items.length > 0 && (
        <List
          dataSource={items}
          renderItem={(rfe) => <RfeRow rfe={rfe} onOpen={() => onOpen(rfe.id)} />}
          data-testid="rfe-list"
        />
      )}
      {recording && (
        <RecordRfeDialog
          caseId={caseId}
          onClose={() => setRecording(false)}
          onRecorded={(id) => {
            setRecording(false);
            onOpen(id);
          }}
        />
      )}
    </Card>
  );
}

function RfeRow({ rfe, onOpen }: { rfe: TRfe; onOpen: () => void }) {
  const { t } = useTranslation('rfe');
  return (
    <List.Item
      data-testid={`rfe-row-${rfe.id}`}
      actions={[
        <Button key="open" onClick={onOpen} data-testid={`rfe-open-${rfe.id}`}>
          {t('list.open')}
        </Button>,
      ]}
    >
      <Space direction="vertical" size={2} className="rfe-row">
        <Typography.Text strong>
          {t(`kind.${rfe.kind}`)} · {t('list.notice', { date: rfe.notice_date })}
        </Typography.Text>
        <Space wrap size={4}>
          <Tag>{t(`status.${rfe.status}`)}</Tag>
          {rfe.status === 'open' && <Tag color={dueTone(rfe.days_left)}>{dueText(t, rfe)}</Tag>}
          <Typography.Text type="secondary">
            {t('list.findings', { count: rfe.findings.length })}
          </Typography.Text>
        </Space>
      </Space>
    </List.Item>
  );
}

export function dueText(t: (key: string, o?: Record<string, unknown>) => string, rfe: TRfe): string {
  if (rfe.days_left < 0) return t('due.overdue', { date: rfe.due_date, count: -rfe.days_left });
  return t('due.left', { date: rfe.due_date, count: rfe.days_left });
}
