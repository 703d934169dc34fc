import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is a file of our own build, served from our origin (CSP worker-src 'self'), as in uploads/pdf-viewer.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfLoad =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; doc: PDFDocumentProxy };

/**
 * Loads PDF bytes (fetched with the session's token, never opened by URL) into pdf.js; `key` changes reload it.
 * The document is destroyed when the key changes or the screen goes away. The state remembers the key it was
 * loaded for and is cleared when its document is destroyed: on the render where the key has just changed (or
 * come back), a destroyed document is never answered — drawing it would throw inside pdf.js.
 */
export function usePdfDocument(
  key: string | null,
  load: (signal: AbortSignal) => Promise<ArrayBuffer>,
): PdfLoad {
  const [keyed, setKeyed] = useState<{ key: string | null; load: PdfLoad }>({
    key: null,
    load: { status: 'loading' },
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    let loaded: PDFDocumentProxy | null = null;
    const setState = (load: PdfLoad) => setKeyed({ key, load });
    setState({ status: 'loading' });
    loadRef
      .current(abort.signal)
      .then((bytes) => getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise)
      .then((doc) => {
        // Arrived after the key changed: nobody will draw it.
        if (abort.signal.aborted) return void doc.destroy();
        loaded = doc;
        setState({ status: 'ready', doc });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'failed', error });
      });
    return () => {
      abort.abort();
      void loaded?.destroy();
      // Forget the destroyed document (the key may come back: A → none → A).
      setKeyed({ key: null, load: { status: 'loading' } });
    };
  }, [key]);
  return keyed.key === key ? keyed.load : { status: 'loading' };
}

/** One page of a loaded document on a canvas as wide as its container (at most 1.5× the page's own size). */
export function PdfPageCanvas(props: { doc: PDFDocumentProxy; page: number; testId: string; label: string }) {
  const { doc, page } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState(0);
  useEffect(() => {
    if (!canvas.current) return;
    let cancelled = false;
    let task: { cancel(): void } | null = null;
    void doc.getPage(page).then((p) => {
      const target = canvas.current;
      if (cancelled || !target) return;
      const scale = Math.min(
        1.5,
        (target.parentElement?.clientWidth ?? 600) / p.getViewport({ scale: 1 }).width,
      );
      const viewport = p.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
      target.width = viewport.width;
      target.height = viewport.height;
      const render = p.render({ canvas: target, viewport });
      task = render;
      render.promise.then(
        () => {
          if (!cancelled) setRendered(page);
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page]);
  return (
    <div className="preview-pdf__page">
      <canvas
        ref={canvas}
        className="preview-pdf__canvas"
        data-testid={props.testId}
        data-rendered-page={rendered}
        role="img"
        aria-label={props.label}
      />
    </div>
  );
}
