import { EB1A_CRITERIA_MIN } from '@dossier/contract';
import { useTranslation } from 'react-i18next';
import { InfoCardGrid } from '../../features/programs/info-card-grid.tsx';
import { EB1A_CRITERIA } from '../../features/programs/program-data.ts';
import { ProgramIntro } from '../../features/programs/program-intro.tsx';

export default function DiyEbPage() {
  const { t } = useTranslation('programs');
  return (
    <ProgramIntro program="eb1a">
      <section className="program-section">
        <h2 className="section-header__title">{t('eb1a.criteria.title')}</h2>
        <p className="section-header__subtitle">{t('eb1a.criteria.hint', { min: EB1A_CRITERIA_MIN })}</p>
        <InfoCardGrid prefix="programs:eb1a.criteria" items={EB1A_CRITERIA} numbered />
      </section>
    </ProgramIntro>
  );
}
