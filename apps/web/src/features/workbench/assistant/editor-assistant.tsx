import type { DocumentKind, TAssistantTarget } from '@dossier/contract';
import { ASSISTANT_LIMITS } from '@dossier/contract';
import type { Editor } from '@tiptap/react';
import { Button, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEvidencePage } from '../evidence/use-evidence.ts';
import { AssistantButton, AssistantDrawer } from './assistant-drawer.tsx';

/** The top-level block the cursor is in: the index the server's tighten / translate target names. */
function cursorBlock(editor: Editor | null): { index: number; text: string } | null {
  if (!editor) return null;
  const { $from } = editor.state.selection;
  if ($from.depth === 0) return null;
  const index = $from.index(0);
  const node = editor.state.doc.child(index);
  if (node.type.name === 'pageBreak') return null;
  return { index, text: node.textContent };
}

/** The other language: a paragraph with Chinese characters goes to English, anything else to Chinese. */
const otherLanguage = (text: string): 'zh' | 'en' => (/[\u3400-\u9fff]/.test(text) ? 'en' : 'zh');

export interface EditorAssistantProps {
  kind: DocumentKind;
  editor: Editor | null;
  /** Saves what is typed and answers the version the editor now holds. */
  beforeAccept: () => Promise<number | undefined>;
  /** Reads the document again into the editor (an accepted paragraph was written into it). */
  reload: () => Promise<void>;
}

/**
 * The writing assistant of the document editor (issue 33 item 5): draft a criterion section (petition letter),
 * tighten or translate the paragraph at the cursor; the draft's paragraphs accepted one by one into the document.
 */
export function EditorAssistant(props: EditorAssistantProps) {
  const { t } = useTranslation('assistant');
  const [shown, setShown] = useState(false);
  return (
    <>
      <AssistantButton label={t('ui.open')} onClick={() => setShown(true)} testId="assistant-open" />
      {shown && (
        <AssistantDrawer
          title={t('ui.title')}
          onClose={() => setShown(false)}
          matches={(target) =>
            target.task === 'draft_section' ||
            ((target.task === 'tighten' || target.task === 'translate') &&
              target.document_kind === props.kind)
          }
          tasks={(start, busy) => <EditorTasks {...props} start={start} busy={busy} />}
          beforeAccept={props.beforeAccept}
          afterAccept={props.reload}
        />
      )}
    </>
  );
}

function EditorTasks({
  kind,
  editor,
  start,
  busy,
}: EditorAssistantProps & {
  start: (target: TAssistantTarget, instruction?: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('assistant');
  const evidence = useEvidencePage();
  const criteria = evidence.data?.criteria;
  const options = (criteria?.claimed ?? []).map((key) => ({
    value: key,
    label: criteria?.available.find((c) => c.key === key)?.label ?? key,
  }));
  const [criterion, setCriterion] = useState<string | null>(null);
  const [instruction, setInstruction] = useState('');
  // The paragraph at the cursor, followed as the cursor moves (the drawer leaves the editor's selection alone).
  const [block, setBlock] = useState(() => cursorBlock(editor));
  useEffect(() => {
    if (!editor) return;
    const follow = () => setBlock(cursorBlock(editor));
    follow();
    editor.on('selectionUpdate', follow);
    editor.on('update', follow);
    return () => {
      editor.off('selectionUpdate', follow);
      editor.off('update', follow);
    };
  }, [editor]);
  const words = instruction.trim() || undefined;
  const to = block ? otherLanguage(block.text) : 'en';
  return (
    <div className="assistant-tasks" data-testid="assistant-tasks">
      {kind === 'petition_letter' && (
        <section className="assistant-task">
          <Typography.Text strong>{t('ui.draft_section')}</Typography.Text>
          <Space.Compact className="assistant-task__row">
            <Select
              className="assistant-task__select"
              placeholder={t('ui.pick_criterion')}
              aria-label={t('ui.pick_criterion')}
              options={options}
              value={criterion}
              onChange={setCriterion}
              data-testid="assistant-criterion"
            />
            <Button
              type="primary"
              disabled={busy || !criterion}
              onClick={() => criterion && start({ task: 'draft_section', criterion }, words)}
              data-testid="assistant-draft-section"
            >
              {t('ui.draft')}
            </Button>
          </Space.Compact>
          {options.length === 0 && <Typography.Text type="secondary">{t('ui.no_criteria')}</Typography.Text>}
        </section>
      )}
      <section className="assistant-task">
        <Typography.Text strong>{t('ui.at_cursor')}</Typography.Text>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} data-testid="assistant-cursor">
          {block && block.text.trim() !== ''
            ? t('ui.cursor_paragraph', { n: block.index + 1, text: block.text })
            : t('ui.no_cursor')}
        </Typography.Paragraph>
        <Space wrap>
          <Button
            disabled={busy || !block || block.text.trim() === ''}
            onClick={() =>
              block && start({ task: 'tighten', document_kind: kind, block_index: block.index }, words)
            }
            data-testid="assistant-tighten"
          >
            {t('ui.tighten')}
          </Button>
          <Button
            disabled={busy || !block || block.text.trim() === ''}
            onClick={() =>
              block && start({ task: 'translate', document_kind: kind, block_index: block.index, to }, words)
            }
            data-testid="assistant-translate"
          >
            {to === 'en' ? t('ui.translate_to_en') : t('ui.translate_to_zh')}
          </Button>
        </Space>
      </section>
      <Input.TextArea
        value={instruction}
        onChange={(e) => setInstruction(e.target.value)}
        maxLength={ASSISTANT_LIMITS.instructionMax}
        autoSize={{ minRows: 1, maxRows: 4 }}
        placeholder={t('ui.instruction')}
        aria-label={t('ui.instruction')}
      />
    </div>
  );
}
