import { useMutation } from '@tanstack/react-query';
import { Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { caseApi } from '../../../api/workbench.ts';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';

/**
 * The offer to highlight the petitioner's name on the exhibits' pages (issue 30 item 8): a case setting, so the
 * next print file marks it wherever an exhibit's text layer shows it; the file already built becomes stale.
 */
export function HighlightNameSwitch({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation('preview');
  const { project, summary, readOnly } = useWorkbenchCase();
  const refresh = useCaseRefresh(project);
  const { settings } = summary;
  const change = useMutation({
    mutationFn: (on: boolean) =>
      caseApi.settings(summary.id, { version: settings.version, highlight_name: on }),
    onSuccess: (fresh) => {
      refresh(fresh);
      onChange();
    },
    // A stale version (another device changed the settings): the client showed why; read the case again.
    onError: () => refresh(),
  });
  return (
    <div className="settings__row readme__highlight" data-testid="print-highlight-name">
      <Switch
        id="highlight-name"
        checked={settings.highlight_name}
        loading={change.isPending}
        disabled={readOnly}
        onChange={(on) => change.mutate(on)}
      />
      <label htmlFor="highlight-name" className="settings__label">
        <strong>{t('print.highlight_label')}</strong>
        <Typography.Text type="secondary">{t('print.highlight_help')}</Typography.Text>
      </label>
    </div>
  );
}
