import { InfoCardGrid } from '../programs/info-card-grid.tsx';
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

export function CoversSection() {
  return (
    <section className="home-section">
      <SectionHeader titleKey="home:covers.title" subtitleKey="home:covers.subtitle" />
      <InfoCardGrid prefix="home:covers" items={WORKBENCH_PARTS} numbered columns={4} />
    </section>
  );
}
