import {
  BACKGROUND,
  EXHIBIT_ORDER_MODES,
  type ExhibitOrderMode,
  type TEvidenceFile,
  type TEvidenceFolder,
  type TEvidencePage,
} from '@dossier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Radio, Skeleton, Space, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { evidenceApi } from '../../../api/evidence.ts';
import { LoadFailed } from '../case/load-failed.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';
import { CriteriaCard } from './criteria-card.tsx';
import { FileDialog } from './file-dialog.tsx';
import { FolderDialog } from './folder-dialog.tsx';
import { FolderTable } from './folder-table.tsx';
import { HowToUse } from './how-to-use.tsx';
import { OrderDialog, type OrderGroup } from './order-dialog.tsx';
import type { FileDialogInitial } from './requests.ts';
import { saveFile } from './save-file.ts';
import { useEvidencePage, useEvidenceRefresh } from './use-evidence.ts';
import './evidence.css';

type Dialog =
  | { kind: 'folder'; folder: TEvidenceFolder | null }
  | { kind: 'file'; folder: TEvidenceFolder; file: TEvidenceFile | null }
  | { kind: 'order' }
  | null;

const CRITERIA_GROUP = 'criteria';
/** The customer's whole-case sequence (exhibit order `custom`). */
const WHOLE_GROUP = 'whole';
/** `files:<folder id>`: the documents of one folder. */
const FILES_GROUP = 'files:';

function fileInitial(file: TEvidenceFile): FileDialogInitial {
  return {
    values: {
      name: file.name,
      name_en: file.name_en,
      web_link: file.web_link,
      needs_translation: file.needs_translation,
      translation_mode: file.translation_mode,
      original_upload_id: file.original.upload_id,
      translation_upload_id: file.translation?.upload_id ?? null,
    },
    original: file.original,
    translation: file.translation,
  };
}

/** The page with one criterion's folders in a new order (shown at once while the server saves it). */
function withOrder(page: TEvidencePage, criterion: string, ids: number[]): TEvidencePage {
  const others = page.folders.filter((f) => f.criterion !== criterion);
  const moved = ids.flatMap((id) => page.folders.filter((f) => f.id === id));
  return { ...page, folders: [...others, ...moved] };
}

/**
 * The Evidence tab (spec §2): claimed criteria, then the Background group and per criterion its evidence folders
 * and their files, with add evidence, adjust display order (and how the whole case is numbered: issue 28 item 4),
 * download template (once a criterion is claimed) and "How to use?".
 */
