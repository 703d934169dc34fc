import { AssessmentSteps } from '../../features/assessment/assessment-steps.tsx';
import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function HkEstimatePage() {
  return (
    <BuildingScreen titleKey="hkEstimate" descriptionKey="screens:hkEstimate.description">
      <AssessmentSteps />
    </BuildingScreen>
  );
}
