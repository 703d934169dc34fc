import { useTranslation } from 'react-i18next';
import { useLocale } from '../../locale/use-locale.ts';
import { formatDateTime } from '../../shop/shop-format.ts';
import type { SaverState } from './form-saver.ts';

/** The autosave line under the wizard's title: what the server holds of what is on screen. */
export function SaveState({ state, savedAt }: { state: SaverState; savedAt: string | null }) {
  const { t } = useTranslation('forms');
  const { locale } = useLocale();
  const text =
    state === 'idle' || state === 'saved'
      ? savedAt
        ? t('wizard.save_state.saved_at', { time: formatDateTime(savedAt, locale) })
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
