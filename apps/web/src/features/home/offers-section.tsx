import { DIY_BASE_PRICE_USD_CENTS, DIY_SERVICE_MONTHS, EB1A_CRITERIA_MIN } from '@dossier/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale/use-locale.ts';
import { formatUsd } from '../programs/format-price.ts';
import type { Program } from '../programs/program-data.ts';
import { PROGRAM_INTRO_PATH } from '../programs/program-data.ts';
import { LinkButton } from '../shell/link-button.tsx';
import { SectionHeader } from './section-header.tsx';

const PROGRAMS: readonly Program[] = ['eb1a', 'niw'];

/** Plain surfaces, not antd Card/Tag: the home page's entry stays small (issue 6 budget). */
export function OffersSection() {
  const { t } = useTranslation('home');
  const { locale } = useLocale();
  const price = t('offers.price', {
    price: formatUsd(DIY_BASE_PRICE_USD_CENTS, locale),
    months: DIY_SERVICE_MONTHS,
  });
  return (
    <section className="home-section">
      <SectionHeader titleKey="home:offers.title" subtitleKey="home:offers.subtitle" />
      <div className="offer-grid">
        {PROGRAMS.map((program) => (
          <div key={program} className={`surface-card offer-card offer-card--${program}`}>
            <span className={program === 'eb1a' ? 'plain-tag' : 'plain-tag plain-tag--geekblue'}>
              {t(`programs:${program}.eyebrow`)}
            </span>
            <h3 className="offer-card__name">{t(`offers.${program}.name`)}</h3>
            <p className="offer-card__summary">
              {t(`offers.${program}.summary`, { min: EB1A_CRITERIA_MIN })}
            </p>
            <p className="offer-card__price">{price}</p>
            <LinkButton variant="primary" to={PROGRAM_INTRO_PATH[program]}>
              {t(`offers.${program}.link`)}
            </LinkButton>
          </div>
        ))}
      </div>
    </section>
  );
}
