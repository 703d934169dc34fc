import type { CaseStage, TImmigrationData } from '@dossier/contract';
import { CASE_STAGES, localDate, STAGE_TAB } from '@dossier/contract';
import type { FormDefinition, Part } from '@dossier/forms';
import { bindingsOf } from '@dossier/forms';
import { Alert, App, Button, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useTimeZone } from '../../clock/use-customer-clock.ts';
import { useLocale } from '../../locale/use-locale.ts';
import { formatDay } from '../case/format-day.ts';
import { useCaseRefresh } from '../case/use-case-query.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { useProfileQuery } from '../profile/use-profile-query.ts';
import { tabPath } from '../workbench-tabs.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import { type FieldsContext, fieldId, PartFields } from './part-fields.tsx';
import { SaveState } from './save-state.tsx';
import { useFormSession } from './use-form-session.ts';
import type { Answer, FieldIssue } from './wizard-model.ts';
import {
  browserIssues,
  fromServer,
  isMissing,
  isRefusal,
  issueMap,
  issuesIn,
  partOfItem,
  partProgress,
  rowsInUse,
  visibleParts,
  warningItems,
  withAnswer,
  withNotApplicable,
  withoutRow,
} from './wizard-model.ts';
import { usePartTitle, WizardSteps } from './wizard-steps.tsx';

const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
const isStage = (s: string | null): s is CaseStage => (CASE_STAGES as readonly (string | null)[]).includes(s);

/**
 * The wizard of one official form, generated from its definition (issue 11 §4–§6): a step per part, Previous /
 * Next / Save and Next / Finish and Submit, the draft saved on the server as the user types (restored on any
 * device), each issue inline on its field, profile values shared across forms with a per-form override.
 */
