import { AssessmentScreen } from '../../features/assessment/assessment-screen.tsx';

/** /estimate: the free assessment for the US (EB-1A / NIW). */
export default function EstimatePage() {
  return <AssessmentScreen area="US" />;
}
