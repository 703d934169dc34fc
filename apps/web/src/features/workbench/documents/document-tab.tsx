import type { DocumentKind } from '@dossier/contract';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// TipTap and the editor's dialogs are one chunk of their own, loaded only by the US plan and petition tabs.
const DocumentScreen = lazy(() => import('./document-screen.tsx'));

export function DocumentTab({ kind }: { kind: DocumentKind }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <DocumentScreen kind={kind} />
    </Suspense>
  );
}
