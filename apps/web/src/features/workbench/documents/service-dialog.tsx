import type { DocumentKind, ServiceFirst, TServiceChoice } from '@dossier/contract';
import { Alert, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { documentsApi } from '../../../api/documents.ts';

/** Review and translation both held: the customer chooses which comes first (issue 13 item 7). */
export const holdsBothServices = (rights: readonly { service: string; status: string }[]) =>
  ['REVIEW', 'TRANSLATION'].every((s) => rights.some((r) => r.service === s && r.status === 'active'));

/**
 * "Please choose service used": review first or translation first, when both are bought; the choice is stored.
 * Opened from the petition letter screen, and by the schedule when the petition letter is submitted without a
 * stored choice (the server refuses that submission with service_choice_required). No TipTap here: the schedule
 * imports it outside the editor chunk.
 */
export function ServiceDialog(props: {
  caseId: number;
  kind: DocumentKind;
  /** The stored choice, if any (the document's `service_first`). */
  initial?: ServiceFirst | null;
  onClose: (saved?: TServiceChoice) => void;
}) {
  const { t } = useTranslation('workbench');
  const [first, setFirst] = useState<ServiceFirst | null>(props.initial ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!first) return setError(t('documents.services.required'));
    setBusy(true);
    try {
      props.onClose(await documentsApi.serviceChoice(props.caseId, props.kind, { first }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('documents.services.title')}
      onCancel={() => props.onClose()}
      onOk={() => void save()}
      confirmLoading={busy}
    >
      <Radio.Group value={first} onChange={(e) => setFirst(e.target.value)}>
        <Space orientation="vertical">
          <Radio value="review">{t('documents.services.review')}</Radio>
          <Radio value="translation">{t('documents.services.translation')}</Radio>
        </Space>
      </Radio.Group>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
