import type { DocumentKind, TDocument, TLetterDocument, TNumbering } from '@dossier/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { Alert, App, Button, Input, Modal, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { documentsApi } from '../../../api/documents.ts';
import { useLocale } from '../../locale/use-locale.ts';
import { EditorAssistant } from '../assistant/editor-assistant.tsx';
import { LoadFailed } from '../case/load-failed.tsx';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { saveFile } from '../evidence/save-file.ts';
import { DocumentEditor, DocumentToolbar } from './document-editor.tsx';
import { ImportDialog, OutlineDrawer } from './document-tools.tsx';
import { documentText, fromEditorDoc, isEmptyDocument, toEditorDoc } from './editor-json.ts';
import { type ReferenceLabel, type ReferenceLabels, setReferenceLabels } from './editor-nodes.ts';
import { ReferencePicker } from './reference-picker.tsx';
import { ReviewMargin, reviewQueryKey, useMarginMarks } from './review-margin.tsx';
import { DocSaveStateLine } from './save-line.tsx';
import { holdsBothServices, ServiceDialog } from './service-dialog.tsx';
import { useDocumentSaver } from './use-document-saver.ts';
import { DocumentConflictDialog, VersionDrawer } from './version-drawer.tsx';
import './documents.css';

const PreviewDialog = lazy(() => import('./preview-dialog.tsx'));

type Panel =
  | 'versions'
  | 'import'
  | 'outline'
  | 'preview'
  | 'services'
  | 'footnote'
  | 'exhibit'
  | 'letter'
  | null;

/** What the server's numbering says of a reference: its number, or pending (named), or null (dangling). */
type Numbered = { number: string; name: string; pending: boolean } | null;

const numberedOf = (numbering: TNumbering) =>
  Object.entries(numbering).map(([id, l]): [string, Numbered] => [
    id,
    l.status === 'ok'
      ? { number: l.number, name: l.name, pending: false }
      : l.status === 'pending'
        ? { number: '', name: l.name, pending: true }
        : null,
  ]);

/**
 * The checklist's Fix link for a reference names its paragraph (`?target=petition_letter#3`): the editor opens
 * there, the paragraph scrolled into view with the cursor at its start.
 */
function useParagraphTarget(editor: Editor | null, kind: DocumentKind) {
  const [params] = useSearchParams();
  const match = new RegExp(`^${kind}#(\\d+)$`).exec(params.get('target') ?? '');
  const paragraph = match ? Number(match[1]) : null;
  useEffect(() => {
    if (!editor || paragraph === null) return;
    let seen = 0;
    let at: number | null = null;
    editor.state.doc.forEach((node, offset) => {
      if (at !== null || node.type.name === 'pageBreak') return;
      if (++seen === paragraph) at = offset;
    });
    if (at === null) return;
    // The cursor at the start of that paragraph, scrolled into view (ProseMirror owns the paragraph's DOM: no
    // class is added to it, it would be undone on the next render).
    editor
      .chain()
      .focus(at + 1, { scrollIntoView: true })
      .run();
    const dom = editor.view.nodeDOM(at);
    if (dom instanceof HTMLElement) dom.scrollIntoView({ block: 'center' });
  }, [editor, paragraph]);
}

