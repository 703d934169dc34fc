import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function AboutUsPage() {
  return <BuildingScreen titleKey="aboutUs" descriptionKey="screens:aboutUs.description" />;
}
