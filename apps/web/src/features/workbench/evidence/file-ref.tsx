import type { TFileRef } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadsApi } from '../../../api/uploads.ts';
import { formatBytes } from '../../uploads/format-bytes.ts';

// pdf.js stays in its own chunk (features/uploads), loaded when a file is opened.
const PdfViewer = lazy(() => import('../../uploads/pdf-viewer.tsx'));

/** "View" for a ready file: the owner's pdf.js viewer over the normalised PDF. */
export function ViewFileButton({ file, label }: { file: TFileRef; label?: string }) {
  const { t } = useTranslation('workbench');
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ['upload', file.upload_id],
    queryFn: ({ signal }) => uploadsApi.get(file.upload_id, signal),
    enabled: open,
  });
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        disabled={file.status !== 'ready'}
        loading={open && query.isPending}
      >
        {label ?? t('evidence.actions.view')}
      </Button>
      {open && query.data && (
        <Suspense fallback={null}>
          <PdfViewer upload={query.data} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * One stored file as a row shows it: its name, then "checking" → ready (pages) or refused with the server's
 * reason, and View once ready.
 */
export function FileRefLine({ file, view = true }: { file: TFileRef | null; view?: boolean }) {
  const { t } = useTranslation('workbench');
  if (!file) return <Typography.Text type="secondary">{t('evidence.file.none')}</Typography.Text>;
  return (
    <div className="evidence__file-ref" data-testid="file-ref" data-status={file.status}>
      <Typography.Text className="evidence__file-name">{file.name}</Typography.Text>
      <Space wrap size={4}>
        {file.status === 'checking' && <Tag color="processing">{t('evidence.file.checking')}</Tag>}
        {file.status === 'ready' && (
          <Tag color="success" data-testid="file-ready">
            {file.pages === 1
              ? t('evidence.file.ready_one')
              : t('evidence.file.ready', { pages: file.pages ?? 0 })}
          </Tag>
        )}
        {file.status === 'ready' && file.pdf_size !== null && (
          <Typography.Text type="secondary" data-testid="file-size">
            {formatBytes(file.pdf_size)}
          </Typography.Text>
        )}
        {file.status === 'refused' && <Tag color="error">{t('evidence.file.refused')}</Tag>}
        {view && file.status === 'ready' && <ViewFileButton file={file} />}
      </Space>
      {file.refusal && (
        <Typography.Text type="danger" className="evidence__refusal" data-testid="file-refusal">
          {file.refusal.msg}
        </Typography.Text>
      )}
    </div>
  );
}
