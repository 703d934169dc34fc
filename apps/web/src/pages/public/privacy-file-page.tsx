import { ACCOUNT_DELETION_WAIT_DAYS } from '@dossier/contract';
import { useTranslation } from 'react-i18next';
import { ContentPage, PageSection } from '../../features/pages/content-page.tsx';
import {
  PRIVACY_ACCESS,
  PRIVACY_COLLECT,
  PRIVACY_RETENTION,
  PRIVACY_SECTIONS,
  PRIVACY_SECURITY,
  PRIVACY_USE,
} from '../../features/pages/page-data.ts';

/** Sections that list items under their text: `privacyFile.<section>.items.<item>`. */
const SECTION_ITEMS: Partial<Record<(typeof PRIVACY_SECTIONS)[number], readonly string[]>> = {
  collect: PRIVACY_COLLECT,
  use: PRIVACY_USE,
  retention: PRIVACY_RETENTION,
  access: PRIVACY_ACCESS,
  security: PRIVACY_SECURITY,
};

export default function PrivacyFilePage() {
  const { t } = useTranslation('pages');
  const vars = { days: ACCOUNT_DELETION_WAIT_DAYS };
  return (
    <ContentPage page="privacyFile">
      <div className="policy">
        {PRIVACY_SECTIONS.map((section, index) => (
          <PageSection key={section} title={`${index + 1}. ${t(`privacyFile.${section}.title`)}`}>
            <p className="content-page__text">{t(`privacyFile.${section}.text`, vars)}</p>
            {SECTION_ITEMS[section] && (
              <ul className="policy__list">
                {SECTION_ITEMS[section].map((item) => (
                  <li key={item}>{t(`privacyFile.${section}.items.${item}`, vars)}</li>
                ))}
              </ul>
            )}
          </PageSection>
        ))}
      </div>
    </ContentPage>
  );
}
