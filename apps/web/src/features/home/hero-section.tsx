import { useTranslation } from 'react-i18next';
import { ProcessList } from '../programs/process-list.tsx';
import { AGENT_PATH, ESTIMATE_PATH } from '../programs/program-data.ts';
import { LinkButton } from '../shell/link-button.tsx';

export function HeroSection() {
  const { t } = useTranslation('home');
  return (
    <section className="hero">
      <div className="hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">{t('hero.eyebrow')}</p>
          <h1 className="hero__title">{t('hero.title')}</h1>
          <p className="hero__subtitle">{t('hero.subtitle')}</p>
          <div className="button-row">
            <LinkButton variant="primary" size="large" to={ESTIMATE_PATH}>
              {t('hero.ctaAssess')}
            </LinkButton>
            <LinkButton variant="ghost" size="large" to={AGENT_PATH}>
              {t('hero.ctaAgent')}
            </LinkButton>
          </div>
        </div>
        <aside className="hero__panel">
          <h2 className="hero__panel-title">{t('programs:process.title')}</h2>
          <ProcessList compact />
        </aside>
      </div>
    </section>
  );
}
