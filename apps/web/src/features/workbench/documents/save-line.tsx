import { useTranslation } from 'react-i18next';
import { useCustomerClock } from '../../clock/use-customer-clock.ts';
import type { DocSaveState } from './use-document-saver.ts';

/** The autosave line: what the server holds of what is on screen. */
export function DocSaveStateLine({ state, savedAt }: { state: DocSaveState; savedAt: string | null }) {
  const { t } = useTranslation('workbench');
  const clock = useCustomerClock();
  const text =
    state === 'saved'
      ? savedAt
        ? t('documents.state.saved_at', { time: clock.dateTime(savedAt) })
        : t('documents.state.never')
      : t(`documents.state.${state}`);
  return (
    <output
      className={`doc-save doc-save--${state}`}
      aria-live="polite"
      data-testid="doc-save-state"
      data-state={state}
    >
      {text}
    </output>
  );
}
