import type { AssessmentArea, AssessmentStep, TAssessment } from '@dossier/contract';
import {
  ASSESSMENT_FIELD_ERRORS,
  assessmentMissingFields,
  assessmentMissingFieldsForStep,
  ZAssessmentData,
} from '@dossier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Result, Spin, Steps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { assessmentApi } from '../../api/assessment.ts';
import { ApiError, session as sessionManager } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';
import type { LoginRedirectState } from '../account/require-login.tsx';
import { useCustomerClock } from '../clock/use-customer-clock.ts';
import { showFieldError } from '../shell/field-errors.ts';
import { FloatingActions } from '../shell/floating-actions.tsx';
import { LOGIN_PATH } from '../shell/nav-items.ts';
import { PageHeading } from '../shell/page-heading.tsx';
import { BasicStep } from './basic-step.tsx';
import { ConsultStep } from './consult-step.tsx';
import type { SaveState } from './draft-saver.ts';
import type { FormValues } from './form-model.ts';
import { formInitialValues, isListPath, namePath, STEPS, toPayload } from './form-model.ts';
import { SelfCheckPanel } from './self-check-panel.tsx';
import { useDraftSaver } from './use-draft-saver.ts';
import { WorkingStep } from './working-step.tsx';
import './assessment.css';

const TITLE_KEY: Record<AssessmentArea, string> = { US: 'estimate', HK: 'hkEstimate' };
const DESCRIPTION_KEY: Record<AssessmentArea, string> = {
  US: 'screens:estimate.description',
  HK: 'screens:hkEstimate.description',
};

/** Fields answered by choosing (radio, select, picker) rather than typing. */
const CHOICE_FIELD =
  /(has|party_member|infectious_disease|criminal_record|gender|marital_status|degree|birth_date|_month|timezone|date|time_range)$/;

export const assessmentKeys = {
  all: ['assessment'] as const,
  mine: (area: AssessmentArea, phone: string) => ['assessment', area, phone] as const,
};

/** The free assessment of one area (spec §2, §3, §4): login required, three steps, draft saved as you go. */
export function AssessmentScreen({ area }: { area: AssessmentArea }) {
  const { session } = useSession();
  return (
    <div className="page-container assessment-page">
      <PageHeading titleKey={TITLE_KEY[area]} descriptionKey={DESCRIPTION_KEY[area]} />
      {session ? <AssessmentLoader key={session.phone} area={area} phone={session.phone} /> : <LoginPrompt />}
      <FloatingActions />
    </div>
  );
}

/** A visitor is asked to log in here (spec §6) and comes back to this screen afterwards. */
function LoginPrompt() {
  const { t } = useTranslation('assessment');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const state: LoginRedirectState = { from: `${pathname}${search}` };
  return (
    <Result
      className="assessment-login"
      status="info"
      title={t('login.prompt')}
      subTitle={t('login.detail')}
      extra={
        <Button type="primary" size="large" onClick={() => void navigate(LOGIN_PATH, { state })}>
          {t('login.action')}
        </Button>
      }
    />
  );
}

