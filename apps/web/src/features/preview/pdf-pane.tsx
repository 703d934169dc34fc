import { Alert, Button, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPageCanvas, usePdfDocument } from './pdf-document.tsx';

/**
 * One PDF of the comparison preview (a source file, its translation, a document in one language) with its own
 * page buttons; `loadKey` null shows `empty` instead (nothing uploaded, no translation).
 */
export function PdfPane(props: {
  title: string;
  loadKey: string | null;
  load: (signal: AbortSignal) => Promise<ArrayBuffer>;
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation('preview');
  const pdf = usePdfDocument(props.loadKey, props.load);
  const [paged, setPaged] = useState<{ key: string | null; page: number }>({ key: null, page: 1 });
  const page = paged.key === props.loadKey ? paged.page : 1;
  const setPage = (n: number) => setPaged({ key: props.loadKey, page: n });
  return (
    <section className="preview-pane" data-testid={props.testId} aria-label={props.title}>
      <Typography.Title level={3} className="preview-pane__title">
        {props.title}
      </Typography.Title>
      {props.loadKey === null ? (
        <Typography.Paragraph type="secondary" data-testid={`${props.testId}-empty`}>
          {props.empty}
        </Typography.Paragraph>
      ) : pdf.status === 'loading' ? (
        <Spin tip={t('pdf.loading')}>
          <div className="preview-pdf__wait" />
        </Spin>
      ) : pdf.status === 'failed' ? (
        <Alert type="error" showIcon title={t('pdf.failed')} />
      ) : (
        <>
          <PdfPageCanvas
            doc={pdf.doc}
            page={page}
            testId={`${props.testId}-canvas`}
            label={`${props.title} — ${t('pdf.page', { page, pages: pdf.doc.numPages })}`}
          />
          <div className="preview-pdf__bar">
            <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('pdf.previous')}
            </Button>
            <Typography.Text>{t('pdf.page', { page, pages: pdf.doc.numPages })}</Typography.Text>
            <Button size="small" disabled={page >= pdf.doc.numPages} onClick={() => setPage(page + 1)}>
              {t('pdf.next')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
