import type { TFileRef } from '@dossier/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadField } from '../../uploads/upload-field.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { FileRefLine } from './file-ref.tsx';

/**
 * A Form.Item control holding an upload id: the uploader ("Be Uploading" → "Upload Successful" → checking →
 * ready or refused with the reason) sets it once the file is stored; an edit shows the file it replaces.
 */
export function UploadInput({
  value,
  onChange,
  current,
  label,
  testId,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The file saved now (edit dialogs). */
  current?: TFileRef | null;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('workbench');
  const { project } = useWorkbenchCase();
  const replaced = current && value !== current.upload_id;
  return (
    <div className="upload-input" data-testid={testId}>
      {current && (
        <div className="upload-input__current">
          <Typography.Text type="secondary">
            {replaced ? t('evidence.file.replaced') : t('evidence.file.current')}
          </Typography.Text>
          <FileRefLine file={current} />
        </div>
      )}
      <UploadField
        project={project}
        label={label}
        retentionNote={false}
        onStored={(upload) => onChange?.(upload.id)}
        onRemoved={() => onChange?.(current?.upload_id ?? null)}
      />
    </div>
  );
}
