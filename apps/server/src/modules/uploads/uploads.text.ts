import { translate } from '@dossier/i18n';

/** A message in both languages, for refusals stored on a row and shown later in the reader's language. */
export function bilingual(key: string, vars: Record<string, string | number> = {}) {
  return { zh: translate('zh', key, vars), en: translate('en', key, vars) };
}