function AssessmentLoader({ area, phone }: { area: AssessmentArea; phone: string }) {
  const { t } = useTranslation('assessment');
  const query = useQuery({
    queryKey: assessmentKeys.mine(area, phone),
    queryFn: ({ signal }) => assessmentApi.mine(area, signal),
    // The form keeps its own state once open; a refetch must not reset what the user is typing.
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
  if (query.isPending) {
    return (
      <div className="assessment-page__loading" role="status">
        <Spin />
        <span>{t('status.loading')}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('status.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('status.retry')}</Button>}
      />
    );
  }
  return <AssessmentForm assessment={query.data} area={area} phone={phone} />;
}

function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('assessment');
  return (
    <output
      className={`assessment-save assessment-save--${state}`}
      aria-live="polite"
      aria-label={t('save.label')}
    >
      {t(`save.${state}`)}
    </output>
  );
}

function AssessmentForm({
  assessment,
  area,
  phone,
}: {
  assessment: TAssessment;
  area: AssessmentArea;
  phone: string;
}) {
  const { t } = useTranslation('assessment');
  const clock = useCustomerClock();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [current, setCurrent] = useState(0);
  const [missing, setMissing] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pendingErrors, setPendingErrors] = useState<string[]>([]);
  const topRef = useRef<HTMLDivElement>(null);
  const readOnly = assessment.status === 'submitted';
  const [initialValues] = useState(() => formInitialValues(assessment.data));

  const saver = useDraftSaver(
    async (data) => {
      // A session that ended meanwhile has nothing to save to.
      if (!sessionManager.snapshot().session) return;
      await assessmentApi.update(area, data);
    },
    toPayload(initialValues),
    (data) => ZAssessmentData.safeParse(data).success,
  );
  const scheduleSave = useCallback(() => {
    if (!readOnly) saver.schedule(toPayload(form.getFieldsValue(true) as FormValues));
  }, [readOnly, saver.schedule, form]);

  const submit = useMutation({
    mutationFn: () => assessmentApi.submit(assessment.id),
    onSuccess: (answer) => {
      setRefusal(null);
      void message.success(answer.msg);
      queryClient.setQueryData(assessmentKeys.mine(area, phone), answer.assessment);
      // The other area now reports used_free_assessment.
      void queryClient.invalidateQueries({
        queryKey: assessmentKeys.all,
        predicate: (q) => q.queryKey[1] !== area,
      });
      topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    onError: (error) => {
      // A refused field (a date now past) shows under it; other refusals stay on the screen too.
      if (showFieldError(form, error, ASSESSMENT_FIELD_ERRORS)) return;
      if (error instanceof ApiError && error.status > 0) setRefusal(error.message);
    },
  });

  /** Marks the missing fields (paths of assessmentMissingFields) on the mounted form. */
  const markMissing = useCallback(
    (paths: string[]) => {
      const fields = paths.filter((p) => !isListPath(p));
      if (fields.length === 0) return;
      form.setFields(
        fields.map((p) => {
          const name = namePath(p);
          const value: unknown = form.getFieldValue(name);
          const filled =
            typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
          const text = !filled
            ? CHOICE_FIELD.test(p)
              ? t('validation.choose')
              : t('validation.blank')
            : p.endsWith('end_month')
              ? t('validation.endBeforeStart')
              : p.endsWith('email')
                ? t('validation.email')
                : t('validation.choose');
          return { name, errors: [text] };
        }),
      );
      form.scrollToField(namePath(fields[0] as string), { block: 'center' });
    },
    [form, t],
  );

  // Errors for a step that was not mounted when they were found are shown once it is.
  useEffect(() => {
    if (pendingErrors.length === 0) return;
    setPendingErrors([]);
    markMissing(pendingErrors);
  }, [pendingErrors, markMissing]);

  const payload = () => toPayload(form.getFieldsValue(true) as FormValues);

  /** antd rules of the mounted step, then the shared rules of that step. */
  const checkStep = async (step: AssessmentStep): Promise<boolean> => {
    try {
      await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      setMissing([]);
      return false;
    }
    const paths = assessmentMissingFieldsForStep(payload(), step);
    setMissing(paths.filter(isListPath));
    if (paths.length > 0) {
      markMissing(paths);
      return false;
    }
    return true;
  };

  const goTo = (step: number) => {
    void saver.flush();
    setCurrent(step);
    topRef.current?.scrollIntoView({ block: 'start' });
  };

  const next = async () => {
    if (readOnly || (await checkStep(STEPS[current] as AssessmentStep))) goTo(current + 1);
  };

  const onSubmit = async () => {
    if (!(await checkStep(STEPS[current] as AssessmentStep))) return;
    const paths = assessmentMissingFields(payload());
    if (paths.length > 0) {
      // A field of an earlier step: go there and mark it.
      const stepIndex = STEPS.findIndex((s) => assessmentMissingFieldsForStep(payload(), s).length > 0);
      setMissing(paths.filter(isListPath));
      setPendingErrors(paths);
      goTo(Math.max(0, stepIndex));
      return;
    }
    modal.confirm({
      title: t('actions.confirmTitle'),
      content: t('actions.confirmBody'),
      okText: t('actions.confirmOk'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await saver.flush();
        await submit.mutateAsync().catch(() => undefined);
      },
    });
  };

  const stepKey = STEPS[current] as AssessmentStep;
  const last = current === STEPS.length - 1;

  return (
    <div ref={topRef} className="assessment">
      {readOnly && (
        <Alert
          type="success"
          showIcon
          className="assessment__status"
          title={t('status.submitted', {
            date: clock.stamp(assessment.submitted_at, ''),
          })}
        />
      )}
      {!readOnly && assessment.used_free_assessment && (
        <Alert
          type="warning"
          showIcon
          className="assessment__status assessment__used"
          title={t('status.usedFree')}
        />
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          className="assessment__status assessment__refusal"
          title={t('status.refused', { msg: refusal })}
          role="alert"
        />
      )}
      {readOnly && assessment.self_check && <SelfCheckPanel check={assessment.self_check} />}

      <nav aria-label={t('steps.label')} className="assessment-steps">
        <Steps
          current={current}
          onChange={(target) => {
            if (readOnly || target < current) goTo(target);
            else if (target === current + 1) void next();
          }}
          items={STEPS.map((s) => ({ title: t(`steps.${s}`) }))}
        />
      </nav>
      {!readOnly && <SaveStatus state={saver.state} />}

      {missing.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="assessment__missing"
          title={t('status.missingTitle')}
          description={missing.includes('education') ? t('status.educationEmpty') : undefined}
        />
      )}

      <Form
        form={form}
        layout="vertical"
        name={`assessment-${area}`}
        className="assessment-form"
        initialValues={initialValues}
        disabled={readOnly}
        onValuesChange={(changed: Partial<FormValues>) => {
          if (changed.appointment && 'date' in changed.appointment && !changed.appointment.date) {
            form.setFieldValue(['appointment', 'time_range'], null);
          }
          if (changed.education) setMissing((m) => m.filter((p) => p !== 'education'));
          scheduleSave();
        }}
      >
        {stepKey === 'basic' && <BasicStep readOnly={readOnly} />}
        {stepKey === 'working' && <WorkingStep readOnly={readOnly} />}
        {stepKey === 'consult' && <ConsultStep form={form} readOnly={readOnly} onDefaulted={scheduleSave} />}
      </Form>

      <div className="assessment__actions">
        {current > 0 && <Button onClick={() => goTo(current - 1)}>{t('actions.previous')}</Button>}
        {!last && (
          <Button type="primary" onClick={() => void next()}>
            {t('actions.next')}
          </Button>
        )}
        {last && !readOnly && (
          <Button type="primary" loading={submit.isPending} onClick={() => void onSubmit()}>
            {t('actions.submit')}
          </Button>
        )}
      </div>
    </div>
  );
}
