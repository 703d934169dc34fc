/**
 * One clock for the customer (issue 28 item 7, decision 0058): every date shown, printed or used in a file name
 * is the calendar day (and time) in the customer's time zone (profile `timezone`), never a UTC slice.
 */

/** The zone of a customer who has not chosen one (the product's customers are in China; the web's fallback too). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(instant: Date, timeZone: string): Record<string, string> {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) out[p.type] = p.value;
  return out;
}

/** `instant`'s calendar day in the IANA zone `timeZone`, as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `instant`'s wall-clock day and minute in `timeZone`, as YYYY-MM-DD HH:mm. */
export function localDateTime(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${localDate(instant, timeZone)} ${p.hour}:${p.minute}`;
}

/** `timeZone` when the runtime knows it, else the default (a profile value the seed no longer lists). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
