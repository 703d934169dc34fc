import type { DocumentKind, TDocument, TLetterDocument } from '@dossier/contract';
import { DocumentErrorCode, ZDocument } from '@dossier/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { documentsApi } from '../../../api/documents.ts';
import { isEmptyDocument } from './editor-json.ts';

/** Autosave after this much idle time (spec: a few idle seconds). */
export const DOCUMENT_AUTOSAVE_MS = 3_000;

/**
 * `saved`: the server holds what is on screen; `pending`: typed, waiting for the idle pause; `saving`: on its
 * way; `empty`: an empty petition letter (not sent); `error`: the last save failed (the message is shown);
 * `conflict`: another tab or device saved first; nothing is sent until the user chooses.
 */
export type DocSaveState = 'saved' | 'pending' | 'saving' | 'empty' | 'error' | 'conflict';

export interface DocumentSaverOptions {
  caseId: number;
  kind: DocumentKind;
  initial: TDocument;
  /** What is on screen now (null while an IME composition is open: nothing is read mid-word). */
  read: () => TLetterDocument | null;
  /** Replaces what is on screen (take theirs, restore). */
  replace: (doc: TDocument) => void;
  /** Every document the server answers with (its numbering). */
  onDocument: (doc: TDocument) => void;
}

const keyOf = (doc: TLetterDocument) => JSON.stringify(doc);

/** The newer document a 409 carries (`current` beside `{code, msg}`; `details.current` accepted too). */
function theirsOf(error: ApiError): TDocument | null {
  const details = error.body.details as { current?: unknown } | undefined;
  const parsed = ZDocument.safeParse(error.body.current ?? details?.current);
  return parsed.success ? parsed.data : null;
}

/**
 * The editor's saves: autosave after the idle pause, Save, restore, always over the version the screen started
 * from; a 409 pauses everything and hands the server's document to the conflict dialog. Nothing is overwritten
 * silently: keep mine is an explicit save over the newer version.
 */
export function useDocumentSaver(opts: DocumentSaverOptions) {
  const o = useRef(opts);
  o.current = opts;
  const version = useRef(opts.initial.version);
  /**
   * What the server holds, as the editor renders it (decision 0062). The server answers the contract's form, which
   * drops attributes the editor keeps (an ordered list's `type`, a cell's `colwidth`): comparing the screen with
   * that form left a document with a list or a table "unsaved" right after Save (issue 29 item 2). Until the
   * editor is ready (`rebase`), the server's form stands in.
   */
  const sent = useRef(keyOf(opts.initial.content));
  const paused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const [state, setState] = useState<DocSaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<TDocument | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(opts.initial.updated_at);

  /** The server's document is now the base; `shown` is its key as the screen has it (what was sent). */
  const adopt = useCallback((doc: TDocument, shown?: string) => {
    version.current = doc.version;
    sent.current = shown ?? keyOf(doc.content);
    setSavedAt(doc.updated_at);
    o.current.onDocument(doc);
  }, []);

  /** What is on screen is what the server holds (the editor has just loaded or replaced it). */
  const rebase = useCallback(() => {
    const now = o.current.read();
    if (now) sent.current = keyOf(now);
  }, []);

  const enqueue = useCallback(<T>(op: () => Promise<T>): Promise<T> => {
    const next = chain.current.then(op, op);
    chain.current = next.catch(() => undefined);
    return next;
  }, []);

  /** Sends what is on screen; answers the server's message, or null when nothing was sent. */
  const send = useCallback(
    async (autosave: boolean): Promise<string | null> => {
      if (paused.current) return null;
      const content = o.current.read();
      if (!content) return null;
      const key = keyOf(content);
      if (autosave && key === sent.current) {
        setState('saved');
        return null;
      }
      if (o.current.kind === 'petition_letter' && isEmptyDocument(content)) {
        setState('empty');
        return null;
      }
      setState('saving');
      try {
        const answer = await documentsApi.save(o.current.caseId, o.current.kind, {
          version: version.current,
          content,
          autosave,
        });
        adopt(answer.document, key);
        setError(null);
        const now = o.current.read();
        setState(now && keyOf(now) !== sent.current ? 'pending' : 'saved');
        return answer.msg;
      } catch (e) {
        if (e instanceof ApiError && e.code === DocumentErrorCode.versionConflict) {
          paused.current = true;
          clearTimeout(timer.current);
          setConflict(theirsOf(e));
          setState('conflict');
          return null;
        }
        setState(
          e instanceof ApiError && e.code === DocumentErrorCode.petitionLetterEmpty ? 'empty' : 'error',
        );
        setError(e instanceof Error ? e.message : String(e));
        if (!autosave) throw e;
        return null;
      }
    },
    [adopt],
  );

  const changed = useCallback(() => {
    if (paused.current) return;
    clearTimeout(timer.current);
    setState('pending');
    timer.current = setTimeout(() => void enqueue(() => send(true)), DOCUMENT_AUTOSAVE_MS);
  }, [send, enqueue]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    state,
    error,
    conflict,
    savedAt,
    version: () => version.current,
    changed,
    rebase,
    /** Save: throws the server's refusal (shown inline by the screen). */
    save: () => {
      clearTimeout(timer.current);
      return enqueue(() => send(false));
    },
    /** Conflict → keep mine: save what is on screen over the newer version. */
    keepMine: () => {
      if (conflict) version.current = conflict.version;
      paused.current = false;
      setConflict(null);
      return enqueue(() => send(false));
    },
    /** Conflict → take theirs: the server's document replaces what is on screen. */
    takeTheirs: () => {
      if (conflict) {
        adopt(conflict);
        o.current.replace(conflict);
        rebase();
      }
      paused.current = false;
      setConflict(null);
      setState('saved');
    },
    /** Restore a history row over the current version. */
    restore: (vid: number) =>
      enqueue(async () => {
        clearTimeout(timer.current);
        try {
          const answer = await documentsApi.restore(o.current.caseId, o.current.kind, vid, version.current);
          adopt(answer.document);
          o.current.replace(answer.document);
          rebase();
          setState('saved');
          return answer.msg;
        } catch (e) {
          if (e instanceof ApiError && e.code === DocumentErrorCode.versionConflict) {
            paused.current = true;
            setConflict(theirsOf(e));
            setState('conflict');
            return null;
          }
          throw e;
        }
      }),
    /** The server's newer document replaces what is on screen (the assistant wrote an accepted paragraph). */
    load: (doc: TDocument) =>
      enqueue(async () => {
        clearTimeout(timer.current);
        adopt(doc);
        o.current.replace(doc);
        rebase();
        setState('saved');
      }),
    /** Whether what is on screen is not yet on the server. */
    dirty: () => {
      const now = o.current.read();
      return now ? keyOf(now) !== sent.current : false;
    },
  };
}
export type DocumentSaver = ReturnType<typeof useDocumentSaver>;
