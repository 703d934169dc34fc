import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function GuidancePage() {
  return <BuildingScreen titleKey="guidance" descriptionKey="screens:guidance.description" />;
}
