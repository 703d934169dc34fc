import type { TImmigrationData } from '@dossier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formsApi } from '../../../api/workbench.ts';
import { workbenchKeys } from '../case/workbench-keys.ts';
import type { SaverState, Snapshot } from './form-saver.ts';
import { createFormSaver, snapshotKey, snapshotOf } from './form-saver.ts';

/**
 * What was typed but not yet acknowledged by the server, kept in this tab's sessionStorage so a reload (or a
 * crash) within the debounce loses nothing. Restored only over the very version it was typed on: a newer
 * server version (another device) wins, and the backup is dropped. Cleared once the server holds it.
 */
const backupKey = (id: number) => `dossier.form-draft.${id}`;

interface Backup {
  version: number;
  snapshot: Snapshot;
}

function readBackup(data: TImmigrationData): Snapshot | null {
  try {
    const raw = sessionStorage.getItem(backupKey(data.id));
    if (!raw) return null;
    const backup = JSON.parse(raw) as Backup;
    if (backup.version !== data.version) {
      sessionStorage.removeItem(backupKey(data.id));
      return null;
    }
    return backup.snapshot;
  } catch {
    return null;
  }
}

function writeBackup(id: number, backup: Backup | null): void {
  try {
    if (backup) sessionStorage.setItem(backupKey(id), JSON.stringify(backup));
    else sessionStorage.removeItem(backupKey(id));
  } catch {
    // Storage full or disabled: the server draft still follows within the debounce.
  }
}

/**
 * One open form: what is on screen (never lost: kept here, backed up, re-sent), the autosave state, the latest
 * server view, and the version conflict to resolve.
 */
export function useFormSession(initial: TImmigrationData, readOnly: boolean) {
  const queryClient = useQueryClient();
  const [snapshot, setSnapshot] = useState<Snapshot>(() => readBackup(initial) ?? snapshotOf(initial));
  const [state, setState] = useState<SaverState>('idle');
  const [conflict, setConflict] = useState<number | null>(null);
  const [data, setData] = useState(initial);
  const dataRef = useRef(initial);
  const snapshotRef = useRef(snapshot);
  const stateRef = useRef<SaverState>('idle');

  const [saver] = useState(() =>
    createFormSaver({
      version: initial.version,
      saved: snapshotOf(initial),
      send: (body) => formsApi.save(initial.id, body),
      onState: (next) => {
        stateRef.current = next;
        setState(next);
      },
      onData: (fresh) => {
        dataRef.current = fresh;
        setData(fresh);
        queryClient.setQueryData(workbenchKeys.form(fresh.id), fresh);
        // The server holds what is on screen: nothing left to restore.
        if (snapshotKey(snapshotRef.current) === snapshotKey(snapshotOf(fresh))) writeBackup(fresh.id, null);
        else writeBackup(fresh.id, { version: fresh.version, snapshot: snapshotRef.current });
      },
      onConflict: setConflict,
    }),
  );

  useEffect(() => {
    saver.attach();
    // A restored backup is newer than the server's draft: send it (a read-only workbench sends nothing).
    if (!readOnly) saver.change(snapshotRef.current);
    const leave = () => void saver.flush();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      saver.detach();
    };
  }, [saver, readOnly]);

  const update = useCallback(
    (next: Snapshot) => {
      snapshotRef.current = next;
      setSnapshot(next);
      writeBackup(initial.id, { version: saver.version(), snapshot: next });
      saver.change(next);
    },
    [saver, initial.id],
  );

  const reload = useCallback(async () => {
    const fresh = await formsApi.get(initial.id);
    saver.reload(fresh);
    const next = snapshotOf(fresh);
    snapshotRef.current = next;
    dataRef.current = fresh;
    setSnapshot(next);
    setData(fresh);
    setConflict(null);
    writeBackup(fresh.id, null);
    queryClient.setQueryData(workbenchKeys.form(fresh.id), fresh);
  }, [saver, initial.id, queryClient]);

  const keepMine = useCallback(async () => {
    const current = conflict;
    setConflict(null);
    if (current !== null) await saver.keepMine(current);
  }, [saver, conflict]);

  return {
    snapshot,
    update,
    state,
    conflict,
    /** The latest form view the server answered with (progress, draft issues, PDF availability). */
    data,
    latest: () => dataRef.current,
    /** The save state now (after an await, before React re-renders). */
    saveState: () => stateRef.current,
    flush: saver.flush,
    commit: saver.commit,
    reload,
    keepMine,
  };
}
