import { PacketViewer } from '../../features/preview/packet-viewer.tsx';
import { PreviewShell } from '../../features/preview/preview-shell.tsx';

/** /previewToPdf: the generated print file in the browser (pdf.js in this screen's own chunk). */
export default function PreviewToPdfPage() {
  return (
    <PreviewShell titleKey="previewToPdf">
      <PacketViewer />
    </PreviewShell>
  );
}
