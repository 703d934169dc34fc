import {
  pinnedLabel,
  type TAssistantDraft,
  type ZAssistantCitation,
  type ZAssistantParagraph,
  type ZAssistantSentence,
} from '@dossier/contract';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocale } from '../../locale/use-locale.ts';

type TAssistantParagraph = z.infer<typeof ZAssistantParagraph>;
type Sentence = z.infer<typeof ZAssistantSentence>;
type Citation = z.infer<typeof ZAssistantCitation>;
export type Decision = 'accepted' | 'rejected';

export interface DraftViewProps {
  draft: TAssistantDraft;
  /** Reference id → its number in the case's numbering ("3"); "" while it has none. */
  numbers: ReadonlyMap<string, string>;
  /** Writes the decision; rejects with the screen's message (shown above the paragraph). */
  onDecide: (index: number, decision: Decision) => void;
  /** The paragraph whose decision is on its way. */
  deciding: number | null;
  /** A refusal of the last decision, shown at its paragraph (a stale text, a document saved elsewhere). */
  problem: { index: number; message: string } | null;
  onCancel: () => void;
  cancelling: boolean;
  readOnly: boolean;
  /** Outline a letter writes nothing: accept only marks it. */
  acceptLabel?: string;
}

/**
 * A draft as the customer decides it (issue 33 item 5): the running state with the characters received so far and
 * Cancel; a failure with its reason; then each paragraph beside what it replaces, kept sentences with their checked
 * citations, removed ones struck through with the reason, gaps marked as gaps, and Accept / Reject per paragraph.
 */
export function DraftView(props: DraftViewProps) {
  const { t } = useTranslation('assistant');
  const { draft } = props;
  if (draft.status === 'running')
    return (
      <div className="assistant-running" data-testid="assistant-running" aria-live="polite">
        <Typography.Text>{t('ui.running', { chars: draft.received_chars.toLocaleString() })}</Typography.Text>
        <Button onClick={props.onCancel} loading={props.cancelling} data-testid="assistant-cancel">
          {t('ui.cancel')}
        </Button>
      </div>
    );
  if (draft.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title={t('ui.failed')}
        description={draft.failure_msg}
        data-testid="assistant-failed"
      />
    );
  if (draft.status === 'cancelled')
    return <Alert type="info" showIcon title={t('ui.cancelled')} data-testid="assistant-cancelled" />;
  return (
    <div className="assistant-draft" data-testid="assistant-draft">
      {(draft.removed_sentences > 0 || draft.failed_citations > 0) && (
        <Alert
          type="warning"
          showIcon
          title={t('ui.removed_summary', {
            sentences: draft.removed_sentences,
            citations: draft.failed_citations,
          })}
        />
      )}
      {draft.warnings.map((w) => (
        <Alert key={w} type="warning" showIcon title={w} data-testid="assistant-warning" />
      ))}
      {draft.paragraphs.length === 0 && <Typography.Paragraph>{t('ui.nothing')}</Typography.Paragraph>}
      {draft.paragraphs.map((p) => (
        <ParagraphDiff key={p.index} paragraph={p} {...props} />
      ))}
    </div>
  );
}

function ParagraphDiff({ paragraph: p, ...props }: DraftViewProps & { paragraph: TAssistantParagraph }) {
  const { t } = useTranslation('assistant');
  const problem = props.problem?.index === p.index ? props.problem.message : null;
  return (
    <article className="assistant-para" data-testid={`assistant-para-${p.index}`}>
      <Typography.Text type="secondary" className="assistant-para__title">
        {t('ui.paragraph', { n: p.index + 1 })}
      </Typography.Text>
      <div className={p.replaces === null ? 'assistant-para__cols one' : 'assistant-para__cols'}>
        {p.replaces !== null && (
          <div className="assistant-para__old" data-testid="assistant-para-old">
            <Typography.Text type="secondary">{t('ui.now')}</Typography.Text>
            <p>{p.replaces}</p>
          </div>
        )}
        <div className="assistant-para__new">
          {p.replaces !== null && <Typography.Text type="secondary">{t('ui.proposed')}</Typography.Text>}
          <p>
            {p.sentences.map((s, i) => (
              // Sentences have no id; their place in the paragraph is theirs.
              // biome-ignore lint/suspicious/noArrayIndexKey: sentences are fixed once the draft is ready
              <SentenceView key={i} sentence={s} numbers={props.numbers} />
            ))}
          </p>
        </div>
      </div>
      {problem && <Alert type="error" showIcon title={problem} data-testid="assistant-para-problem" />}
      {p.decision === 'pending' ? (
        <Space wrap>
          <Button
            type="primary"
            size="small"
            disabled={props.readOnly || (props.deciding !== null && props.deciding !== p.index)}
            loading={props.deciding === p.index}
            onClick={() => props.onDecide(p.index, 'accepted')}
            data-testid="assistant-accept"
          >
            {props.acceptLabel ?? t('ui.accept')}
          </Button>
          <Button
            size="small"
            disabled={props.readOnly || props.deciding !== null}
            onClick={() => props.onDecide(p.index, 'rejected')}
            data-testid="assistant-reject"
          >
            {t('ui.reject')}
          </Button>
        </Space>
      ) : (
        <Tag color={p.decision === 'accepted' ? 'green' : 'default'} data-testid="assistant-decision">
          {p.decision === 'accepted' ? t('ui.accepted') : t('ui.rejected')}
        </Tag>
      )}
    </article>
  );
}

function SentenceView({
  sentence: s,
  numbers,
}: {
  sentence: Sentence;
  numbers: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation('assistant');
  const { locale } = useLocale();
  if (s.status === 'removed')
    return (
      <span className="assistant-sentence removed" data-testid="assistant-removed">
        <del>{s.text}</del> <Tag color="red">{reasonOf(t, s.citations)}</Tag>{' '}
      </span>
    );
  if (s.status === 'gap')
    return (
      <span className="assistant-sentence gap" data-testid="assistant-gap">
        <Tag color="orange">{t('ui.gap')}</Tag>
        {s.text}{' '}
      </span>
    );
  return (
    <span className="assistant-sentence kept" data-testid="assistant-kept">
      {s.text}
      {s.citations
        .filter((c) => c.ok)
        .map((c) => (
          <Tag
            key={`${c.ref}-${c.pages?.from ?? 0}`}
            color="blue"
            className="assistant-cite"
            title={c.quote ?? undefined}
          >
            {pinnedLabel(chipLabel(t, c.ref, numbers), c.pages, locale)}
          </Tag>
        ))}{' '}
    </span>
  );
}

function chipLabel(t: TFunction<'assistant'>, ref: string, numbers: ReadonlyMap<string, string>): string {
  const number = numbers.get(ref);
  if (!number) return t('ui.no_number');
  return ref.startsWith('letter:')
    ? t('common:numbered.letter', { number })
    : t('common:numbered.exhibit', { number });
}

/** Why a sentence was removed: its first failed citation's problem, or no citation at all. */
function reasonOf(t: TFunction<'assistant'>, citations: Citation[]): string {
  switch (citations.find((c) => !c.ok)?.problem) {
    case 'unknown_ref':
      return t('ui.problem.unknown_ref');
    case 'no_such_page':
      return t('ui.problem.no_such_page');
    case 'quote_not_found':
      return t('ui.problem.quote_not_found');
    case 'no_text':
      return t('ui.problem.no_text');
    default:
      return t('ui.problem.no_citation');
  }
}
