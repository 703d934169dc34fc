import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function PayServicePage() {
  return <BuildingScreen titleKey="payService" descriptionKey="screens:payService.description" />;
}
