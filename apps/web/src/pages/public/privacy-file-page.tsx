import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function PrivacyFilePage() {
  return <BuildingScreen titleKey="privacyFile" descriptionKey="screens:privacyFile.description" />;
}
