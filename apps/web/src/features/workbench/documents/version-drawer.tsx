import type { DocumentKind, TDocument } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, List, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentsApi } from '../../../api/documents.ts';
import { useCustomerClock } from '../../clock/use-customer-clock.ts';

/** Version history: every save (consecutive autosaves share a row), newest first, each restorable. */
export function VersionDrawer(props: {
  caseId: number;
  kind: DocumentKind;
  current: number;
  readOnly: boolean;
  onRestore: (vid: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('workbench');
  const clock = useCustomerClock();
  const [busy, setBusy] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['document-versions', props.caseId, props.kind, props.current],
    queryFn: ({ signal }) => documentsApi.versions(props.caseId, props.kind, signal),
  });
  const restore = async (vid: number) => {
    setBusy(vid);
    try {
      await props.onRestore(vid);
      props.onClose();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Drawer open title={t('documents.versions.title')} onClose={props.onClose}>
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon title={t('documents.versions.failed')} />}
      {query.data && (
        <List
          data-testid="document-versions"
          dataSource={query.data.versions}
          locale={{ emptyText: t('documents.versions.empty') }}
          renderItem={(v) => (
            <List.Item
              data-testid="document-version"
              actions={
                v.version === props.current || props.readOnly
                  ? [
                      <Tag key="current">
                        {v.version === props.current ? t('documents.versions.current') : ''}
                      </Tag>,
                    ]
                  : [
                      <Popconfirm
                        key="restore"
                        title={t('documents.versions.confirm', { version: v.version })}
                        onConfirm={() => restore(v.id)}
                      >
                        <Button size="small" loading={busy === v.id}>
                          {t('documents.versions.restore')}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                title={t('documents.versions.row', { version: v.version })}
                description={`${clock.dateTime(v.created_at)} · ${t('documents.versions.chars', { count: v.chars })}${v.autosave ? ` · ${t('documents.versions.autosave')}` : ''}`}
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}

/**
 * A 409: another tab or device saved a newer version. Nothing was overwritten; the user keeps theirs (saved over
 * the newer one), takes the server's, or compares the two as text side by side first.
 */
export function DocumentConflictDialog(props: {
  theirs: TDocument | null;
  mineText: string;
  theirsText: string;
  onKeep: () => Promise<unknown>;
  onTake: () => void;
}) {
  const { t } = useTranslation('workbench');
  const [compare, setCompare] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('documents.conflict.title')}
      closable={false}
      mask={{ closable: false }}
      width={compare ? 900 : 420}
      footer={[
        <Button key="compare" onClick={() => setCompare((c) => !c)} disabled={!props.theirs}>
          {t('documents.conflict.compare')}
        </Button>,
        <Button key="take" onClick={props.onTake} disabled={!props.theirs}>
          {t('documents.conflict.theirs')}
        </Button>,
        <Button
          key="keep"
          type="primary"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void props.onKeep().finally(() => setBusy(false));
          }}
        >
          {t('documents.conflict.mine')}
        </Button>,
      ]}
    >
      <p>{t('documents.conflict.text')}</p>
      {compare && (
        <div className="doc-compare" data-testid="doc-compare">
          <section>
            <h4>{t('documents.conflict.mine_column')}</h4>
            <pre>{props.mineText}</pre>
          </section>
          <section>
            <h4>{t('documents.conflict.theirs_column', { version: props.theirs?.version ?? '' })}</h4>
            <pre>{props.theirsText}</pre>
          </section>
        </div>
      )}
    </Modal>
  );
}
