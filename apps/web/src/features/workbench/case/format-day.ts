import type { Locale } from '@dossier/contract';

const INTL_LOCALE: Record<Locale, string> = { zh: 'zh-CN', en: 'en-US' };

/**
 * A calendar day (`YYYY-MM-DD`: fee table dates, edition dates) in the reader's language. Read as a local day,
 * never as UTC midnight, so it does not show the day before west of Greenwich.
 */
export function formatDay(iso: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long' }).format(date);
}
