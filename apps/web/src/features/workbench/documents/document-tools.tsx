import type { DocumentKind, TDocumentImport, TLetterDocument } from '@dossier/contract';
import { DOCX_IMPORT_MAX_BYTES } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Modal, Skeleton, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { documentsApi } from '../../../api/documents.ts';
import { FilePickerButton } from '../../uploads/file-picker-button.tsx';

/** Import a .docx: the server converts it; the report says what was dropped; confirm replaces the editor's text. */
export function ImportDialog(props: {
  caseId: number;
  kind: DocumentKind;
  onInsert: (doc: TLetterDocument) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('workbench');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TDocumentImport | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const pick = async (file: File) => {
    setChosen(file.name);
    setError(null);
    setResult(null);
    if (file.size > DOCX_IMPORT_MAX_BYTES) return setError(t('documents.import.too_big'));
    setBusy(true);
    try {
      setResult(await documentsApi.import(props.caseId, props.kind, file));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('documents.import.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('documents.import.title')}
      onCancel={props.onClose}
      okText={t('documents.import.insert')}
      okButtonProps={{ disabled: !result }}
      onOk={() => {
        if (result) props.onInsert(result.content);
        props.onClose();
      }}
    >
      <Typography.Paragraph type="secondary">{t('documents.import.hint')}</Typography.Paragraph>
      <div className="doc-tools__pick">
        <FilePickerButton
          type="default"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          inputLabel={t('documents.import.file')}
          inputTestId="docx-input"
          disabled={busy}
          onFile={(file) => void pick(file)}
        >
          {t('documents.import.choose')}
        </FilePickerButton>
        {chosen && (
          <Typography.Text className="doc-tools__file" data-testid="docx-chosen">
            {chosen}
          </Typography.Text>
        )}
      </div>
      {busy && <Spin />}
      {error && <Alert type="error" showIcon title={error} className="doc-tools__alert" />}
      {result && (
        <Alert
          className="doc-tools__alert"
          type={result.dropped.length > 0 ? 'warning' : 'success'}
          showIcon
          title={
            result.dropped.length > 0 ? t('documents.import.dropped') : t('documents.import.nothing_dropped')
          }
          description={
            result.dropped.length > 0 || result.warnings.length > 0 ? (
              <ul data-testid="import-report">
                {result.dropped.map((d) => (
                  <li key={d.what}>{t(`documents.import.what.${d.what}`, { count: d.count })}</li>
                ))}
                {result.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}

/** Writing help as data: the server's outline (Dhanasar prongs / EB-1A sections), each insertable in English. */
export function OutlineDrawer(props: {
  caseId: number;
  kind: DocumentKind;
  readOnly: boolean;
  onInsert: (doc: TLetterDocument) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('workbench');
  const query = useQuery({
    queryKey: ['document-outline', props.caseId, props.kind],
    queryFn: ({ signal }) => documentsApi.outline(props.caseId, props.kind, signal),
  });
  const all = query.data?.sections ?? [];
  return (
    <Drawer open title={t('documents.outline.title')} onClose={props.onClose}>
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon title={t('documents.outline.failed')} />}
      {all.length > 0 && (
        <Space orientation="vertical" className="doc-outline">
          <Button
            type="primary"
            disabled={props.readOnly}
            onClick={() => props.onInsert({ type: 'doc', content: all.flatMap((s) => s.insert.content) })}
          >
            {t('documents.outline.insert_all')}
          </Button>
          {all.map((s) => (
            <section key={s.key} className="doc-outline__section">
              <Typography.Title level={5}>{s.title}</Typography.Title>
              <Typography.Paragraph type="secondary">{s.guidance}</Typography.Paragraph>
              <Button size="small" disabled={props.readOnly} onClick={() => props.onInsert(s.insert)}>
                {t('documents.outline.insert')}
              </Button>
            </section>
          ))}
        </Space>
      )}
    </Drawer>
  );
}
