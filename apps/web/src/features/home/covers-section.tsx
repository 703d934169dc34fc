import { useTranslation } from 'react-i18next';
import { SectionHeader } from './section-header.tsx';

/** Spec §1: the parts of the workbench, in the order a petition is prepared. */
const WORKBENCH_PARTS = [
  'forms',
  'evidence',
  'letters',
  'plan',
  'petition',
  'checklist',
  'preview',
  'pdf',
] as const;

/** Same look as features/programs/info-card-grid.tsx, without antd's Card (and the Tabs it imports). */
export function CoversSection() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section">
      <SectionHeader titleKey="home:covers.title" subtitleKey="home:covers.subtitle" />
      <div className="info-grid info-grid--cols-4">
        {WORKBENCH_PARTS.map((part, index) => (
          <div key={part} className="surface-card surface-card--small info-grid__card">
            <span className="info-grid__number">{index + 1}</span>
            <h3 className="info-grid__title">{t(`covers.${part}.title`)}</h3>
            <p className="info-grid__description">{t(`covers.${part}.description`)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
