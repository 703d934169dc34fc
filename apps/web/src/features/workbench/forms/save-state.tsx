import { useTranslation } from 'react-i18next';
import { useCustomerClock } from '../../clock/use-customer-clock.ts';
import type { SaverState } from './form-saver.ts';

/** The autosave line under the wizard's title: what the server holds of what is on screen. */
export function SaveState({ state, savedAt }: { state: SaverState; savedAt: string | null }) {
  const { t } = useTranslation('forms');
  const clock = useCustomerClock();
  const text =
    state === 'idle' || state === 'saved'
      ? savedAt
        ? t('wizard.save_state.saved_at', { time: clock.dateTime(savedAt) })
        : t('wizard.save_state.idle')
      : t(`wizard.save_state.${state}`);
  return (
    <output
      className={`wizard__save wizard__save--${state}`}
      aria-live="polite"
      data-testid="save-state"
      data-state={state}
    >
      {text}
    </output>
  );
}