export function EvidenceScreen() {
  const { t } = useTranslation('workbench');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { summary, readOnly } = useWorkbenchCase();
  const query = useEvidencePage();
  const refresh = useEvidenceRefresh();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [orderMode, setOrderMode] = useState<ExhibitOrderMode>('criterion');
  const close = () => setDialog(null);
  // The first page of folders renders in the background: React yields to the browser while it builds 40 folders
  // instead of one long task (TBT), and the title and introduction paint first (they are LCP on a phone). Later
  // changes (a save, a new order) render at once as before. Decision 0065.
  const shown = useDeferredValue(query.isSuccess);

  const heading = (
    <>
      <Typography.Title level={2}>{t('evidence.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('evidence.intro')}</Typography.Paragraph>
    </>
  );
  if (query.isPending || (query.isSuccess && !shown))
    return (
      <section className="workbench__tab evidence">
        {heading}
        <Skeleton active />
      </section>
    );
  if (query.isError) return <LoadFailed title={t('evidence.failed')} onRetry={() => void query.refetch()} />;
  const page = query.data;
  const { criteria } = page;
  const labelOf = (key: string) =>
    key === BACKGROUND
      ? t('evidence.background.title')
      : (criteria.available.find((c) => c.key === key)?.label ?? key);
  const regulationOf = (key: string) =>
    key === BACKGROUND
      ? t('evidence.background.hint')
      : (criteria.available.find((c) => c.key === key)?.regulation ?? '');
  const claimedOptions = criteria.claimed.map((c) => ({ value: c, label: labelOf(c) }));
  // Every case has the Background group, before the criteria; it is never claimed.
  const groups = [BACKGROUND, ...criteria.claimed];
  const folderOptions = [{ value: BACKGROUND, label: labelOf(BACKGROUND) }, ...claimedOptions];
  // A criterion's folders in their own order (the page lists them in the case's exhibit order).
  const foldersOf = (criterion: string) =>
    page.folders.filter((f) => f.criterion === criterion).sort((a, b) => a.order - b.order);

  const reorder = async (criterion: string, ids: number[]) => {
    const key = workbenchKeys.evidence(summary.id);
    queryClient.setQueryData<TEvidencePage>(key, (p) => (p ? withOrder(p, criterion, ids) : p));
    try {
      const answer = await evidenceApi.orderFolders(summary.id, { criterion: criterion as never, ids });
      message.success(answer.msg);
      refresh(answer);
    } catch {
      refresh();
    }
  };

  const saveOrder = async (changed: Record<string, number[]>) => {
    const { [CRITERIA_GROUP]: claimed, [WHOLE_GROUP]: whole, ...folders } = changed;
    if (claimed) {
      const answer = await evidenceApi.claim(summary.id, {
        criteria: claimed.map((i) => criteria.claimed[i - 1] as string),
        version: criteria.version,
      });
      message.success(answer.msg);
    }
    for (const [key, ids] of Object.entries(folders)) {
      const answer = key.startsWith(FILES_GROUP)
        ? await evidenceApi.orderFiles(summary.id, Number(key.slice(FILES_GROUP.length)), ids)
        : await evidenceApi.orderFolders(summary.id, { criterion: key as never, ids });
      message.success(answer.msg);
    }
    if (orderMode !== page.exhibit_order.mode || whole) {
      const answer = await evidenceApi.exhibitOrder(summary.id, {
        mode: orderMode,
        ...(orderMode === 'custom' ? { ids: whole ?? page.folders.map((f) => f.id) } : {}),
        version: page.exhibit_order.version,
      });
      message.success(answer.msg);
    }
    refresh();
  };

  const template = async (criterion: string) => {
    try {
      saveFile(await evidenceApi.template(summary.id, criterion), `${criterion}.docx`);
    } catch {
      // The client has shown "Failed to obtain the download address".
    }
  };

  // The claimed criteria are ordered by position (1…n: ids must be numbers); folders by their ids.
  const orderGroups: OrderGroup[] = [
    ...(orderMode === 'custom'
      ? [
          {
            key: WHOLE_GROUP,
            title: t('evidence.order.whole_case'),
            items: page.folders.map((f) => ({ id: f.id, label: `${labelOf(f.criterion)} · ${f.name}` })),
          },
        ]
      : []),
    {
      key: CRITERIA_GROUP,
      title: t('evidence.order.criteria'),
      items: criteria.claimed.map((c, i) => ({ id: i + 1, label: labelOf(c) })),
    },
    ...groups.map((c) => ({
      key: c,
      title: labelOf(c),
      items: foldersOf(c).map((f) => ({ id: f.id, label: f.name })),
    })),
    ...page.folders
      .filter((f) => f.files.length > 1)
      .map((f) => ({
        key: `${FILES_GROUP}${f.id}`,
        title: t('evidence.order.files', { name: f.name }),
        items: f.files.map((file) => ({ id: file.id, label: `${file.exhibit} ${file.name}` })),
      })),
  ];

  const actions = {
    upload: (folder: TEvidenceFolder) => setDialog({ kind: 'file', folder, file: null }),
    edit: (folder: TEvidenceFolder) => setDialog({ kind: 'folder', folder }),
    editFile: (folder: TEvidenceFolder, file: TEvidenceFile) => setDialog({ kind: 'file', folder, file }),
    reorder: (criterion: string, ids: number[]) => void reorder(criterion, ids),
  };

  return (
    <section className="workbench__tab evidence" data-testid="evidence-screen">
      {heading}
      <CriteriaCard criteria={criteria} />
      <Space wrap className="evidence__toolbar">
        <Button
          type="primary"
          disabled={readOnly}
          onClick={() => setDialog({ kind: 'folder', folder: null })}
          data-testid="add-evidence"
        >
          {t('evidence.actions.add_evidence')}
        </Button>
        <Button
          disabled={readOnly || page.folders.length + criteria.claimed.length < 2}
          onClick={() => {
            setOrderMode(page.exhibit_order.mode);
            setDialog({ kind: 'order' });
          }}
          data-testid="adjust-order"
        >
          {t('evidence.actions.adjust_order')}
        </Button>
        <Dropdown
          disabled={!page.template_available}
          trigger={['click']}
          menu={{
            items: claimedOptions.map((o) => ({ key: o.value, label: o.label })),
            onClick: ({ key }) => void template(key),
          }}
        >
          <Button disabled={!page.template_available} data-testid="download-template">
            {t('evidence.actions.template')}
          </Button>
        </Dropdown>
        <HowToUse />
      </Space>
      {groups.map((criterion) => (
        <section key={criterion} className="evidence__criterion" data-testid={`criterion-${criterion}`}>
          <Typography.Title level={3} className="evidence__criterion-title">
            {labelOf(criterion)}
            <Typography.Text type="secondary" className="evidence__criterion-reg">
              {regulationOf(criterion)}
            </Typography.Text>
          </Typography.Title>
          <FolderTable folders={foldersOf(criterion)} actions={actions} />
        </section>
      ))}
      <FolderDialog
        caseId={summary.id}
        open={dialog?.kind === 'folder'}
        title={t(
          dialog?.kind === 'folder' && dialog.folder
            ? 'evidence.dialogs.edit_folder'
            : 'evidence.dialogs.add_folder',
        )}
        criteria={folderOptions}
        initial={
          dialog?.kind === 'folder' && dialog.folder
            ? {
                criterion: dialog.folder.criterion,
                name: dialog.folder.name,
                name_en: dialog.folder.name_en,
                description: dialog.folder.description,
                kind: dialog.folder.kind,
                evidence_date: dialog.folder.evidence_date,
              }
            : null
        }
        onSubmit={async (body) => {
          const answer =
            dialog?.kind === 'folder' && dialog.folder
              ? await evidenceApi.editFolder(summary.id, dialog.folder.id, body)
              : await evidenceApi.addFolder(summary.id, body);
          refresh(answer);
          return answer;
        }}
        onClose={close}
      />
      <FileDialog
        open={dialog?.kind === 'file'}
        webLink
        title={t(
          dialog?.kind === 'file' && dialog.file ? 'evidence.dialogs.edit_file' : 'evidence.dialogs.add_file',
        )}
        context={
          dialog?.kind === 'file' ? `${labelOf(dialog.folder.criterion)} · ${dialog.folder.name}` : undefined
        }
        initial={dialog?.kind === 'file' && dialog.file ? fileInitial(dialog.file) : null}
        onSubmit={async (body) => {
          if (dialog?.kind !== 'file') throw new Error('no folder');
          const answer = dialog.file
            ? await evidenceApi.editFile(summary.id, dialog.folder.id, dialog.file.id, body)
            : await evidenceApi.addFile(summary.id, dialog.folder.id, body);
          refresh(answer);
          return answer;
        }}
        onClose={close}
      />
      <OrderDialog
        open={dialog?.kind === 'order'}
        title={t('evidence.dialogs.order')}
        groups={orderGroups}
        dirty={orderMode !== page.exhibit_order.mode}
        header={
          <fieldset className="order-dialog__mode" data-testid="exhibit-order-mode">
            <legend>{t('evidence.order.mode')}</legend>
            <Radio.Group
              value={orderMode}
              onChange={(e) => setOrderMode(e.target.value)}
              options={EXHIBIT_ORDER_MODES.map((m) => ({ value: m, label: t(`evidence.order.modes.${m}`) }))}
              className="order-dialog__modes"
            />
            <Typography.Paragraph type="secondary">
              {t(`evidence.order.mode_hint.${orderMode}`)}
            </Typography.Paragraph>
          </fieldset>
        }
        onSave={saveOrder}
        onClose={close}
      />
    </section>
  );
}
