import { type TExhibitText, type TStaffTask, ZExhibitText, ZPretranslation } from '@dossier/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Select, Skeleton, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { staffToken } from '../../api/staff.ts';
import { useNarrowScreen } from '../../features/shell/use-narrow-screen.ts';

/** GET /api/staff/task/{id}/exhibit-text/{upload_id}/ (issue 33 item 1): each page's text and how it was read. */
const exhibitText = (taskId: number, uploadId: number, signal?: AbortSignal) =>
  api.get(`/staff/task/${taskId}/exhibit-text/${uploadId}/`, {
    bearer: staffToken.get(),
    signal,
    schema: ZExhibitText,
  });

/**
 * POST /api/staff/task/{id}/assistant/pretranslate/ (issue 33 item 5, decision 0086): the assistant's draft
 * translation of the file's pages, for the translator to check; refused (the server's message) without the
 * customer's consent, past the quota, or with no model configured.
 */
const pretranslate = (taskId: number, uploadId: number, to: 'en' | 'zh') =>
  api.post(
    `/staff/task/${taskId}/assistant/pretranslate/`,
    { upload_id: uploadId, to },
    { bearer: staffToken.get(), schema: ZPretranslation },
  );

const SOURCE_COLOR: Record<TExhibitText['pages'][number]['source'], string | undefined> = {
  layer: undefined,
  ocr: 'blue',
  none: undefined,
  ocr_timeout: 'orange',
  ocr_unavailable: 'orange',
};

/**
 * "Page text" for a task's files (decision 0085): the translator reads each page's text — the PDF's text layer or
 * what OCR found in a scan — beside the page they open from the zip, with where each page's text came from and
 * why a page has none. A drawer the width of a phone's screen below 768 px.
 */
export function ExhibitTextButton({ task }: { task: TStaffTask }) {
  const { t } = useTranslation('assistant');
  const narrow = useNarrowScreen();
  const files = task.items.filter((i) => i.upload_id !== null);
  const labelId = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const uploadId = chosen ?? files[0]?.upload_id ?? null;
  const text = useQuery({
    queryKey: ['staff', 'task', task.id, 'exhibit-text', uploadId],
    queryFn: ({ signal }) => exhibitText(task.id, uploadId!, signal),
    enabled: open && uploadId !== null,
    retry: false,
    staleTime: 60_000,
  });
  const draft = useMutation({
    mutationFn: (to: 'en' | 'zh') => pretranslate(task.id, uploadId!, to),
  });
  const drafted = draft.data?.upload_id === uploadId ? draft.data : undefined;
  const draftOf = (page: number) => drafted?.pages.find((d) => d.page === page)?.text;
  if (files.length === 0) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="staff-exhibit-text">
        {t('exhibit_text.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('exhibit_text.title')}
        size={narrow ? '100%' : 640}
        destroyOnHidden
      >
        <div className="staff__exhibit-file">
          <span id={labelId}>{t('exhibit_text.file')}</span>
          <Select
            value={uploadId}
            onChange={(id) => {
              setChosen(id);
              draft.reset();
            }}
            options={files.map((f) => ({
              value: f.upload_id,
              label: `${t(`tasks:items.${f.kind}`)} · ${f.name}`,
            }))}
            className="staff__exhibit-select"
            aria-labelledby={labelId}
          />
        </div>
        <div className="staff__exhibit-draft">
          <Button
            onClick={() => draft.mutate('en')}
            loading={draft.isPending}
            disabled={uploadId === null}
            data-testid="staff-pretranslate"
          >
            {t('exhibit_text.pretranslate')}
          </Button>
          {drafted && <Alert type="info" showIcon title={drafted.msg} className="staff__exhibit-note" />}
        </div>
        {text.isPending && <Skeleton active />}
        {text.isError && <Alert type="error" showIcon title={t('exhibit_text.load_failed')} role="alert" />}
        {text.data?.note && (
          <Alert type="warning" showIcon title={text.data.note} className="staff__exhibit-note" />
        )}
        {text.data?.pages.map((p) => (
          <section
            key={p.page}
            className="staff__exhibit-page"
            aria-label={t('exhibit_text.page', { page: p.page })}
          >
            <Typography.Title level={4}>
              {t('exhibit_text.page', { page: p.page })}{' '}
              <Tag color={SOURCE_COLOR[p.source]}>{t(`exhibit_text.source.${p.source}`)}</Tag>
            </Typography.Title>
            {p.text ? (
              <Typography.Paragraph className="staff__exhibit-text">{p.text}</Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">{t('exhibit_text.empty_page')}</Typography.Text>
            )}
            {draftOf(p.page) && (
              <div className="staff__exhibit-translation" lang="en">
                <Tag color="purple">{t('exhibit_text.draft_translation')}</Tag>
                <Typography.Paragraph className="staff__exhibit-text">{draftOf(p.page)}</Typography.Paragraph>
              </div>
            )}
          </section>
        ))}
      </Drawer>
    </>
  );
}
