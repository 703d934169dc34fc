import type { TFormValues, TProfile } from '@dossier/contract';
import { localDate, WorkbenchErrorCode } from '@dossier/contract';
import { PROFILE_DEFINITION } from '@dossier/forms';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { caseApi } from '../../../api/workbench.ts';
import { useTimeZone } from '../../clock/use-customer-clock.ts';
import { useLocale } from '../../locale/use-locale.ts';
import { ButtonLink } from '../../shell/button-link.tsx';
import { LoadFailed } from '../case/load-failed.tsx';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';
import { ConflictDialog } from '../forms/conflict-dialog.tsx';
import { snapshotKey } from '../forms/form-saver.ts';
import { type FieldsContext, fieldId, PartFields } from '../forms/part-fields.tsx';
import { browserIssues, type FieldIssue, fromServer, issueMap, withAnswer } from '../forms/wizard-model.ts';
import { tabPath } from '../workbench-tabs.ts';
import { useProfileQuery } from './use-profile-query.ts';

/**
 * One profile, many forms (issue 11 §6): names, addresses, birth, identity numbers, passport, contact and the
 * preparer, entered once; every form reads them unless it answers differently. Saved whole with its version.
 */
export function ProfileScreen() {
  const { t } = useTranslation('forms');
  const { summary } = useWorkbenchCase();
  const query = useProfileQuery(summary.id);
  if (query.isError)
    return <LoadFailed title={t('profile.load_failed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton active />;
  return <ProfileForm key={query.data.version} profile={query.data} />;
}

function ProfileForm({ profile }: { profile: TProfile }) {
  const { t } = useTranslation('forms');
  const { locale } = useLocale();
  // The customer's today, as the server judges dates (decision 0061).
  const timeZone = useTimeZone();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { program, project, summary, readOnly } = useWorkbenchCase();
  const refreshCase = useCaseRefresh(project);
  const [values, setValues] = useState<TFormValues>(profile.values);
  const [version, setVersion] = useState(profile.version);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>(fromServer(profile.issues));
  const [conflict, setConflict] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedKey, setSavedKey] = useState(() => snapshotKey({ values: profile.values, overrides: [] }));
  const dirty = snapshotKey({ values, overrides: [] }) !== savedKey;

  const browser = useMemo(
    () =>
      browserIssues(PROFILE_DEFINITION, values, [], {
        today: localDate(new Date(), timeZone),
        computed: {},
        locale,
      }),
    [values, locale, timeZone],
  );
  const issues = issueMap([...serverIssues, ...browser.filter((i) => touched.has(i.itemId))]);

  const ctx: FieldsContext = {
    def: PROFILE_DEFINITION,
    locale,
    values,
    overrides: [],
    bound: {},
    issues,
    fixed: {},
    computed: [],
    payments: [],
    feesChecked: '',
    disabled: readOnly,
    onAnswer: (itemId, value) => {
      setValues((v) => withAnswer(PROFILE_DEFINITION, v, [], itemId, value));
      setTouched((s) => new Set(s).add(itemId));
      setServerIssues((list) => list.filter((i) => i.itemId !== itemId));
    },
    onOverride: () => undefined,
  };

  const save = async (over = version) => {
    setSaving(true);
    try {
      const fresh = await caseApi.saveProfile(summary.id, { version: over, values });
      setVersion(fresh.version);
      setSavedKey(snapshotKey({ values, overrides: [] }));
      setServerIssues([]);
      queryClient.setQueryData(workbenchKeys.profile(summary.id), fresh);
      // Every form reads the profile: their values and statuses change with it.
      void queryClient.invalidateQueries({ queryKey: ['workbench', 'form'] });
      refreshCase();
      void message.success(t('saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === WorkbenchErrorCode.versionConflict) {
        const current = error.body.current_version;
        setConflict(typeof current === 'number' ? current : version);
        return;
      }
      if (Array.isArray(error.body.issues)) {
        void message.error({ content: error.message, key: 'form-issues' });
        const list = fromServer(error.body.issues as Parameters<typeof fromServer>[0]);
        setServerIssues(list);
        const first = list[0];
        if (first) document.getElementById(fieldId(first.itemId))?.scrollIntoView({ block: 'center' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="workbench__tab profile" data-testid="profile">
      <ButtonLink type="link" className="wizard__back" to={tabPath(program, 'form')}>
        {t('wizard.back')}
      </ButtonLink>
      <Typography.Title level={2}>{t('profile.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('profile.intro')}</Typography.Paragraph>
      {readOnly && <Alert type="warning" showIcon title={t('wizard.read_only')} />}
      {PROFILE_DEFINITION.parts.map((part) => (
        <div key={part.id} className="profile__part">
          <Typography.Title level={3}>{part.title[locale]}</Typography.Title>
          {part.help && <Typography.Paragraph type="secondary">{part.help[locale]}</Typography.Paragraph>}
          <PartFields part={part} ctx={ctx} rows={0} />
        </div>
      ))}
      {!readOnly && (
        <div className="wizard__actions profile__actions">
          <Typography.Text type="secondary">
            {t(dirty ? 'profile.unsaved' : 'profile.up_to_date')}
          </Typography.Text>
          <Button type="primary" loading={saving} disabled={!dirty} onClick={() => void save()}>
            {t('profile.save')}
          </Button>
        </div>
      )}
      <ConflictDialog
        open={conflict !== null}
        onReload={async () => {
          setConflict(null);
          await queryClient.invalidateQueries({ queryKey: workbenchKeys.profile(summary.id) });
        }}
        onKeep={async () => {
          const current = conflict ?? version;
          setConflict(null);
          await save(current);
        }}
      />
    </section>
  );
}
