import type { Locale } from '@dossier/contract';

const NUMBER_LOCALE: Record<Locale, string> = { zh: 'zh-CN', en: 'en-US' };

/** Whole-dollar prices are shown without cents ("$599", "US$599"). */
export function formatUsd(cents: number, locale: Locale): string {
  const dollars = cents / 100;
  return new Intl.NumberFormat(NUMBER_LOCALE[locale], {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
  }).format(dollars);
}
