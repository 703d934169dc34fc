import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { caseApi } from '../../../api/workbench.ts';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { reviewKey } from '../review/review-api.ts';
import { readmeKeys } from './readme-keys.ts';

const DAY = 'YYYY-MM-DD';

/**
 * The planned filing date (issue 31 item 4): a case setting the review compares each folder's evidence date with
 * (evidence dated after it is flagged; eligibility is judged at filing). Cleared, the review uses today.
 */
export function PlannedFilingDate() {
  const { t } = useTranslation('workbench');
  const { project, summary, readOnly } = useWorkbenchCase();
  const refresh = useCaseRefresh(project);
  const queryClient = useQueryClient();
  const { settings } = summary;
  const change = useMutation({
    mutationFn: (day: string | null) =>
      caseApi.settings(summary.id, { version: settings.version, planned_filing_date: day }),
    onSuccess: (fresh) => {
      refresh(fresh);
      // The checklist and the review read the date: both again.
      void queryClient.invalidateQueries({ queryKey: reviewKey(summary.id) });
      void queryClient.invalidateQueries({ queryKey: readmeKeys.readme(summary.id) });
    },
    // A stale version (another device changed the settings): the client showed why; read the case again.
    onError: () => refresh(),
  });
  const value = settings.planned_filing_date ? dayjs(settings.planned_filing_date, DAY) : null;
  return (
    <div
      className="settings__row settings__row--column readme__planned-filing"
      data-testid="planned-filing-date"
    >
      <label htmlFor="planned-filing-date" className="settings__label">
        <strong>{t('review_map.planned_filing')}</strong>
        <Typography.Text type="secondary">{t('review_map.planned_filing_help')}</Typography.Text>
      </label>
      <DatePicker
        id="planned-filing-date"
        format={DAY}
        value={value}
        minDate={dayjs('1900-01-01', DAY)}
        disabled={readOnly || change.isPending}
        onChange={(d) => change.mutate(d ? d.format(DAY) : null)}
        className="readme__planned-filing-picker"
      />
    </div>
  );
}
