import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function OnePagePreviewPage() {
  return <BuildingScreen titleKey="onePagePreview" descriptionKey="screens:onePagePreview.description" />;
}
