import type { TAttachment, TAttachmentList } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnType } from 'antd';
import { App, Button, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentsApi } from '../../../api/evidence.ts';
import { ResponsiveTable } from '../../shell/responsive-table.tsx';
import { LoadFailed } from '../case/load-failed.tsx';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';
import { deleteWithWarning } from '../evidence/confirm-delete.tsx';
import { FileDialog } from '../evidence/file-dialog.tsx';
import { FileRefLine, ViewFileButton } from '../evidence/file-ref.tsx';
import { OrderDialog } from '../evidence/order-dialog.tsx';
import { DragHandle, SortableCard, SortableRows, SortableTableRow } from '../evidence/sortable.tsx';

const POLL_MS = 1500;

const checking = (list: TAttachmentList | undefined) =>
  Boolean(
    list?.attachments.some((a) => a.original.status === 'checking' || a.translation?.status === 'checking'),
  );

/**
 * The Endeavor tab's attachments (spec §2, §3 US plan): Attachment Name, translated name, Order, with Reorder
 * (drag or the order dialog), View and Delete; added with the same file and name checks as evidence.
 */
export function PlanAttachments() {
  const { t } = useTranslation('workbench');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { summary, project, readOnly } = useWorkbenchCase();
  const refreshCase = useCaseRefresh(project);
  const key = workbenchKeys.attachments(summary.id);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => attachmentsApi.list(summary.id, signal),
    refetchInterval: (q) => (checking(q.state.data) ? POLL_MS : false),
  });
  const [dialog, setDialog] = useState<'add' | 'order' | null>(null);
  const refresh = useCallback(
    (list?: TAttachmentList) => {
      if (list) queryClient.setQueryData(key, list);
      else void queryClient.invalidateQueries({ queryKey: key });
      refreshCase();
    },
    [queryClient, key, refreshCase],
  );

  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return <LoadFailed title={t('evidence.plan.failed')} onRetry={() => void query.refetch()} />;
  const { attachments } = query.data;

  const reorder = async (ids: number[]) => {
    queryClient.setQueryData<TAttachmentList>(key, (l) =>
      l ? { attachments: ids.flatMap((id) => l.attachments.filter((a) => a.id === id)) } : l,
    );
    try {
      const answer = await attachmentsApi.order(summary.id, ids);
      message.success(answer.msg);
      refresh(answer.attachments);
    } catch {
      refresh();
    }
  };
  const remove = (a: TAttachment) =>
    deleteWithWarning(modal, t, async (confirm) => {
      const answer = await attachmentsApi.remove(summary.id, a.id, confirm);
      message.success(answer.msg);
      refresh(answer.attachments);
    });

  const columns: TableColumnType<TAttachment>[] = [
    {
      key: 'name',
      title: t('evidence.plan.columns.name'),
      render: (_, a) => (
        <div data-testid="attachment-name">
          <Typography.Text strong>{a.name}</Typography.Text>
          <FileRefLine file={a.original} view={false} />
        </div>
      ),
    },
    {
      key: 'name_en',
      title: t('evidence.plan.columns.name_en'),
      render: (_, a) => (
        <div>
          {a.name_en ?? <Typography.Text type="secondary">{t('evidence.file.none')}</Typography.Text>}
          {a.translation && <FileRefLine file={a.translation} view={false} />}
        </div>
      ),
    },
    { key: 'order', title: t('evidence.columns.order'), render: (_, a) => a.order },
    {
      key: 'actions',
      title: t('evidence.columns.actions'),
      render: (_, a) => (
        <Space wrap size={4}>
          <DragHandle label={a.name} disabled={readOnly || attachments.length < 2} />
          <ViewFileButton file={a.original} />
          <Popconfirm
            title={t('evidence.delete.attachment_title', { name: a.name })}
            okText={t('evidence.actions.delete')}
            cancelText={t('evidence.actions.cancel')}
            onConfirm={() => void remove(a)}
          >
            <Button size="small" danger disabled={readOnly}>
              {t('evidence.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <section className="workbench__tab plan" data-testid="plan-attachments">
      <Typography.Title level={2}>{t('evidence.plan.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('evidence.plan.intro')}</Typography.Paragraph>
      <Space wrap className="evidence__toolbar">
        <Button
          type="primary"
          disabled={readOnly}
          onClick={() => setDialog('add')}
          data-testid="add-attachment"
        >
          {t('evidence.plan.add')}
        </Button>
        <Button disabled={readOnly || attachments.length < 2} onClick={() => setDialog('order')}>
          {t('evidence.actions.adjust_order')}
        </Button>
      </Space>
      <SortableRows
        ids={attachments.map((a) => a.id)}
        disabled={readOnly}
        label={(id) => attachments.find((a) => a.id === id)?.name ?? ''}
        onReorder={(ids) => void reorder(ids)}
      >
        <ResponsiveTable<TAttachment>
          rowKey="id"
          size="small"
          dataSource={attachments}
          columns={columns}
          pagination={false}
          components={{ body: { row: SortableTableRow } }}
          card={SortableCard}
          emptyText={t('evidence.plan.empty')}
        />
      </SortableRows>
      <FileDialog
        open={dialog === 'add'}
        title={t('evidence.plan.add')}
        webLink={false}
        onSubmit={async (body) => {
          const answer = await attachmentsApi.add(summary.id, body);
          refresh(answer.attachments);
          return answer;
        }}
        onClose={() => setDialog(null)}
      />
      <OrderDialog
        open={dialog === 'order'}
        title={t('evidence.dialogs.order')}
        groups={[{ key: 'attachments', items: attachments.map((a) => ({ id: a.id, label: a.name })) }]}
        onSave={async (changed) => {
          if (!changed.attachments) return;
          const answer = await attachmentsApi.order(summary.id, changed.attachments);
          message.success(answer.msg);
          refresh(answer.attachments);
        }}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}
