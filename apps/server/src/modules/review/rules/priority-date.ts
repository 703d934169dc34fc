import type { Locale, TReviewFinding } from '@dossier/contract';
import { translate } from '@dossier/i18n';
import type { ReviewInput } from '../review-input.ts';
import { folderPlace } from './evidence-map.ts';

/**
 * Rule `priority_date` (issue 31 item 4, decision 0070): eligibility is judged at filing, so a folder whose
 * evidence date is after the planned filing date (the case setting; today, the customer's, when unset) is flagged
 * (warn) — `priority_date:after_filing:<folder id>` — naming the folder and both dates in the customer's format.
 */
export const PRIORITY_SOURCE = '8 CFR 103.2(b)(1); 8 CFR 204.5(d)';

const FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  zh: new Intl.DateTimeFormat('zh-CN', { dateStyle: 'long', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
};

/** 'YYYY-MM-DD' as the customer reads a date: "2026年12月1日", "December 1, 2026". */
export const dayIn = (locale: Locale, day: string) => FORMATS[locale].format(new Date(`${day}T00:00:00Z`));

export function priorityDateRule(input: ReviewInput, locale: Locale): TReviewFinding[] {
  const planned = input.caseRow.plannedFilingDate ?? null;
  const filing = planned ?? input.today;
  const r = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `review:priority.${key}`, vars);
  const out: TReviewFinding[] = [];
  for (const n of input.numbering.folders) {
    const date = n.folder.evidenceDate;
    if (!date || date <= filing) continue;
    const vars = {
      name: n.folder.name.slice(0, 300),
      date: dayIn(locale, date),
      filing: dayIn(locale, filing),
    };
    out.push({
      key: `priority_date:after_filing:${n.folder.id}`,
      rule: 'priority_date',
      severity: 'warn',
      title: r('title', vars),
      detail: r(planned ? 'detail_planned' : 'detail_today', vars),
      source: PRIORITY_SOURCE,
      places: [folderPlace(n, locale)],
      passages: [],
      intended: false,
    });
  }
  return out;
}
