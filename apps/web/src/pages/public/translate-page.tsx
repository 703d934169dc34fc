import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function TranslatePage() {
  return <BuildingScreen titleKey="translate" descriptionKey="screens:translate.description" />;
}
