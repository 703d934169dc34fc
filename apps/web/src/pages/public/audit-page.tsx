import { useTranslation } from 'react-i18next';
import {
  ContentPage,
  NoticeCard,
  PageActions,
  PageSection,
  StepList,
} from '../../features/pages/content-page.tsx';
import { AUDIT_SCOPE, AUDIT_STEPS } from '../../features/pages/page-data.ts';
import { InfoCardGrid } from '../../features/programs/info-card-grid.tsx';

export default function AuditPage() {
  const { t } = useTranslation('pages');
  return (
    <ContentPage page="audit" actions={<PageActions />}>
      <PageSection title={t('audit.scope.title')} hint={t('audit.scope.hint')}>
        <InfoCardGrid prefix="pages:audit.scope" items={AUDIT_SCOPE} />
      </PageSection>
      <PageSection title={t('audit.steps.title')} hint={t('audit.steps.hint')}>
        <StepList prefix="pages:audit.steps" steps={AUDIT_STEPS} />
      </PageSection>
      <PageSection title={t('addOn.title')}>
        <NoticeCard title={t('addOn.rule')}>{t('audit.addOn')}</NoticeCard>
        <NoticeCard title={t('disclaimer.title')}>{t('audit.disclaimer')}</NoticeCard>
      </PageSection>
    </ContentPage>
  );
}
