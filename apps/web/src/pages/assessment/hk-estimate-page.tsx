import { AssessmentScreen } from '../../features/assessment/assessment-screen.tsx';

/** /HKestimate: the free assessment for Hong Kong, kept apart from the US one. */
export default function HkEstimatePage() {
  return <AssessmentScreen area="HK" />;
}
