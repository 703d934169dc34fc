import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function PreviewToPdfPage() {
  return <BuildingScreen titleKey="previewToPdf" descriptionKey="screens:previewToPdf.description" />;
}
