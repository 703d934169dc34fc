import { BuildingSection } from '../../features/shell/building-screen.tsx';

export default function MyPlanPage() {
  return <BuildingSection titleKey="myPlan" descriptionKey="screens:personalCenter.myPlan" level={2} />;
}
