import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function PromotionPage() {
  return <BuildingScreen titleKey="promotion" descriptionKey="screens:promotion.description" />;
}
