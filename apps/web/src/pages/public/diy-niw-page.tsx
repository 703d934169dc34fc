import { NIW_EXCEPTIONAL_ABILITY_MIN } from '@dossier/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { InfoCardGrid } from '../../features/programs/info-card-grid.tsx';
import { NIW_PRONGS, NIW_ROUTES } from '../../features/programs/program-data.ts';
import { ProgramIntro } from '../../features/programs/program-intro.tsx';

export default function DiyNiwPage() {
  const { t } = useTranslation('programs');
  return (
    <ProgramIntro program="niw">
      <section className="program-section">
        <h2 className="section-header__title">{t('niw.eligibility.title')}</h2>
        <div className="offer-grid">
          {NIW_ROUTES.map((route) => (
            <Card key={route} size="small">
              <h3 className="info-grid__title">{t(`niw.eligibility.${route}.title`)}</h3>
              <p className="info-grid__description">
                {t(`niw.eligibility.${route}.description`, { min: NIW_EXCEPTIONAL_ABILITY_MIN })}
              </p>
            </Card>
          ))}
        </div>
      </section>
      <section className="program-section">
        <h2 className="section-header__title">{t('niw.prongs.title')}</h2>
        <p className="section-header__subtitle">{t('niw.prongs.hint')}</p>
        <InfoCardGrid prefix="programs:niw.prongs" items={NIW_PRONGS} numbered columns={3} />
      </section>
    </ProgramIntro>
  );
}
