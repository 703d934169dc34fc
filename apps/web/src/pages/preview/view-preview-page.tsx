import { CompareScreen } from '../../features/preview/compare-screen.tsx';
import { PreviewShell } from '../../features/preview/preview-shell.tsx';

/** /viewPreview: the comparison preview (catalogue, source and translation side by side, reordering). */
export default function ViewPreviewPage() {
  return (
    <PreviewShell titleKey="viewPreview">
      <CompareScreen mode="compare" />
    </PreviewShell>
  );
}
