import { type CaseStage, DocumentErrorCode, type TStage } from '@dossier/contract';
import { Alert, App, Button, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useCustomerClock } from '../../clock/use-customer-clock.ts';
import { ButtonLink } from '../../shell/button-link.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { ServiceDialog } from '../documents/service-dialog.tsx';
import { AfterFilingPanel } from '../filing/after-filing-panel.tsx';
import { stagePath, useSubmitStage } from './use-submit-stage.ts';

const STATUS_COLOR: Record<TStage['status'], string> = {
  not_started: 'default',
  in_progress: 'processing',
  complete: 'gold',
  submitted: 'success',
};

/**
 * The schedule (issue 11 §3): the six stages with their progress, all derived by the server from the case data
 * on every read. A complete stage can be submitted here; the first stage not yet submitted is the next step.
 * Below them, after filing (issue 32): the mailing, receipts and their status, the stage and the RFE workspace.
 */
export function ScheduleScreen() {
  const { t } = useTranslation('workbench');
  const { program, summary, readOnly } = useWorkbenchCase();
  const { message } = App.useApp();
  const submit = useSubmitStage();
  const current = summary.current_stage;
  // Issue 13 item 7: the petition letter with both review and translation held and no service order stored is
  // refused (service_choice_required, not toasted); "Please choose service used" opens and, once a choice is
  // stored, the letter is submitted.
  const [choosing, setChoosing] = useState(false);
  const send = (stage: CaseStage) =>
    submit.mutate(stage, {
      onError: (e) => {
        if (e instanceof ApiError && e.code === DocumentErrorCode.serviceChoiceRequired) setChoosing(true);
      },
    });

  return (
    <section className="workbench__tab schedule" data-testid="schedule">
      <Typography.Title level={2}>{t('tabs.schedule.label')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('schedule.intro')}</Typography.Paragraph>
      {current ? (
        <Alert
          type="info"
          showIcon
          className="schedule__current"
          data-testid="schedule-current"
          title={t('schedule.current', { stage: t(`stages.${current}`) })}
          action={
            <ButtonLink type="primary" size="small" to={stagePath(program, current)}>
              {t('schedule.next')}
            </ButtonLink>
          }
        />
      ) : (
        <Alert type="success" showIcon className="schedule__current" title={t('schedule.all_submitted')} />
      )}
      <ol className="schedule__stages">
        {summary.stages.map((stage, index) => (
          <StageRow
            key={stage.key}
            stage={stage}
            index={index}
            current={stage.key === current}
            onSubmit={readOnly ? null : () => send(stage.key)}
            submitting={submit.isPending && submit.variables === stage.key}
          />
        ))}
      </ol>
      <AfterFilingPanel />
      {choosing && (
        <ServiceDialog
          caseId={summary.id}
          kind="petition_letter"
          onClose={(saved) => {
            setChoosing(false);
            if (!saved) return;
            void message.success(saved.msg);
            send('petition');
          }}
        />
      )}
    </section>
  );
}

function StageRow(props: {
  stage: TStage;
  index: number;
  current: boolean;
  onSubmit: (() => void) | null;
  submitting: boolean;
}) {
  const { t } = useTranslation('workbench');
  const clock = useCustomerClock();
  const { program } = useWorkbenchCase();
  const { stage } = props;
  const { done, total } = stage.progress;
  return (
    <li
      className={props.current ? 'schedule__stage schedule__stage--current' : 'schedule__stage'}
      data-testid={`stage-${stage.key}`}
    >
      <div className="schedule__head">
        <span className="schedule__index" aria-hidden="true">
          {props.index + 1}
        </span>
        <strong className="schedule__name">{t(`stages.${stage.key}`)}</strong>
        <Tag color={STATUS_COLOR[stage.status]} data-testid="stage-status">
          {t(`stage_status.${stage.status}`)}
        </Tag>
      </div>
      {stage.available ? (
        <div className="schedule__body">
          <Progress
            percent={total ? Math.round((done / total) * 100) : 0}
            size="small"
            aria-label={`${t(`stages.${stage.key}`)}: ${t('schedule.progress', { done, total })}`}
          />
          <Typography.Text type="secondary">{t('schedule.progress', { done, total })}</Typography.Text>
          {stage.submitted_at && (
            <Typography.Text type="secondary">
              {t('schedule.submitted_at', { date: clock.dateTime(stage.submitted_at) })}
            </Typography.Text>
          )}
          <div className="schedule__actions">
            <ButtonLink size="small" to={stagePath(program, stage.key)}>
              {t('schedule.open')}
            </ButtonLink>
            {stage.status === 'complete' && props.onSubmit && (
              <Button size="small" type="primary" loading={props.submitting} onClick={props.onSubmit}>
                {t('schedule.submit')}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <Typography.Paragraph type="secondary" className="schedule__body">
          {t(`schedule.later.${stage.key}`)}
        </Typography.Paragraph>
      )}
    </li>
  );
}
