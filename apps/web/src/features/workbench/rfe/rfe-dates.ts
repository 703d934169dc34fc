import { RFE_DEFAULT_RESPONSE_DAYS, RFE_REMINDER_DAYS } from '@dossier/contract';

/** A YYYY-MM-DD day plus `days` calendar days (UTC arithmetic: no time zone moves the day). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return '';
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The due date USCIS usually prints: the notice's date + 87 days. */
export const defaultDueDate = (notice: string) => (notice ? addDays(notice, RFE_DEFAULT_RESPONSE_DAYS) : '');

/** The countdown's tone by the reminder marks (30, 14, 3 days). */
export function dueTone(daysLeft: number): 'default' | 'gold' | 'orange' | 'red' {
  if (daysLeft <= RFE_REMINDER_DAYS[2]) return 'red';
  if (daysLeft <= RFE_REMINDER_DAYS[1]) return 'orange';
  if (daysLeft <= RFE_REMINDER_DAYS[0]) return 'gold';
  return 'default';
}

/** The next reminder still ahead (days before the due date), or null once the last one has passed. */
export function nextReminder(daysLeft: number): number | null {
  return RFE_REMINDER_DAYS.find((mark) => mark < daysLeft) ?? null;
}