/** The US plan / petition letter editor screen (issue 13), loaded lazily with TipTap by its tab. */
export default function DocumentScreen({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation('workbench');
  const { summary } = useWorkbenchCase();
  const query = useQuery({
    queryKey: ['document', summary.id, kind],
    queryFn: ({ signal }) => documentsApi.get(summary.id, kind, signal),
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <LoadFailed title={t('documents.failed')} onRetry={() => void query.refetch()} />;
  return <DocumentWorkspace kind={kind} initial={query.data} />;
}

function DocumentWorkspace({ kind, initial }: { kind: DocumentKind; initial: TDocument }) {
  const { t } = useTranslation('workbench');
  const { message } = App.useApp();
  const { summary, readOnly } = useWorkbenchCase();
  const { locale } = useLocale();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [numbered, setNumbered] = useState<ReadonlyMap<string, Numbered>>(
    () => new Map(numberedOf(initial.numbering)),
  );
  // The chips follow the UI language ("证据 1" / "Exhibit 1", issue 29 item 4); what prints stays English.
  const labels = useMemo<ReferenceLabels>(() => {
    const letter = (id: string) => id.startsWith('letter:');
    return new Map(
      [...numbered].map(([id, n]): [string, ReferenceLabel] => [
        id,
        !n
          ? null
          : n.pending
            ? {
                text: t(letter(id) ? 'documents.pending_letter' : 'documents.pending_exhibit', {
                  name: n.name,
                }),
                pending: true,
              }
            : {
                text: t(letter(id) ? 'common:numbered.letter' : 'common:numbered.exhibit', {
                  number: n.number,
                }),
              },
      ]),
    );
  }, [numbered, t]);
  const [panel, setPanel] = useState<Panel>(null);
  const [note, setNote] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const merge = useCallback((numbering: TNumbering) => {
    setNumbered((prev) => new Map([...prev, ...numberedOf(numbering)]));
  }, []);
  // The review's notes on this document's paragraphs (the margin), read again after every save.
  const queryClient = useQueryClient();
  const marks = useMarginMarks(summary.id, kind);
  const marginHost = useRef<HTMLDivElement>(null);
  const saver = useDocumentSaver({
    caseId: summary.id,
    kind,
    initial,
    read: () => (editor && !editor.view.composing ? fromEditorDoc(editor.getJSON()) : null),
    replace: (doc) => editor?.commands.setContent(toEditorDoc(doc.content), { emitUpdate: false }),
    onDocument: (doc) => {
      merge(doc.numbering);
      void queryClient.invalidateQueries({ queryKey: reviewQueryKey(summary.id) });
    },
  });

  // The editor's own rendering of the loaded document is the base the saver compares with.
  const { rebase } = saver;
  useEffect(() => {
    if (editor) rebase();
  }, [editor, rebase]);
  useEffect(() => {
    if (editor) setReferenceLabels(editor.storage.reference, labels, t('documents.dangling'), locale);
  }, [editor, labels, t, locale]);
  useParagraphTarget(editor, kind);

  const save = async () => {
    setSaveError(null);
    const content = editor ? fromEditorDoc(editor.getJSON()) : null;
    if (kind === 'petition_letter' && content && isEmptyDocument(content)) {
      setSaveError(t('documents.empty'));
      return;
    }
    try {
      const msg = await saver.save();
      if (msg) void message.success(msg);
    } catch (e) {
      setSaveError(e instanceof ApiError ? e.message : String(e));
    }
  };
  const insert = (doc: TLetterDocument, numbering?: TNumbering) => {
    if (numbering) merge(numbering);
    if (!editor) return;
    // Inserted first, focused after: on Android and iOS TipTap's `focus` focuses the DOM at once, whose focus
    // transaction lands in the middle of a chain ("Applying a mismatched transaction": the import dialog stayed
    // open on phones and nothing was inserted).
    editor.commands.insertContent(toEditorDoc(doc).content ?? []);
    editor.commands.focus();
  };
  const download = async () => {
    const file = await documentsApi.template(summary.id, kind);
    saveFile(file, `${kind}-template.docx`);
  };
  const bothServices = holdsBothServices(summary.rights);
  // The stored service order (the GET's `service_first`), kept up to date when the dialog saves a new one.
  const [serviceFirst, setServiceFirst] = useState(initial.service_first);
  const mineText = editor ? documentText(fromEditorDoc(editor.getJSON())) : '';

  return (
    <section className="doc-screen" data-testid={`document-${kind}`}>
      <Typography.Title level={2}>{t(`documents.${kind}.title`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(`documents.${kind}.intro`)}</Typography.Paragraph>
      <Alert type="info" showIcon title={t('documents.numbers_notice')} className="doc-screen__notice" />
      <div className="doc-screen__actions">
        <Space wrap>
          <Button
            type="primary"
            onClick={() => void save()}
            disabled={readOnly || !editor}
            data-testid="doc-save"
          >
            {t('documents.save')}
          </Button>
          <Button onClick={() => setPanel('versions')}>{t('documents.versions.open')}</Button>
          <Button onClick={() => setPanel('import')} disabled={readOnly}>
            {t('documents.import.open')}
          </Button>
          <Button onClick={() => void download()}>{t('documents.template')}</Button>
          <Button onClick={() => setPanel('outline')}>{t('documents.outline.open')}</Button>
          <Button onClick={() => setPanel('preview')}>{t('documents.preview.open')}</Button>
          <EditorAssistant
            kind={kind}
            editor={editor}
            beforeAccept={async () => {
              // What is typed goes to the server first: the paragraph is written over the version it holds.
              if (saver.dirty()) await saver.save();
              return saver.version();
            }}
            reload={async () => saver.load(await documentsApi.get(summary.id, kind))}
          />
          {kind === 'petition_letter' && bothServices && (
            <Button onClick={() => setPanel('services')} disabled={readOnly}>
              {t('documents.services.open')}
            </Button>
          )}
        </Space>
        <DocSaveStateLine state={saver.state} savedAt={saver.savedAt} />
      </div>
      {(saveError || (saver.state === 'error' && saver.error)) && (
        <Alert type="error" showIcon title={saveError ?? saver.error} data-testid="doc-error" />
      )}
      {saver.state === 'empty' && !saveError && (
        <Alert type="warning" showIcon title={t('documents.empty')} />
      )}
      {editor && !readOnly && (
        <DocumentToolbar
          editor={editor}
          onFootnote={() => setPanel('footnote')}
          onReference={(k) => setPanel(k)}
        />
      )}
      {marks.size > 0 && (
        <Typography.Paragraph type="secondary" className="doc-margin__hint" data-testid="margin-hint">
          {t('margin.hint')}
        </Typography.Paragraph>
      )}
      <div className="doc-margin-host" ref={marginHost}>
        <DocumentEditor
          initial={toEditorDoc(initial.content)}
          readOnly={readOnly}
          label={t(`documents.${kind}.title`)}
          onReady={setEditor}
          onChange={saver.changed}
          onSave={() => void save()}
        />
        <ReviewMargin editor={editor} marks={marks} host={marginHost} />
      </div>
      {(panel === 'exhibit' || panel === 'letter') && (
        <ReferencePicker
          caseId={summary.id}
          kind={kind}
          target={panel}
          onClose={() => setPanel(null)}
          onPick={(id, number, name, pin) => {
            const shown: Numbered = { number, name, pending: number === '' };
            setNumbered((prev) => new Map([...prev, [id, shown]]));
            editor?.chain().focus().insertReference(panel, id, pin).run();
            setPanel(null);
          }}
        />
      )}
      {panel === 'footnote' && (
        <Modal
          open
          title={t('documents.footnote.title')}
          onCancel={() => setPanel(null)}
          okButtonProps={{ disabled: note.trim() === '' }}
          onOk={() => {
            editor?.chain().focus().insertFootnote(note.trim()).run();
            setNote('');
            setPanel(null);
          }}
        >
          <Input.TextArea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-label={t('documents.footnote.title')}
          />
        </Modal>
      )}
      {panel === 'versions' && (
        <VersionDrawer
          caseId={summary.id}
          kind={kind}
          current={saver.version()}
          readOnly={readOnly}
          onClose={() => setPanel(null)}
          onRestore={async (vid) => {
            const msg = await saver.restore(vid);
            if (msg) void message.success(msg);
          }}
        />
      )}
      {panel === 'import' && (
        <ImportDialog
          caseId={summary.id}
          kind={kind}
          onInsert={(d) => insert(d)}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'outline' && (
        <OutlineDrawer
          caseId={summary.id}
          kind={kind}
          readOnly={readOnly}
          onInsert={insert}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'preview' && (
        <Suspense fallback={null}>
          <PreviewDialog caseId={summary.id} kind={kind} onClose={() => setPanel(null)} />
        </Suspense>
      )}
      {panel === 'services' && (
        <ServiceDialog
          caseId={summary.id}
          kind={kind}
          initial={serviceFirst}
          onClose={(saved) => {
            if (saved) {
              setServiceFirst(saved.first);
              void message.success(saved.msg);
            }
            setPanel(null);
          }}
        />
      )}
      {saver.state === 'conflict' && (
        <DocumentConflictDialog
          theirs={saver.conflict}
          mineText={mineText}
          theirsText={saver.conflict ? documentText(saver.conflict.content) : ''}
          onKeep={async () => {
            const msg = await saver.keepMine().catch((e: unknown) => {
              setSaveError(e instanceof ApiError ? e.message : String(e));
              return null;
            });
            if (msg) void message.success(msg);
          }}
          onTake={saver.takeTheirs}
        />
      )}
    </section>
  );
}
