import { type ProjectCode, type TUpload, UPLOAD_ORPHAN_HOURS } from '@dossier/contract';
import { Alert, App, Button, Progress, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadsApi } from '../../api/uploads.ts';
import { FilePickerButton } from './file-picker-button.tsx';
import { formatBytes } from './format-bytes.ts';
import { useUpload } from './use-upload.ts';
import './uploads.css';

// pdf.js is large: its own chunk, loaded when the owner opens a file.
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

/** File types offered by the picker; the server decides by content whatever the picker lets through. */
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.tif,.tiff,.heic,.heif,.bmp,.gif,.webp,application/pdf,image/*';

export interface UploadFieldProps {
  project: ProjectCode;
  /** Called once the file is stored (status "checking"); the evidence and letter dialogs keep its id. */
  onStored?: (upload: TUpload) => void;
  /** Called when the owner deletes the stored upload here (a dialog then forgets its id). */
  onRemoved?: () => void;
  /** UPLOAD_MAX_MB as the server applies it, for the hint. */
  maxMb?: number;
  /** Shows the retention note (off inside dialogs that attach the file at once). */
  retentionNote?: boolean;
  /** Names the picker for screen readers and tests, e.g. "Original file". */
  label?: string;
}

/**
 * One file to upload: pick (our button; the native input is hidden), "Be Uploading" with a progress bar (resumes
 * by itself after a dropped connection), then the server's check: "Checking…" → "Upload Successful" with pages and
 * size (view, download, delete) once it is ready, or the refusal alone with the server's reason naming the file
 * (decision 0062: one state per upload). Reused by the evidence, letters, US-plan and ETA-9089 screens.
 */
export function UploadField({
  project,
  onStored,
  onRemoved,
  maxMb = 50,
  retentionNote = true,
  label,
}: UploadFieldProps) {
  const { t } = useTranslation('uploads');
  const { message } = App.useApp();
  const hintId = useId();
  const [viewing, setViewing] = useState(false);
  const { state, upload, start, cancel, retry, reset } = useUpload(project, onStored);

  const download = async (u: TUpload) => {
    const bytes = await uploadsApi.bytes(u.id, 'original');
    const url = URL.createObjectURL(new Blob([bytes], { type: u.content_type }));
    const a = Object.assign(document.createElement('a'), { href: url, download: u.name });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const remove = async (u: TUpload) => {
    const { msg } = await uploadsApi.remove(u.id);
    message.success(msg);
    reset();
    onRemoved?.();
  };

  return (
    <div className="upload-field" data-testid="upload-field">
      {(state.phase === 'idle' || state.phase === 'stored' || state.phase === 'refused') && (
        <Space direction="vertical" size={4}>
          <FilePickerButton
            accept={ACCEPT}
            onFile={start}
            inputTestId="upload-input"
            inputLabel={label}
            describedBy={hintId}
          >
            {t('widget.choose')}
          </FilePickerButton>
          <Typography.Text type="secondary" className="upload-field__hint" id={hintId}>
            {t('widget.choose_hint', { limit: maxMb })}
          </Typography.Text>
        </Space>
      )}
      {(state.phase === 'uploading' || state.phase === 'paused') && (
        <div className="upload-field__progress" aria-live="polite">
          <Typography.Text className="upload-field__name">{state.name}</Typography.Text>
          <Progress
            percent={state.percent}
            status={state.phase === 'paused' ? 'exception' : 'active'}
            aria-label={state.name}
          />
          <Space wrap>
            <Typography.Text>
              {state.phase === 'uploading'
                ? t('widget.uploading')
                : t('widget.paused', { percent: state.percent })}
            </Typography.Text>
            <Button size="small" onClick={cancel}>
              {t('widget.cancel')}
            </Button>
          </Space>
        </div>
      )}
      {state.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={`${t('widget.failed')}: ${state.name}`}
          description={state.msg}
          action={
            <Button size="small" onClick={retry}>
              {t('widget.retry')}
            </Button>
          }
        />
      )}
      {state.phase === 'refused' && (
        <Alert
          type="error"
          showIcon
          message={t('widget.refused')}
          description={state.msg}
          data-testid="upload-refused"
        />
      )}
      {upload && (
        <div className="upload-field__result" aria-live="polite" data-testid="upload-result">
          <Typography.Text className="upload-field__name">{upload.name}</Typography.Text>
          {upload.status === 'checking' && (
            <span className="upload-field__checking" data-testid="upload-checking">
              <Spin size="small" />
              <Typography.Text type="secondary">{t('widget.checking')}</Typography.Text>
            </span>
          )}
          {upload.status === 'ready' && (
            <>
              <Progress percent={100} status="success" aria-label={upload.name} />
              <Typography.Text className="upload-field__ok">{t('widget.uploaded')}</Typography.Text>
              <Typography.Text data-testid="upload-ready">
                {' · '}
                {upload.pages === 1
                  ? t('widget.ready_one', { size: formatBytes(upload.pdf_size ?? 0) })
                  : t('widget.ready', { pages: upload.pages, size: formatBytes(upload.pdf_size ?? 0) })}
              </Typography.Text>
              <Space wrap className="upload-field__actions">
                <Button size="small" onClick={() => setViewing(true)}>
                  {t('widget.view')}
                </Button>
                <Button size="small" onClick={() => void download(upload)}>
                  {t('widget.download')}
                </Button>
                <Button size="small" danger onClick={() => void remove(upload)}>
                  {t('widget.delete')}
                </Button>
              </Space>
            </>
          )}
          {upload.status === 'refused' && (
            <Alert
              type="error"
              showIcon
              message={t('widget.refused')}
              description={upload.refusal?.msg}
              data-testid="upload-refused"
            />
          )}
        </div>
      )}
      {viewing && upload && (
        <Suspense fallback={null}>
          <PdfViewer upload={upload} onClose={() => setViewing(false)} />
        </Suspense>
      )}
      {retentionNote && (
        <Typography.Paragraph type="secondary" className="upload-field__note">
          {t('widget.retention', { hours: UPLOAD_ORPHAN_HOURS })}
        </Typography.Paragraph>
      )}
    </div>
  );
}
