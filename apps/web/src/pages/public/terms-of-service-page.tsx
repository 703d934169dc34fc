import { ACCOUNT_DELETION_WAIT_DAYS, DIY_SERVICE_MONTHS, REFUND_FULL_DAYS } from '@dossier/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentPage, PageSection } from '../../features/pages/content-page.tsx';
import { TERMS_SECTIONS } from '../../features/pages/page-data.ts';

/** The terms of service (login asks to agree to them): what the service is and is not, refunds, data deletion. */
export default function TermsOfServicePage() {
  const { t } = useTranslation('pages');
  const vars = { months: DIY_SERVICE_MONTHS, days: REFUND_FULL_DAYS, waitDays: ACCOUNT_DELETION_WAIT_DAYS };
  return (
    <ContentPage page="termsOfService">
      <div className="policy">
        {TERMS_SECTIONS.map((section, index) => (
          <PageSection key={section} title={`${index + 1}. ${t(`termsOfService.${section}.title`)}`}>
            <p className="content-page__text">{t(`termsOfService.${section}.text`, vars)}</p>
          </PageSection>
        ))}
        <p className="content-page__text">
          <Link to="/privacyFile">{t('routes:privacyFile')}</Link>
        </p>
      </div>
    </ContentPage>
  );
}
