import { useTranslation } from 'react-i18next';
import { LinkButton } from '../shell/link-button.tsx';
import { SectionHeader } from './section-header.tsx';

const EXTRAS = [
  { key: 'audit', to: '/index/audit' },
  { key: 'translate', to: '/index/translate' },
] as const;

export function ExtrasSection() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section">
      <SectionHeader titleKey="home:extras.title" subtitleKey="home:extras.note" />
      <div className="offer-grid">
        {EXTRAS.map((extra) => (
          <div key={extra.key} className="surface-card surface-card--small extra-card">
            <h3 className="info-grid__title">{t(`extras.${extra.key}.title`)}</h3>
            <p className="info-grid__description">{t(`extras.${extra.key}.description`)}</p>
            <LinkButton variant="text" to={extra.to} className="extra-card__link">
              {t('extras.more')}
            </LinkButton>
          </div>
        ))}
      </div>
    </section>
  );
}
