import type { TFileRef, TLetter, TLetterList } from '@dossier/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TableColumnType } from 'antd';
import { Alert, App, Button, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lettersApi } from '../../../api/evidence.ts';
import { ResponsiveTable } from '../../shell/responsive-table.tsx';
import { OutlineLetter } from '../assistant/entry-points.tsx';
import { LoadFailed } from '../case/load-failed.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';
import { deleteWithWarning } from '../evidence/confirm-delete.tsx';
import { FileRefLine, ViewFileButton } from '../evidence/file-ref.tsx';
import { OrderDialog } from '../evidence/order-dialog.tsx';
import { saveFile } from '../evidence/save-file.ts';
import { DragHandle, SortableCard, SortableRows, SortableTableRow } from '../evidence/sortable.tsx';
import { useEvidencePage } from '../evidence/use-evidence.ts';
import { ExampleLetters } from './example-letters.tsx';
import { LetterDialog } from './letter-dialog.tsx';
import { useLetters, useLettersRefresh } from './use-letters.ts';

type Dialog = { kind: 'letter'; letter: TLetter | null; part: 'all' | 'files' } | { kind: 'order' } | null;

/** Spec §5 guidance: at least 3 letters, about 5 usual, at least one from an independent expert. */
const LETTERS_MIN = 3;

function withOrder(list: TLetterList, ids: number[]): TLetterList {
  return { ...list, letters: ids.flatMap((id) => list.letters.filter((l) => l.id === id)) };
}

/**
 * The Reference tab (spec §2): recommenders with their letter, translated letter, résumé and translated
 * résumé, the order, and Reorder (drag), View, Edit, Delete, Upload; the five example letters and the .docx
 * template. Beyond the spec: where each letter stands and whether its author is independent.
 */
