import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function ImmigrantPage() {
  return <BuildingScreen titleKey="immigrant" descriptionKey="screens:immigrant.description" />;
}