export function FormWizard({ initial, def }: { initial: TImmigrationData; def: FormDefinition }) {
  const { t } = useTranslation('forms');
  const { locale } = useLocale();
  // The customer's today, as the server judges dates (decision 0061).
  const timeZone = useTimeZone();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { program, project, summary, readOnly } = useWorkbenchCase();
  const refreshCase = useCaseRefresh(project);
  const profile = useProfileQuery(summary.id);
  const session = useFormSession(initial, readOnly);
  const partTitle = usePartTitle();
  const top = useRef<HTMLElement>(null);
  const { values, overrides } = session.snapshot;
  const { data } = session;
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [addedRows, setAddedRows] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState<'next' | 'finish' | null>(null);
  const bound = useMemo(() => bindingsOf(def), [def]);
  // Leaving the wizard: once the last draft is saved, the list and the schedule read the case again.
  const leave = useRef(() => void session.flush().then(() => refreshCase()));
  leave.current = () => void session.flush().then(() => refreshCase());
  useEffect(() => () => leave.current(), []);

  const parts = visibleParts(def, values);
  // `?item=` (a checklist Fix link) opens the part holding that item and brings the field into view.
  const focusItem = params.get('item');
  const wanted = params.get('part') ?? (focusItem ? partOfItem(def, focusItem)?.id : undefined);
  const index = Math.max(
    0,
    parts.findIndex((p) => p.id === wanted),
  );
  const part = parts[index] as Part;
  const last = index === parts.length - 1;

  const browser = useMemo(() => {
    const computed = data.computed_items[0];
    const first = data.payments[0];
    return browserIssues(def, values, overrides, {
      today: localDate(new Date(), timeZone),
      fixed: data.fixed,
      excluded: data.excluded,
      ...(data.asylum_fee ? { asylumFee: data.asylum_fee } : {}),
      amountsDue: { cents: data.payments.map((p) => p.amount_cents), checked: summary.fees.checked },
      computed: computed && first ? { [computed]: dollars(first.amount_cents) } : {},
      locale,
    });
  }, [
    def,
    values,
    overrides,
    data.computed_items,
    data.payments,
    data.fixed,
    data.excluded,
    data.asylum_fee,
    summary.fees.checked,
    locale,
    timeZone,
  ]);

  const partIdOf = (itemId: string) => partOfItem(def, itemId)?.id ?? '';
  // Warnings and filing blocks show at once (they never stop the wizard); a missing answer once the part is
  // checked; any other refusal once its field was touched. "Overridden for this form" is the server's word.
  const overridden = fromServer(data.draft ? data.draft_issues : data.issues).filter(
    (i) => i.code === 'profile_override' && overrides.includes(i.itemId),
  );
  const shown = [
    ...serverIssues,
    ...overridden,
    ...browser.filter(
      (i) => revealed.has(partIdOf(i.itemId)) || (!isMissing(i) && (touched.has(i.itemId) || !isRefusal(i))),
    ),
  ];
  const issues = issueMap(shown);

  const rowsOf = (p: Part) =>
    Math.min(p.repeat?.rows.length ?? 0, Math.max(rowsInUse(p, values), addedRows[p.id] ?? 1));

  const setValues = (next: typeof values, nextOverrides = overrides) =>
    session.update({ values: next, overrides: nextOverrides });

  const onAnswer = (itemId: string, value: Answer | undefined) => {
    setValues(withAnswer(def, values, overrides, itemId, value));
    setTouched((s) => new Set(s).add(itemId));
    setServerIssues((list) => list.filter((i) => i.itemId !== itemId));
  };

  const onOverride = (itemId: string, override: boolean) => {
    if (override) return setValues(values, [...overrides, itemId]);
    const rest = overrides.filter((o) => o !== itemId);
    const key = bound[itemId];
    const shared = key ? profile.data?.values[key] : undefined;
    setValues(withAnswer(def, values, rest, itemId, shared ?? values[itemId]), rest);
  };

  const ctx: FieldsContext = {
    def,
    locale,
    values,
    overrides,
    bound,
    issues,
    warnings: warningItems(shown),
    fixed: data.fixed,
    computed: data.computed_items,
    payments: data.payments,
    feesChecked: formatDay(summary.fees.checked, locale),
    disabled: readOnly,
    onAnswer,
    onOverride,
  };

  const go = (to: number) => {
    const target = parts[to];
    if (!target) return;
    setParams({ form: data.form_number, part: target.id });
    top.current?.scrollIntoView({ block: 'start' });
    if (!readOnly) void session.flush();
  };

  const showIssuesOf = (list: FieldIssue[]) => {
    const first = list[0];
    if (!first) return;
    requestAnimationFrame(() =>
      document.getElementById(fieldId(first.itemId))?.scrollIntoView({ block: 'center' }),
    );
  };

  /** "Save and Next": the draft is saved, then the next part opens when nothing in this one needs fixing. */
  const saveAndNext = async () => {
    setBusy('next');
    try {
      await session.flush();
    } finally {
      setBusy(null);
    }
    const state = session.saveState();
    if (state === 'conflict') return;
    if (state === 'error') {
      void message.warning(t('wizard.not_saved'));
      return;
    }
    const drafted = fromServer(session.latest().draft_issues);
    setRevealed((s) => new Set(s).add(part.id));
    const here = issuesIn(def, part, [...browser, ...drafted]).filter(isRefusal);
    if (here.length === 0) return go(index + 1);
    setServerIssues((list) => [...list, ...issuesIn(def, part, drafted).filter(isRefusal)]);
    void message.error({
      content: here.some(isMissing) ? t('errors:form_incomplete') : t('wizard.fix_fields'),
      key: 'form-issues',
    });
    showIssuesOf(here);
  };

  /** "Finish and Submit": a complete save; with every form complete it also submits the forms stage. */
  const finish = async () => {
    setBusy('finish');
    try {
      await session.flush();
      const answer = await session.commit(true);
      void message.success(answer.msg);
      setServerIssues([]);
      refreshCase();
      if (answer.stage_submitted && isStage(answer.next_stage)) {
        void navigate(tabPath(program, STAGE_TAB[answer.next_stage]));
      } else {
        void navigate(tabPath(program, 'form'));
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A version conflict opens its dialog; other refusals than the form's issues were shown by the client.
      const list = Array.isArray(error.body.issues)
        ? fromServer(error.body.issues as Parameters<typeof fromServer>[0])
        : [];
      if (list.length === 0) return;
      void message.error({ content: error.message, key: 'form-issues' });
      setServerIssues(list);
      setRevealed(new Set(parts.map((p) => p.id)));
      const at = parts.findIndex((p) => list.some((i) => partIdOf(i.itemId) === p.id));
      if (at >= 0 && at !== index) go(at);
      showIssuesOf(list.filter((i) => partIdOf(i.itemId) === parts[Math.max(at, 0)]?.id));
    } finally {
      setBusy(null);
    }
  };

  /** "Fill N/A for items that do not apply": blank optional text of the parts begun, never an answer. */
  const fillNotApplicable = () => {
    const { values: next, filled } = withNotApplicable(def, values, {
      today: localDate(new Date(), timeZone),
      skip: data.computed_items,
    });
    if (filled.length === 0) {
      void message.info(t('wizard.fill_na_none'));
      return;
    }
    setValues(next);
    setTouched((s) => new Set([...s, ...filled]));
    void message.success(t('wizard.fill_na_done', { count: filled.length }));
  };

  useEffect(() => {
    if (!focusItem) return;
    requestAnimationFrame(() => {
      const el = document.getElementById(fieldId(focusItem));
      el?.scrollIntoView({ block: 'center' });
      el?.focus({ preventScroll: true });
    });
  }, [focusItem]);

  const mark = (p: Part) => ({
    ...partProgress(def, p, values),
    hasIssue: shown.some((i) => partIdOf(i.itemId) === p.id),
  });

  return (
    <section className="wizard" data-testid="wizard" data-form={data.form_number} ref={top}>
      <header className="wizard__header">
        <Button type="link" className="wizard__back" onClick={() => void navigate(tabPath(program, 'form'))}>
          {t('wizard.back')}
        </Button>
        <Typography.Title level={2} className="wizard__title">
          {t('wizard.title', { form: data.form_number, title: def.title[locale] })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('wizard.edition', { edition: data.edition })}</Typography.Text>
        {!readOnly && <SaveState state={session.state} savedAt={data.draft_saved_at ?? data.saved_at} />}
      </header>
      {readOnly && <Alert type="warning" showIcon title={t('wizard.read_only')} className="wizard__notice" />}
      <div className="wizard__body">
        <WizardSteps parts={parts} index={index} locale={locale} mark={mark} onGo={go} />
        <div className="wizard__part" data-testid="wizard-part" data-part={part.id}>
          <Typography.Title level={3} className="wizard__part-title">
            {partTitle(part, locale)}
          </Typography.Title>
          {part.help && <Typography.Paragraph type="secondary">{part.help[locale]}</Typography.Paragraph>}
          <PartFields
            key={part.id}
            part={part}
            ctx={ctx}
            rows={rowsOf(part)}
            onAddRow={() => setAddedRows((r) => ({ ...r, [part.id]: rowsOf(part) + 1 }))}
            onRemoveRow={(row) => {
              setValues(withoutRow(part, values, row));
              setAddedRows((r) => ({ ...r, [part.id]: row }));
            }}
          />
          {/* Disabled while saving, without a spinner: the save line says "Saving…", and antd's spinner can stay
              behind when a save ends within its animation, which renames the button. */}
          <div className="wizard__actions">
            {index > 0 && <Button onClick={() => go(index - 1)}>{t('wizard.previous')}</Button>}
            {!last && <Button onClick={() => go(index + 1)}>{t('wizard.next')}</Button>}
            {!last && !readOnly && (
              <Button type="primary" disabled={busy !== null} onClick={() => void saveAndNext()}>
                {t('wizard.save_next')}
              </Button>
            )}
            {last && !readOnly && (
              <Button disabled={busy !== null} onClick={fillNotApplicable} data-testid="fill-na">
                {t('wizard.fill_na')}
              </Button>
            )}
            {last && !readOnly && (
              <Button type="primary" disabled={busy !== null} onClick={() => void finish()}>
                {t('wizard.finish')}
              </Button>
            )}
          </div>
        </div>
      </div>
      <ConflictDialog open={session.conflict !== null} onReload={session.reload} onKeep={session.keepMine} />
    </section>
  );
}