export function LettersScreen() {
  const { t } = useTranslation('workbench');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { summary, readOnly } = useWorkbenchCase();
  const query = useLetters();
  const evidence = useEvidencePage();
  const refresh = useLettersRefresh();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return <LoadFailed title={t('evidence.letters.failed')} onRetry={() => void query.refetch()} />;
  const { letters, counts } = query.data;
  const folders = (evidence.data?.folders ?? []).map((f) => ({
    value: f.id,
    // A folder without a file has no exhibit number yet (issue 28 item 3).
    label: f.exhibit === null ? f.name : `${f.exhibit}. ${f.name}`,
  }));

  const reorder = async (ids: number[]) => {
    const key = workbenchKeys.letters(summary.id);
    queryClient.setQueryData<TLetterList>(key, (l) => (l ? withOrder(l, ids) : l));
    try {
      const answer = await lettersApi.order(summary.id, ids);
      message.success(answer.msg);
      refresh(answer.letters);
    } catch {
      refresh();
    }
  };
  const remove = (letter: TLetter) =>
    deleteWithWarning(modal, t, async (confirm) => {
      const answer = await lettersApi.remove(summary.id, letter.id, confirm);
      message.success(answer.msg);
      refresh(answer.letters);
    });
  const template = async () => {
    try {
      saveFile(await lettersApi.template(summary.id), 'recommendation-letter.docx');
    } catch {
      // Shown by the client.
    }
  };
  const file = (f: TFileRef | null) => <FileRefLine file={f} view={false} />;

  const columns: TableColumnType<TLetter>[] = [
    {
      key: 'referrer',
      title: t('evidence.letters.columns.referrer'),
      render: (_, l) => (
        <div data-testid="letter-referrer">
          <Typography.Text strong>{l.name}</Typography.Text>
          <div>{l.position}</div>
          {(l.name_en || l.position_en) && (
            <Typography.Text type="secondary">
              {[l.name_en, l.position_en].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
          <Space wrap size={4} className="letters__tags">
            <Tag color={l.status === 'received' ? 'green' : 'default'} data-testid="letter-status">
              {t(`evidence.letters.statuses.${l.status}`)}
            </Tag>
            {l.independent && <Tag color="blue">{t('evidence.letters.independent_tag')}</Tag>}
            {l.relation && l.relation !== 'independent' && (
              <Tag data-testid="letter-relation-tag">{t(`letter_relation.options.${l.relation}`)}</Tag>
            )}
            {l.coauthored && l.relation !== 'coauthor' && <Tag>{t('letter_relation.coauthored')}</Tag>}
          </Space>
        </div>
      ),
    },
    { key: 'letter', title: t('evidence.letters.columns.letter'), render: (_, l) => file(l.letter) },
    {
      key: 'letter_translation',
      title: t('evidence.letters.columns.letter_translation'),
      render: (_, l) => file(l.letter_translation),
    },
    { key: 'resume', title: t('evidence.letters.columns.resume'), render: (_, l) => file(l.resume) },
    {
      key: 'resume_translation',
      title: t('evidence.letters.columns.resume_translation'),
      render: (_, l) => file(l.resume_translation),
    },
    {
      key: 'order',
      title: t('evidence.columns.order'),
      render: (_, l) => <span data-testid="letter-order">{l.order}</span>,
    },
    {
      key: 'actions',
      title: t('evidence.columns.actions'),
      render: (_, l) => (
        <Space wrap size={4}>
          <DragHandle label={l.name} disabled={readOnly || letters.length < 2} />
          {l.letter && <ViewFileButton file={l.letter} label={t('evidence.actions.view')} />}
          <Button
            size="small"
            disabled={readOnly}
            onClick={() => setDialog({ kind: 'letter', letter: l, part: 'all' })}
          >
            {t('evidence.actions.edit')}
          </Button>
          <Popconfirm
            title={t('evidence.delete.letter_title', { name: l.name })}
            okText={t('evidence.actions.delete')}
            cancelText={t('evidence.actions.cancel')}
            onConfirm={() => void remove(l)}
          >
            <Button size="small" danger disabled={readOnly}>
              {t('evidence.actions.delete')}
            </Button>
          </Popconfirm>
          <Button
            size="small"
            type="primary"
            disabled={readOnly}
            onClick={() => setDialog({ kind: 'letter', letter: l, part: 'files' })}
          >
            {t('evidence.actions.upload')}
          </Button>
          <OutlineLetter letterId={l.id} />
        </Space>
      ),
    },
  ];

  return (
    <section className="workbench__tab letters" data-testid="letters-screen">
      <Typography.Title level={2}>{t('evidence.letters.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('evidence.letters.intro')}</Typography.Paragraph>
      <Alert
        type={counts.total >= LETTERS_MIN && counts.independent > 0 ? 'success' : 'info'}
        showIcon
        data-testid="letter-counts"
        title={t('evidence.letters.counts', {
          total: counts.total,
          received: counts.received,
          independent: counts.independent,
        })}
        description={t('evidence.letters.advice')}
      />
      <Space wrap className="evidence__toolbar">
        <Button
          type="primary"
          disabled={readOnly}
          onClick={() => setDialog({ kind: 'letter', letter: null, part: 'all' })}
          data-testid="add-letter"
        >
          {t('evidence.letters.add')}
        </Button>
        <Button disabled={readOnly || letters.length < 2} onClick={() => setDialog({ kind: 'order' })}>
          {t('evidence.actions.adjust_order')}
        </Button>
        <ExampleLetters />
        <Button onClick={() => void template()} data-testid="letter-template">
          {t('evidence.letters.template')}
        </Button>
      </Space>
      <SortableRows
        ids={letters.map((l) => l.id)}
        disabled={readOnly}
        label={(id) => letters.find((l) => l.id === id)?.name ?? ''}
        onReorder={(ids) => void reorder(ids)}
      >
        <ResponsiveTable<TLetter>
          rowKey="id"
          size="small"
          dataSource={letters}
          columns={columns}
          pagination={false}
          components={{ body: { row: SortableTableRow } }}
          card={SortableCard}
          emptyText={t('evidence.letters.empty')}
        />
      </SortableRows>
      <LetterDialog
        open={dialog?.kind === 'letter'}
        letter={dialog?.kind === 'letter' ? dialog.letter : null}
        part={dialog?.kind === 'letter' ? dialog.part : 'all'}
        folders={folders}
        onSubmit={async (body) => {
          const answer =
            dialog?.kind === 'letter' && dialog.letter
              ? await lettersApi.edit(summary.id, dialog.letter.id, body)
              : await lettersApi.add(summary.id, body);
          refresh(answer.letters);
          return answer;
        }}
        onClose={close}
      />
      <OrderDialog
        open={dialog?.kind === 'order'}
        title={t('evidence.dialogs.order')}
        groups={[{ key: 'letters', items: letters.map((l) => ({ id: l.id, label: l.name })) }]}
        onSave={async (changed) => {
          const ids = changed.letters;
          if (!ids) return;
          const answer = await lettersApi.order(summary.id, ids);
          message.success(answer.msg);
          refresh(answer.letters);
        }}
        onClose={close}
      />
    </section>
  );
}
