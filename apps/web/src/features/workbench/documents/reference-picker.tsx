import type { DocumentKind } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentsApi } from '../../../api/documents.ts';

interface Target {
  id: string;
  /** The number the server's numbering gives it ("3", "3.2"); empty while it has no file (pending). */
  number: string;
  name: string;
  pending?: boolean;
  nested?: boolean;
}

/**
 * "Insert Evidence Index" / "Insert Reference Letter Index": the case's exhibits (folders, then their files) or
 * letters with their current numbers; picking one inserts a reference to its id, never the number. One without a
 * file yet is listed without a number (it gets one once its file is uploaded; until then the checklist names it).
 */
export function ReferencePicker(props: {
  caseId: number;
  kind: DocumentKind;
  target: 'exhibit' | 'letter';
  onPick: (id: string, number: string, name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('workbench');
  const query = useQuery({
    queryKey: ['document-targets', props.caseId, props.kind],
    queryFn: ({ signal }) => documentsApi.referenceTargets(props.caseId, props.kind, signal),
    staleTime: 0,
  });
  const items: Target[] =
    props.target === 'letter'
      ? (query.data?.letters ?? [])
      : (query.data?.exhibits ?? []).flatMap((f) => [
          { id: f.id, number: f.number, name: f.name, pending: f.pending },
          ...f.files.map((x) => ({ ...x, nested: true })),
        ]);
  return (
    <Modal
      open
      title={t(
        props.target === 'letter' ? 'documents.picker.letter_title' : 'documents.picker.exhibit_title',
      )}
      onCancel={props.onClose}
      footer={null}
      width={560}
    >
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon title={t('documents.picker.failed')} />}
      {query.isSuccess && items.length === 0 && <Empty description={t('documents.picker.empty')} />}
      {items.length > 0 && (
        <List
          size="small"
          dataSource={items}
          data-testid="reference-picker"
          renderItem={(item) => (
            <List.Item
              className={item.nested ? 'doc-picker__file' : undefined}
              actions={[
                <Button
                  key="insert"
                  size="small"
                  onClick={() => props.onPick(item.id, item.number, item.name)}
                >
                  {t('documents.picker.insert')}
                </Button>,
              ]}
            >
              <span data-testid="picker-item" data-pending={String(Boolean(item.pending))}>
                {item.pending ? (
                  <Typography.Text type="warning">{t('documents.picker.pending')}</Typography.Text>
                ) : (
                  <strong>
                    {t(props.target === 'letter' ? 'common:numbered.letter' : 'common:numbered.exhibit', {
                      number: item.number,
                    })}
                  </strong>
                )}{' '}
                {item.name}
              </span>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
