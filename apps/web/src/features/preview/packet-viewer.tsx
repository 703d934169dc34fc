import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { packetApi } from '../../api/packet.ts';
import { ButtonLink } from '../shell/button-link.tsx';
import { useNarrowScreen } from '../shell/use-narrow-screen.ts';
import { useWorkbenchCase } from '../workbench/case/workbench-context.tsx';
import { readmeKeys } from '../workbench/readme/readme-keys.ts';
import {
  currentEntry,
  flattenOutline,
  isBuilding,
  type OutlineEntry,
  packetPollInterval,
} from '../workbench/readme/readme-model.ts';
import { tabPath } from '../workbench/workbench-tabs.ts';
import { PdfPageCanvas, usePdfDocument } from './pdf-document.tsx';

/**
 * /previewToPdf (issue 14 §5): the generated packet in the browser with pdf.js, page by page, and its outline
 * as a side panel (a drawer on a phone) whose entries jump to their page. While a build runs the screen says
 * "Preview file is generating, please wait!" and reads the packet again until it is there.
 */
export function PacketViewer() {
  const { t } = useTranslation('preview');
  const { summary, program } = useWorkbenchCase();
  const narrow = useNarrowScreen();
  const packet = useQuery({
    queryKey: readmeKeys.packet(summary.id),
    queryFn: ({ signal }) => packetApi.packet(summary.id, signal),
    refetchInterval: (q) => packetPollInterval(q.state.data),
    retry: false,
  });
  const file = packet.data && !isBuilding(packet.data.state) ? packet.data.file : null;
  const pdf = usePdfDocument(file ? file.generated_at : null, async (signal) => {
    const answer = await packetApi.file(summary.id, true, signal);
    return answer.blob.arrayBuffer();
  });
  const entries = useMemo(() => flattenOutline(file?.outline ?? []), [file]);
  const [page, setPage] = useState(1);
  const [drawer, setDrawer] = useState(false);
  const back = (
    <ButtonLink to={tabPath(program, 'readMe')} data-testid="pdf-back">
      {t('pdf.back')}
    </ButtonLink>
  );

  if (packet.isError) return <Alert type="error" showIcon title={t('pdf.failed')} action={back} />;
  if (
    packet.isPending ||
    (packet.data && isBuilding(packet.data.state)) ||
    (file && pdf.status === 'loading')
  )
    return (
      <Spin tip={t('pdf.loading')} data-testid="pdf-generating">
        <div className="preview-pdf__wait" />
      </Spin>
    );
  if (!file)
    return <Alert type="info" showIcon title={t('pdf.no_file')} action={back} data-testid="pdf-no-file" />;
  if (pdf.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title={t('pdf.failed')}
        description={pdf.error instanceof ApiError ? pdf.error.message : undefined}
        action={back}
        data-testid="pdf-failed"
      />
    );
  if (pdf.status !== 'ready') return null;
  const pages = pdf.doc.numPages;
  const go = (n: number) => setPage(Math.min(pages, Math.max(1, n)));
  const jump = (entry: OutlineEntry) => {
    go(entry.page);
    setDrawer(false);
  };
  const outline = <Outline entries={entries} page={page} onJump={jump} />;
  return (
    <div className="preview-pdf" data-testid="pdf-viewer">
      <div className="preview-pdf__toolbar">
        {back}
        <Typography.Text strong className="preview-pdf__name">
          {file.name}
        </Typography.Text>
        {narrow && entries.length > 0 && (
          <Button onClick={() => setDrawer(true)} data-testid="pdf-outline-open">
            {t('pdf.outline_open')}
          </Button>
        )}
      </div>
      <div className="preview-pdf__body">
        {!narrow && entries.length > 0 && (
          <nav className="preview-pdf__outline" aria-label={t('pdf.outline')}>
            {outline}
          </nav>
        )}
        <div className="preview-pdf__main">
          <PdfPageCanvas
            doc={pdf.doc}
            page={page}
            testId="pdf-canvas"
            label={t('pdf.page', { page, pages })}
          />
          <div className="preview-pdf__bar">
            <Button disabled={page <= 1} onClick={() => go(page - 1)}>
              {t('pdf.previous')}
            </Button>
            <Typography.Text data-testid="pdf-page" data-page={page}>
              {t('pdf.page', { page, pages })}
            </Typography.Text>
            <Button disabled={page >= pages} onClick={() => go(page + 1)}>
              {t('pdf.next')}
            </Button>
          </div>
        </div>
      </div>
      {narrow && (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          title={t('pdf.outline')}
          placement="left"
          size="default"
        >
          <nav aria-label={t('pdf.outline')}>{outline}</nav>
        </Drawer>
      )}
    </div>
  );
}

function Outline(props: { entries: OutlineEntry[]; page: number; onJump: (e: OutlineEntry) => void }) {
  const current = currentEntry(props.entries, props.page);
  return (
    <ul className="preview-pdf__outline-list" data-testid="pdf-outline">
      {props.entries.map((entry) => (
        <li key={entry.key} style={{ paddingInlineStart: `${entry.depth * 0.75}rem` }}>
          <Button
            type="text"
            className="preview-pdf__outline-item"
            aria-current={current?.key === entry.key ? 'true' : undefined}
            onClick={() => props.onJump(entry)}
            data-page={entry.page}
          >
            <span className="preview-pdf__outline-title">{entry.title}</span>
            <span className="preview-pdf__outline-page">{entry.page}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
