import { type Locale, localDateTime } from '@dossier/contract';

/**
 * The one place the web formats an instant for reading (decision 0061). Customer screens pass the customer's
 * zone (`useCustomerClock`, the profile's time zone); staff screens pass none and read their own browser's zone.
 * Pure: no React, unit-tested in node.
 */

const INTL_LOCALE: Record<Locale, string> = { zh: 'zh-CN', en: 'en-US' };

function instantOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date and time in the reader's language, in `timeZone` when given else the browser's; "—" when absent or unreadable. */
export function formatDateTime(iso: string | null | undefined, locale: Locale, timeZone?: string): string {
  const date = instantOf(iso);
  if (!date) return '—';
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant's calendar day (long form), in `timeZone` when given else the browser's; "—" when absent or
 * unreadable. A plain day (`YYYY-MM-DD`, already a day of someone's calendar) is shown as that day in every zone,
 * never as the UTC midnight it would parse to.
 */
export function formatDate(iso: string | null | undefined, locale: Locale, timeZone?: string): string {
  const date = instantOf(iso);
  if (!date) return '—';
  const plainDay = DAY.test(iso ?? '');
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'long',
    ...(plainDay ? { timeZone: 'UTC' } : timeZone ? { timeZone } : {}),
  }).format(date);
}

/** "YYYY-MM-DD HH:mm" (24 h) in `timeZone`: the compact time of tables and status lines; `empty` when absent. */
export function formatStamp(iso: string | null | undefined, timeZone: string, empty = '—'): string {
  const date = instantOf(iso);
  return date ? localDateTime(date, timeZone) : empty;
}
