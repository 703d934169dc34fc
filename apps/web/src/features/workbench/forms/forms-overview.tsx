import type { TCaseFormSummary } from '@dossier/contract';
import { getForm } from '@dossier/forms';
import { Alert, Button, Card, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../locale/use-locale.ts';
import { ButtonLink } from '../../shell/button-link.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { useSubmitStage } from '../schedule/use-submit-stage.ts';
import { tabPath } from '../workbench-tabs.ts';
import { Eta9089CardState } from './eta9089-card-state.tsx';
import { FeesCard } from './fees-card.tsx';
import { FilingSettings } from './filing-settings.tsx';
import { PdfActions } from './pdf-actions.tsx';

const STATUS_COLOR: Record<TCaseFormSummary['status'], string> = {
  empty: 'default',
  draft: 'processing',
  complete: 'success',
  incomplete: 'warning',
};

/**
 * The Form tab: what the filing contains, every form with its state, progress and filled PDF, the profile
 * shared by all forms, the ETA-9089 page, the fees, and the forms stage's submission.
 */
export function FormsOverview() {
  const { t } = useTranslation('forms');
  const { program, summary, readOnly } = useWorkbenchCase();
  const base = tabPath(program, 'form');
  const stage = summary.stages.find((s) => s.key === 'forms');
  const submit = useSubmitStage();
  return (
    <section className="workbench__tab forms-overview" data-testid="forms-overview">
      <Typography.Title level={2}>{t('workbench:tabs.form.label')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('list.intro')}</Typography.Paragraph>
      <div className="forms-overview__links">
        <ButtonLink to={`${base}?view=instructions`}>{t('instructions.title')}</ButtonLink>
        <ButtonLink to={`${base}?view=profile`} data-testid="open-profile">
          {t('profile.title')}
        </ButtonLink>
        {summary.eta9089_required && (
          <ButtonLink to={`${base}?view=eta9089`}>{t('eta9089.short')}</ButtonLink>
        )}
      </div>
      <FilingSettings />
      <div className="forms-overview__list">
        {summary.forms.map((form) => (
          <FormCard key={form.id} form={form} to={`${base}?form=${form.form_number}`} />
        ))}
        <Card size="small" className="form-card" data-testid="form-card-ETA-9089" title={t('eta9089.short')}>
          <Typography.Paragraph type="secondary">
            {t(summary.eta9089_required ? 'eta9089.card' : 'eta9089.not_needed')}
          </Typography.Paragraph>
          {summary.eta9089_required && <Eta9089CardState />}
          {summary.eta9089_required && (
            <ButtonLink to={`${base}?view=eta9089`}>{t('eta9089.open')}</ButtonLink>
          )}
        </Card>
      </div>
      <FeesCard />
      {stage?.status === 'complete' && !readOnly && (
        <Alert
          type="success"
          showIcon
          className="forms-overview__submit"
          title={t('list.stage_complete')}
          action={
            <Button type="primary" loading={submit.isPending} onClick={() => submit.mutate('forms')}>
              {t('workbench:schedule.submit')}
            </Button>
          }
        />
      )}
      {stage?.status === 'submitted' && (
        <Alert
          type="info"
          showIcon
          className="forms-overview__submit"
          title={t('workbench:stage_submitted')}
        />
      )}
    </section>
  );
}

function FormCard({ form, to }: { form: TCaseFormSummary; to: string }) {
  const { t } = useTranslation('forms');
  const { locale } = useLocale();
  const { readOnly } = useWorkbenchCase();
  const def = getForm(form.form_number, form.edition);
  const { filled, required, issues } = form.progress;
  return (
    <Card
      size="small"
      className="form-card"
      data-testid={`form-card-${form.form_number}`}
      title={`${form.form_number} ${def?.title[locale] ?? ''}`}
      extra={
        <Tag color={STATUS_COLOR[form.status]} data-testid="form-status">
          {t(`list.status.${form.status}`)}
        </Tag>
      }
    >
      <Typography.Text type="secondary">{t('wizard.edition', { edition: form.edition })}</Typography.Text>
      <Progress
        percent={required ? Math.round((filled / required) * 100) : 0}
        size="small"
        aria-label={`${form.form_number}: ${t('list.progress', { filled, required })}`}
      />
      <Typography.Paragraph type="secondary" className="form-card__progress">
        {t('list.progress', { filled, required })}
        {issues > 0 && ` · ${t('list.issues', { n: issues })}`}
      </Typography.Paragraph>
      <div className="form-card__actions">
        <ButtonLink to={to} data-testid={`open-${form.form_number}`}>
          {t(readOnly ? 'list.view' : form.status === 'empty' ? 'list.start' : 'list.continue')}
        </ButtonLink>
        <PdfActions form={form} />
      </div>
    </Card>
  );
}
