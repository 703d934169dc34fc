import type { TEvidenceFile, TEvidenceFolder } from '@dossier/contract';
import type { TableColumnType } from 'antd';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { evidenceApi } from '../../../api/evidence.ts';
import { ResponsiveTable } from '../../shell/responsive-table.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { deleteWithWarning } from './confirm-delete.tsx';
import { FileRefLine } from './file-ref.tsx';
import { FolderKind } from './folder-kind.tsx';
import { DragHandle, SortableCard, SortableRows, SortableTableRow } from './sortable.tsx';
import { useEvidenceRefresh } from './use-evidence.ts';

export interface FolderActions {
  upload: (folder: TEvidenceFolder) => void;
  edit: (folder: TEvidenceFolder) => void;
  editFile: (folder: TEvidenceFolder, file: TEvidenceFile) => void;
  reorder: (criterion: string, ids: number[]) => void;
}

/** One saved document of a folder: its exhibit number, the original and its translation, Edit and Delete. */
function SavedFile({
  folder,
  file,
  actions,
}: {
  folder: TEvidenceFolder;
  file: TEvidenceFile;
  actions: FolderActions;
}) {
  const { t } = useTranslation('workbench');
  const { modal, message } = App.useApp();
  const { summary, readOnly } = useWorkbenchCase();
  const refresh = useEvidenceRefresh();
  const remove = () =>
    deleteWithWarning(modal, t, async (confirm) => {
      const answer = await evidenceApi.deleteFile(summary.id, folder.id, file.id, confirm);
      message.success(answer.msg);
      refresh(answer);
    });
  return (
    <li className="evidence__saved" data-testid="saved-file">
      <Typography.Text strong>
        {file.exhibit} {file.name}
      </Typography.Text>
      {file.name_en && <Typography.Text type="secondary"> · {file.name_en}</Typography.Text>}
      <FileRefLine file={file.original} />
      {file.needs_translation && (
        <div className="evidence__translation">
          <Typography.Text type="secondary">
            {t(
              file.translation_mode === 'service' ? 'evidence.file.by_service' : 'evidence.file.translation',
            )}
          </Typography.Text>
          {/* The service's translation shows once the translator delivered it (issue 16 §3). */}
          {(file.translation_mode === 'personal' || file.translation) && (
            <div data-testid="file-translation">
              <FileRefLine file={file.translation} />
            </div>
          )}
        </div>
      )}
      {file.web_link && (
        <a href={file.web_link} target="_blank" rel="noreferrer noopener" className="evidence__link">
          {file.web_link}
        </a>
      )}
      <Space wrap size={4}>
        <Button size="small" disabled={readOnly} onClick={() => actions.editFile(folder, file)}>
          {t('evidence.actions.edit')}
        </Button>
        <Popconfirm
          title={t('evidence.delete.file_title', { name: file.name })}
          okText={t('evidence.actions.delete')}
          cancelText={t('evidence.actions.cancel')}
          onConfirm={() => void remove()}
        >
          <Button size="small" danger disabled={readOnly}>
            {t('evidence.actions.delete')}
          </Button>
        </Popconfirm>
      </Space>
    </li>
  );
}

/**
 * The evidence of one claimed criterion (spec §2): Evidence, Order, Saved Documents, Actions (Rearrange —
 * drag the row —, Upload, Edit, Delete). A table from 768 px, cards below; rows move by drag and drop.
 */
export function FolderTable({ folders, actions }: { folders: TEvidenceFolder[]; actions: FolderActions }) {
  const { t } = useTranslation('workbench');
  const { modal, message } = App.useApp();
  const { summary, readOnly } = useWorkbenchCase();
  const refresh = useEvidenceRefresh();
  const ids = folders.map((f) => f.id);
  const remove = (folder: TEvidenceFolder) =>
    deleteWithWarning(modal, t, async (confirm) => {
      const answer = await evidenceApi.deleteFolder(summary.id, folder.id, confirm);
      message.success(answer.msg);
      refresh(answer);
    });

  const columns: TableColumnType<TEvidenceFolder>[] = [
    {
      key: 'evidence',
      title: t('evidence.columns.evidence'),
      render: (_, f) => (
        <div data-testid="folder-name">
          <Typography.Text strong>{f.name}</Typography.Text>
          {f.name_en && <div className="evidence__name-en">{f.name_en}</div>}
          {f.description && (
            <div className="evidence__name-en" data-testid="folder-description-text">
              {f.description}
            </div>
          )}
          <FolderKind folder={f} />
        </div>
      ),
    },
    {
      key: 'order',
      title: t('evidence.columns.order'),
      render: (_, f) => (
        <span data-testid="folder-exhibit">
          {f.exhibit === null ? (
            <Typography.Text type="warning">{t('evidence.no_exhibit')}</Typography.Text>
          ) : (
            t('common:numbered.exhibit', { number: f.exhibit })
          )}
        </span>
      ),
    },
    {
      key: 'files',
      title: t('evidence.columns.saved'),
      render: (_, f) =>
        f.files.length === 0 ? (
          <Typography.Text type="secondary">{t('evidence.file.empty')}</Typography.Text>
        ) : (
          <ul className="evidence__saved-list">
            {f.files.map((file) => (
              <SavedFile key={file.id} folder={f} file={file} actions={actions} />
            ))}
          </ul>
        ),
    },
    {
      key: 'actions',
      title: t('evidence.columns.actions'),
      render: (_, f) => (
        <Space wrap size={4} className="evidence__actions">
          <DragHandle label={f.name} disabled={readOnly || folders.length < 2} />
          <Button size="small" type="primary" disabled={readOnly} onClick={() => actions.upload(f)}>
            {t('evidence.actions.upload')}
          </Button>
          <Button size="small" disabled={readOnly} onClick={() => actions.edit(f)}>
            {t('evidence.actions.edit')}
          </Button>
          <Popconfirm
            title={t('evidence.delete.folder_title', { name: f.name })}
            okText={t('evidence.actions.delete')}
            cancelText={t('evidence.actions.cancel')}
            onConfirm={() => void remove(f)}
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
    <SortableRows
      ids={ids}
      disabled={readOnly}
      label={(id) => folders.find((f) => f.id === id)?.name ?? ''}
      onReorder={(next) => actions.reorder(folders[0]?.criterion ?? '', next)}
    >
      <ResponsiveTable<TEvidenceFolder>
        rowKey="id"
        size="small"
        dataSource={folders}
        columns={columns}
        pagination={false}
        rowClassName={() => 'evidence__row'}
        components={{ body: { row: SortableTableRow } }}
        card={SortableCard}
        emptyText={t('evidence.folder.empty')}
      />
    </SortableRows>
  );
}
