import { CompareScreen } from '../../features/preview/compare-screen.tsx';
import { PreviewShell } from '../../features/preview/preview-shell.tsx';

/** /onePagePreview: one item of the catalogue at a time, full width. */
export default function OnePagePreviewPage() {
  return (
    <PreviewShell titleKey="onePagePreview">
      <CompareScreen mode="one" />
    </PreviewShell>
  );
}
