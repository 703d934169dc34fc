import type { CaseForm } from '@dossier/contract';
import { getForm } from '@dossier/forms';
import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formsApi } from '../../../api/workbench.ts';
import { ButtonLink } from '../../shell/button-link.tsx';
import { LoadFailed } from '../case/load-failed.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';
import { tabPath } from '../workbench-tabs.ts';
import { FormWizard } from './form-wizard.tsx';

/**
 * Opens the wizard of a form of the filing, always from a fresh read of the server (the draft may have been
 * typed on another device), with the definition of the row's own edition.
 */
export function FormWizardScreen({ formNumber }: { formNumber: CaseForm }) {
  const { t } = useTranslation('forms');
  const { summary, program } = useWorkbenchCase();
  const entry = summary.forms.find((f) => f.form_number === formNumber);
  const query = useQuery({
    queryKey: workbenchKeys.form(entry?.id ?? 0),
    queryFn: ({ signal }) => formsApi.get(entry!.id, signal),
    enabled: entry !== undefined,
    refetchOnMount: 'always',
  });
  const back = (
    <ButtonLink key="back" to={tabPath(program, 'form')}>
      {t('wizard.back')}
    </ButtonLink>
  );

  if (!entry) {
    return <Result status="info" title={t('wizard.not_in_filing', { form: formNumber })} extra={back} />;
  }
  if (query.isError) {
    return <LoadFailed title={t('wizard.load_failed')} onRetry={() => void query.refetch()} extra={back} />;
  }
  // A form opened before carries an older version in the cache: wait for this visit's read.
  if (!query.data || !query.isFetchedAfterMount) return <Skeleton active />;
  const def = getForm(query.data.form_number, query.data.edition);
  if (!def)
    return <Result status="warning" title={t('wizard.no_definition', { form: formNumber })} extra={back} />;
  return <FormWizard key={query.data.id} initial={query.data} def={def} />;
}
