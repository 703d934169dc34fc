import { useTranslation } from 'react-i18next';
import { PROCESS_STEPS } from './program-data.ts';

/** The case progression as a numbered list (information, not a progress tracker). */
export function ProcessList({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('programs');
  return (
    <ol className={compact ? 'process-list process-list--compact' : 'process-list'}>
      {PROCESS_STEPS.map((step) => (
        <li key={step} className="process-list__item">
          <span className="process-list__title">{t(`process.${step}.title`)}</span>
          <span className="process-list__description">{t(`process.${step}.description`)}</span>
        </li>
      ))}
    </ol>
  );
}
