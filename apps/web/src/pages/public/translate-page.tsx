import { useTranslation } from 'react-i18next';
import { ContentPage, NoticeCard, PageActions, PageSection } from '../../features/pages/content-page.tsx';
import { TRANSLATE_CERTIFIED, TRANSLATE_SCOPE } from '../../features/pages/page-data.ts';
import { InfoCardGrid } from '../../features/programs/info-card-grid.tsx';

export default function TranslatePage() {
  const { t } = useTranslation('pages');
  return (
    <ContentPage page="translate" actions={<PageActions />}>
      <PageSection title={t('translate.scope.title')} hint={t('translate.scope.hint')}>
        <InfoCardGrid prefix="pages:translate.scope" items={TRANSLATE_SCOPE} columns={3} />
      </PageSection>
      <PageSection title={t('translate.certified.title')} hint={t('translate.certified.hint')}>
        <InfoCardGrid prefix="pages:translate.certified" items={TRANSLATE_CERTIFIED} numbered columns={3} />
      </PageSection>
      <PageSection title={t('translate.turnaround.title')}>
        <p className="content-page__text">{t('translate.turnaround.description')}</p>
      </PageSection>
      <PageSection title={t('addOn.title')}>
        <NoticeCard title={t('addOn.rule')}>{t('translate.addOn')}</NoticeCard>
      </PageSection>
    </ContentPage>
  );
}
