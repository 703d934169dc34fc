import Icon, {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  TableOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
  VerticalAlignBottomOutlined,
} from '@ant-design/icons';
import { isSafeHref } from '@dossier/contract';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { autoLinkable, type PmNode } from './editor-json.ts';
import { FootnoteNode, PageBreakNode, ReferenceNode } from './editor-nodes.ts';

/**
 * Only what the contract's document holds: no code, no strike, headings 1–3; flow blocks inside cells; links only
 * to http, https and mailto (`isAllowedUri`: a link typed, pasted or loaded with another scheme is not made, and
 * is drawn without its href).
 */
export function buildExtensions() {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      strike: false,
      heading: { levels: [1, 2, 3] },
      link: { openOnClick: false, autolink: true, isAllowedUri: isSafeHref, shouldAutoLink: autoLinkable },
    }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader.extend({ content: '(paragraph | heading | bulletList | orderedList)+' }),
    TableCell.extend({ content: '(paragraph | heading | bulletList | orderedList)+' }),
    ReferenceNode,
    FootnoteNode,
    PageBreakNode,
  ];
}

export interface DocumentEditorProps {
  initial: PmNode;
  readOnly: boolean;
  label: string;
  onReady: (editor: Editor) => void;
  /** A change the autosave should pick up (never during an IME composition). */
  onChange: () => void;
  /** Ctrl/⌘+S. */
  onSave: () => void;
}

/**
 * The TipTap editor (its own lazy chunk with the screen). Chinese IME: updates during a composition are not
 * reported (the autosave would read half a word); the composition's end reports the change once; Ctrl/⌘+S is
 * ignored while composing.
 */
export function DocumentEditor(props: DocumentEditorProps) {
  const editor = useEditor({
    extensions: buildExtensions(),
    content: props.initial,
    editable: !props.readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'doc-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.label,
        'data-testid': 'doc-editor',
      },
      handleKeyDown: (view, event) => {
        if (view.composing || event.isComposing) return false;
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          props.onSave();
          return true;
        }
        return false;
      },
      handleDOMEvents: {
        compositionend: () => {
          // ProseMirror applies the composed text after this event; report it on the next tick.
          setTimeout(props.onChange, 0);
          return false;
        },
      },
    },
    onUpdate: ({ editor: e }) => {
      if (e.view.composing) return;
      props.onChange();
    },
  });
  const { onReady } = props;
  useEffect(() => {
    if (editor) onReady(editor);
  }, [editor, onReady]);
  return <EditorContent editor={editor} className="doc-editor" />;
}

/** A one-path 1024-unit glyph drawn like antd's icons (for the marks antd has no icon for). */
const glyph = (path: string) => () => (
  <svg
    viewBox="0 0 1024 1024"
    width="1em"
    height="1em"
    fill="currentColor"
    aria-hidden="true"
    focusable="false"
  >
    <path d={path} />
  </svg>
);

/** A quotation mark (antd has no blockquote icon). */
const QuoteSvg = glyph(
  'M160 576c0-150 82-258 232-304l36 68c-88 32-134 88-142 172h122v264H160zm416 0c0-150 82-258 232-304l36 68c-88 32-134 88-142 172h122v264H576z',
);

/** Text lines with a raised figure: a footnote mark. */
const FootnoteSvg = glyph(
  'M96 448h560v72H96zm0 192h560v72H96zm0 192h400v72H96zM768 128l104-56h56v352h-72V168l-72 36z',
);

/**
 * A toolbar button: an icon (or, for the headings, "H1"–"H3"), its name for screen readers and as a tooltip
 * (issue 29 item 6: no glyphs such as "•", "1.", "¹", "⤓" standing in for icons).
 */
export function ToolbarButton(props: {
  label: string;
  icon?: ReactNode;
  text?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={props.label}>
      <Button
        size="small"
        type={props.active ? 'primary' : 'default'}
        aria-label={props.label}
        aria-pressed={props.active}
        disabled={props.disabled}
        icon={props.icon}
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
      >
        {props.text}
      </Button>
    </Tooltip>
  );
}

/** Headings, marks, lists, table, quote, footnote, page break; wraps/scrolls inside itself at 390 px. */
export function DocumentToolbar({
  editor,
  onFootnote,
  onReference,
}: {
  editor: Editor;
  onFootnote: () => void;
  onReference: (kind: 'exhibit' | 'letter') => void;
}) {
  const { t } = useTranslation('workbench');
  const c = () => editor.chain().focus();
  const tb = (key: string) => t(`documents.toolbar.${key}`);
  return (
    <div className="doc-toolbar" role="toolbar" aria-label={tb('label')}>
      {([1, 2, 3] as const).map((level) => (
        <ToolbarButton
          key={level}
          label={tb(`h${level}`)}
          text={`H${level}`}
          active={editor.isActive('heading', { level })}
          onClick={() => c().toggleHeading({ level }).run()}
        />
      ))}
      <ToolbarButton
        label={tb('bold')}
        icon={<BoldOutlined />}
        active={editor.isActive('bold')}
        onClick={() => c().toggleBold().run()}
      />
      <ToolbarButton
        label={tb('italic')}
        icon={<ItalicOutlined />}
        active={editor.isActive('italic')}
        onClick={() => c().toggleItalic().run()}
      />
      <ToolbarButton
        label={tb('underline')}
        icon={<UnderlineOutlined />}
        active={editor.isActive('underline')}
        onClick={() => c().toggleUnderline().run()}
      />
      <ToolbarButton
        label={tb('bullet')}
        icon={<UnorderedListOutlined />}
        active={editor.isActive('bulletList')}
        onClick={() => c().toggleBulletList().run()}
      />
      <ToolbarButton
        label={tb('ordered')}
        icon={<OrderedListOutlined />}
        active={editor.isActive('orderedList')}
        onClick={() => c().toggleOrderedList().run()}
      />
      <ToolbarButton
        label={tb('table')}
        icon={<TableOutlined />}
        onClick={() => c().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      <ToolbarButton
        label={tb('quote')}
        icon={<Icon component={QuoteSvg} aria-hidden />}
        active={editor.isActive('blockquote')}
        onClick={() => c().toggleBlockquote().run()}
      />
      <ToolbarButton
        label={tb('footnote')}
        icon={<Icon component={FootnoteSvg} aria-hidden />}
        onClick={onFootnote}
      />
      <ToolbarButton
        label={tb('page_break')}
        icon={<VerticalAlignBottomOutlined />}
        onClick={() => c().insertPageBreak().run()}
      />
      <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => onReference('exhibit')}>
        {tb('insert_exhibit')}
      </Button>
      <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => onReference('letter')}>
        {tb('insert_letter')}
      </Button>
    </div>
  );
}
