import { useTranslation } from 'react-i18next';
import { ContentPage, PageSection } from '../../features/pages/content-page.tsx';
import { ABOUT_POINTS, TEAM_ROLES } from '../../features/pages/page-data.ts';
import { InfoCardGrid } from '../../features/programs/info-card-grid.tsx';

export default function AboutUsPage() {
  const { t } = useTranslation('pages');
  return (
    <ContentPage page="aboutUs">
      <PageSection title={t('aboutUs.who.title')}>
        <InfoCardGrid prefix="pages:aboutUs.who" items={ABOUT_POINTS} columns={3} />
      </PageSection>
      <PageSection title={t('aboutUs.team.title')} hint={t('aboutUs.team.hint')}>
        <InfoCardGrid prefix="pages:aboutUs.team" items={TEAM_ROLES} columns={4} />
      </PageSection>
    </ContentPage>
  );
}
