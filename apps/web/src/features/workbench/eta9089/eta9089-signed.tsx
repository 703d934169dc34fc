import type { Eta9089SignedKind, TEta9089Page } from '@dossier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { caseApi } from '../../../api/workbench.ts';
import { UploadField } from '../../uploads/upload-field.tsx';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';
import { FileRefLine } from '../evidence/file-ref.tsx';
import { readmeKeys } from '../readme/readme-keys.ts';

/** While a signed file is still being checked, the page is read again this often. */
export const SIGNED_POLL_MS = 1500;

export const signedChecking = (page: TEta9089Page | undefined) =>
  Boolean(page?.signed.some((s) => s.file?.status === 'checking'));

/**
 * The ETA-9089 page's read (the page and the Form tab's card share it), followed while a signed upload is being
 * checked.
 */
export const eta9089Query = (caseId: number) => ({
  queryKey: workbenchKeys.eta9089(caseId),
  queryFn: ({ signal }: { signal: AbortSignal }) => caseApi.eta9089(caseId, signal),
  refetchInterval: (q: { state: { data: TEta9089Page | undefined } }) =>
    signedChecking(q.state.data) ? SIGNED_POLL_MS : false,
});

/**
 * The signed ETA-9089 of an NIW case (issue 28 item 6, decision 0060): the form with Appendix A (required) and
 * the Final Determination (optional), each uploaded through the tus uploader and attached at once; the file in
 * place is shown (name, pages, size, status) with Remove; uploading another file replaces it.
 */
export function Eta9089Signed({ page }: { page: TEta9089Page }) {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { summary, project, readOnly } = useWorkbenchCase();
  const refreshCase = useCaseRefresh(project);
  // Each uploader starts again empty once its file is attached (the slot shows the file above it).
  const [rounds, setRounds] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState<Eta9089SignedKind | null>(null);

  const saved = (kind: Eta9089SignedKind, next: TEta9089Page, msg: string) => {
    queryClient.setQueryData(workbenchKeys.eta9089(summary.id), next);
    void queryClient.invalidateQueries({ queryKey: readmeKeys.readme(summary.id) });
    void queryClient.invalidateQueries({ queryKey: readmeKeys.packet(summary.id) });
    refreshCase();
    setRounds((r) => ({ ...r, [kind]: (r[kind] ?? 0) + 1 }));
    message.success(msg);
  };
  const attach = async (kind: Eta9089SignedKind, uploadId: number) => {
    setBusy(kind);
    try {
      saved(kind, await caseApi.eta9089Sign(summary.id, kind, uploadId), t('eta9089.signed.saved'));
    } finally {
      setBusy(null);
    }
  };
  const remove = async (kind: Eta9089SignedKind) => {
    setBusy(kind);
    try {
      saved(kind, await caseApi.eta9089Unsign(summary.id, kind), t('eta9089.signed.removed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="eta9089__signed" data-testid="eta9089-signed">
      <Typography.Title level={3}>{t('eta9089.signed.heading')}</Typography.Title>
      <Typography.Paragraph>{t('eta9089.signed.intro')}</Typography.Paragraph>
      <div className="eta9089__files">
        {page.signed.map((s) => (
          <Card
            key={s.kind}
            size="small"
            title={t(`eta9089.signed.kinds.${s.kind}`)}
            data-testid={`eta9089-signed-${s.kind}`}
            data-uploaded={s.file ? 'true' : 'false'}
            extra={s.required && !s.file ? <Tag color="warning">{t('eta9089.signed.none')}</Tag> : null}
          >
            {s.file ? (
              <div className="eta9089__signed-file">
                <FileRefLine file={s.file} />
                {!readOnly && (
                  <Popconfirm
                    title={t('eta9089.signed.remove')}
                    onConfirm={() => remove(s.kind)}
                    okButtonProps={{ danger: true }}
                  >
                    <Button size="small" danger loading={busy === s.kind} data-testid="eta9089-signed-remove">
                      {t('eta9089.signed.remove')}
                    </Button>
                  </Popconfirm>
                )}
                {!readOnly && (
                  <Typography.Paragraph type="secondary">{t('eta9089.signed.replace')}</Typography.Paragraph>
                )}
              </div>
            ) : (
              <Typography.Paragraph type="secondary">{t('eta9089.signed.none')}</Typography.Paragraph>
            )}
            {!readOnly && (
              <UploadField
                key={rounds[s.kind] ?? 0}
                project={project}
                label={t(`eta9089.signed.kinds.${s.kind}`)}
                retentionNote={false}
                onStored={(upload) => void attach(s.kind, upload.id)}
              />
            )}
          </Card>
        ))}
      </div>
    </section>
  );
}
