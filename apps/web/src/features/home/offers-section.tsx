import { DIY_BASE_PRICE_USD_CENTS, DIY_SERVICE_MONTHS, EB1A_CRITERIA_MIN } from '@dossier/contract';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale/use-locale.ts';
import { formatUsd } from '../programs/format-price.ts';
import type { Program } from '../programs/program-data.ts';
import { PROGRAM_INTRO_PATH } from '../programs/program-data.ts';
import { ButtonLink } from '../shell/button-link.tsx';
import { SectionHeader } from './section-header.tsx';

const PROGRAMS: readonly Program[] = ['eb1a', 'niw'];

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
          <Card key={program} className={`offer-card offer-card--${program}`}>
            <Tag color={program === 'eb1a' ? 'blue' : 'geekblue'}>{t(`programs:${program}.eyebrow`)}</Tag>
            <h3 className="offer-card__name">{t(`offers.${program}.name`)}</h3>
            <p className="offer-card__summary">
              {t(`offers.${program}.summary`, { min: EB1A_CRITERIA_MIN })}
            </p>
            <p className="offer-card__price">{price}</p>
            <ButtonLink type="primary" to={PROGRAM_INTRO_PATH[program]}>
              {t(`offers.${program}.link`)}
            </ButtonLink>
          </Card>
        ))}
      </div>
    </section>
  );
}
