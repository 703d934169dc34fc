import type { TUpload } from '@dossier/contract';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is emitted as a file of our own build and served from our origin (CSP: worker-src 'self').
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadsApi } from '../../api/uploads.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * The owner's in-browser view of an upload's normalised PDF (pdf.js, page by page on a canvas that fits the
 * dialog, so it works at 390 px). The bytes come with the session's token; nothing is opened by URL, so the
 * file is never shown to anyone else and never rendered as a page of our origin.
 */
export default function PdfViewer({ upload, onClose }: { upload: TUpload; onClose: () => void }) {
  const { t } = useTranslation('uploads');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    let loaded: PDFDocumentProxy | null = null;
    uploadsApi
      .bytes(upload.id, 'pdf', abort.signal)
      .then((bytes) => getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise)
      .then((d) => {
        loaded = d;
        if (!abort.signal.aborted) setDoc(d);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => {
      abort.abort();
      void loaded?.destroy();
    };
  }, [upload.id]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let cancelled = false;
    let task: { cancel(): void } | null = null;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const target = canvas.current;
      // Sharp on high-density screens, at most 1.5× the page's own size.
      const scale = Math.min(
        1.5,
        (target.parentElement?.clientWidth ?? 600) / p.getViewport({ scale: 1 }).width,
      );
      const viewport = p.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
      target.width = viewport.width;
      target.height = viewport.height;
      const render = p.render({ canvas: target, viewport });
      task = render;
      render.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page]);

  const pages = doc?.numPages ?? upload.pages ?? 1;
  return (
    <Modal
      open
      onCancel={onClose}
      title={t('viewer.title', { name: upload.name })}
      footer={null}
      width={860}
      destroyOnHidden
    >
      {failed && <Alert type="error" showIcon message={t('viewer.failed')} />}
      {!failed && !doc && (
        <Spin tip={t('viewer.loading')}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      )}
      <div hidden={!doc}>
        <canvas ref={canvas} className="pdf-viewer__canvas" data-testid="pdf-viewer-canvas" />
        <div className="pdf-viewer__bar">
          <Button onClick={() => setPage((n) => Math.max(1, n - 1))} disabled={page <= 1}>
            {t('viewer.previous')}
          </Button>
          <Typography.Text>{t('viewer.page', { page, pages })}</Typography.Text>
          <Button onClick={() => setPage((n) => Math.min(pages, n + 1))} disabled={page >= pages}>
            {t('viewer.next')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
