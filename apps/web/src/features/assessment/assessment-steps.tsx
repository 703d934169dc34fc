import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';

const STEPS = ['basic', 'working', 'consult'] as const;

/** The three steps of the free assessment (spec §2), shown as the screen's skeleton. */
export function AssessmentSteps() {
  const { t } = useTranslation('screens');
  return (
    <nav aria-label={t('estimate.stepsLabel')} className="assessment-steps">
      <Steps current={0} items={STEPS.map((step) => ({ title: t(`estimate.${step}`) }))} />
    </nav>
  );
}
