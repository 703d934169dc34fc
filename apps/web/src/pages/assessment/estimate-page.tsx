import { AssessmentSteps } from '../../features/assessment/assessment-steps.tsx';
import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function EstimatePage() {
  return (
    <BuildingScreen titleKey="estimate" descriptionKey="screens:estimate.description">
      <AssessmentSteps />
    </BuildingScreen>
  );
}
