import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function ViewPreviewPage() {
  return <BuildingScreen titleKey="viewPreview" descriptionKey="screens:viewPreview.description" />;
}
