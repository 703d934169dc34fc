import type { TAssistantDraft, TAssistantState, TAssistantTarget } from '@dossier/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { Alert, App, Button, Drawer, Skeleton, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useNarrowScreen } from '../../shell/use-narrow-screen.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { assistantApi, assistantKeys, type TAssistantDecisionReply } from './assistant-api.ts';
import { ConsentLine, ConsentView, OffNote } from './consent-view.tsx';
import { type Decision, DraftView } from './draft-view.tsx';
import {
  useAssistantState,
  useCancelDraft,
  useDraft,
  useReferenceNumbers,
  useStartDraft,
} from './use-assistant.ts';
import './assistant.css';

/**
 * An assistant button: with no model configured it stays visible, disabled, and says the assistant is off (a
 * tooltip and the same words beside it: a phone has no hover); never an error.
 */
export function AssistantButton({
  label,
  onClick,
  testId,
  size,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation('assistant');
  const { summary } = useWorkbenchCase();
  const state = useAssistantState(summary.id);
  const off = state.data?.enabled === false;
  return (
    <span className="assistant-button">
      <Tooltip title={off ? t('ui.off_detail') : undefined}>
        <Button size={size} disabled={!state.data || off} onClick={onClick} data-testid={testId}>
          {label}
        </Button>
      </Tooltip>
      {off && <OffNote />}
    </span>
  );
}

/** A draft of these tasks not yet decided (or still running) is shown again when the drawer opens. */
const open = (d: TAssistantDraft) =>
  d.status === 'running' || (d.status === 'ready' && d.paragraphs.some((p) => p.decision === 'pending'));

export interface AssistantDrawerProps {
  title: string;
  onClose: () => void;
  /** Which of the case's drafts belong to this place (the latest open one is shown again). */
  matches: (target: TAssistantTarget) => boolean;
  /** Started as soon as the assistant is on (the finding and letter entry points); else `tasks` start one. */
  autoStart?: TAssistantTarget;
  tasks?: (start: (target: TAssistantTarget, instruction?: string) => void, busy: boolean) => ReactNode;
  /** Before an accept: the document's version the screen holds (the editor saves what is typed first). */
  beforeAccept?: () => Promise<number | undefined>;
  /** After an accept that wrote into a document (the editor reloads it). */
  afterAccept?: (reply: TAssistantDecisionReply) => Promise<void> | void;
  acceptLabel?: string;
}

/** The assistant beside the text: consent first, then the tasks, the running draft and its paragraphs. */
export function AssistantDrawer(props: AssistantDrawerProps) {
  const { t } = useTranslation('assistant');
  const { summary } = useWorkbenchCase();
  const narrow = useNarrowScreen();
  const state = useAssistantState(summary.id);
  return (
    <Drawer
      open
      title={props.title}
      onClose={props.onClose}
      size={narrow ? '100%' : 520}
      // On a desktop the text stays usable beside the drawer (the cursor picks the paragraph to work on).
      mask={narrow}
      data-testid="assistant-drawer"
      className="assistant-drawer"
    >
      {state.isPending && <Skeleton active />}
      {state.isError && <Alert type="error" showIcon title={t('ui.load_failed')} />}
      {state.data && !state.data.enabled && <OffNote />}
      {state.data?.enabled && !state.data.consent && (
        <ConsentView state={state.data} onCancel={props.onClose} />
      )}
      {state.data?.enabled && state.data.consent && <AssistantBody state={state.data} {...props} />}
    </Drawer>
  );
}

function AssistantBody({ state, ...props }: AssistantDrawerProps & { state: TAssistantState }) {
  const { t } = useTranslation('assistant');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { summary, readOnly } = useWorkbenchCase();
  const [draftId, setDraftId] = useState<number | null>(
    () => state.drafts.find((d) => props.matches(d.target) && open(d))?.id ?? null,
  );
  const draft = useDraft(summary.id, draftId);
  const start = useStartDraft(summary.id, (d) => setDraftId(d.id));
  const cancel = useCancelDraft(summary.id);
  const numbers = useReferenceNumbers(summary.id);
  const [deciding, setDeciding] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ index: number; message: string } | null>(null);
  const run = (target: TAssistantTarget, instruction?: string) => {
    setProblem(null);
    start.mutate({ target, ...(instruction ? { instruction } : {}) });
  };
  // The entry points on a finding or a letter start their one task as soon as the assistant is on.
  const started = useRef(false);
  useEffect(() => {
    if (!props.autoStart || started.current || draftId !== null || readOnly) return;
    started.current = true;
    start.mutate({ target: props.autoStart });
  }, [props.autoStart, draftId, readOnly, start]);

  const decide = async (index: number, decision: Decision) => {
    const current = draft.data;
    if (!current) return;
    setDeciding(index);
    setProblem(null);
    try {
      const version = decision === 'accepted' ? await props.beforeAccept?.() : undefined;
      const reply = await assistantApi.decide(summary.id, current.id, index, {
        decision,
        ...(version === undefined ? {} : { document_version: version }),
      });
      queryClient.setQueryData(assistantKeys.draft(summary.id, current.id), reply.draft);
      void queryClient.invalidateQueries({ queryKey: assistantKeys.state(summary.id), exact: true });
      void message.success(reply.msg);
      if (decision === 'accepted' && reply.document_version !== null) await props.afterAccept?.(reply);
    } catch (e) {
      // A 409 on the document's version: it was saved elsewhere since the screen read it (the text changed).
      const text =
        e instanceof ApiError && e.code === 'version_conflict'
          ? t('ui.stale')
          : e instanceof Error
            ? e.message
            : String(e);
      setProblem({ index, message: text });
    } finally {
      setDeciding(null);
    }
  };
  const running = draft.data?.status === 'running';
  const startError = start.error instanceof ApiError ? start.error.message : null;
  return (
    <div className="assistant-body">
      <ConsentLine state={state} />
      {props.tasks?.(run, start.isPending || running || readOnly)}
      {startError && <Alert type="error" showIcon title={startError} data-testid="assistant-start-error" />}
      {start.isPending && <Skeleton active />}
      {draft.data && (
        <DraftView
          draft={draft.data}
          numbers={numbers.data ?? new Map()}
          onDecide={(i, d) => void decide(i, d)}
          deciding={deciding}
          problem={problem}
          onCancel={() => cancel.mutate(draft.data.id)}
          cancelling={cancel.isPending}
          readOnly={readOnly}
          {...(props.acceptLabel ? { acceptLabel: props.acceptLabel } : {})}
        />
      )}
      {props.autoStart && draft.data && !running && (
        <Space>
          <Button
            onClick={() => props.autoStart && run(props.autoStart)}
            disabled={readOnly || start.isPending}
            data-testid="assistant-again"
          >
            {t('ui.again')}
          </Button>
        </Space>
      )}
    </div>
  );
}
