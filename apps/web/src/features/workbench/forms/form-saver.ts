import type {
  TFormValues,
  TImmigrationData,
  TSaveImmigrationDataRequest,
  TSaveImmigrationDataResponse,
} from '@dossier/contract';
import { WorkbenchErrorCode } from '@dossier/contract';

/** What the wizard holds: the answers it shows and the items answered differently from the profile. */
export interface Snapshot {
  values: TFormValues;
  overrides: readonly string[];
}

/**
 * `pending`: typed, waiting for the debounce; `saving`: a draft is on its way; `saved`: the server holds what
 * is on screen; `error`: the last try failed (kept on screen, tried again); `conflict`: another device saved
 * first, nothing is sent until the user reloads or keeps theirs.
 */
export type SaverState = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'conflict';

/** Debounce of the draft autosave, and the pause before a failed draft is sent again. */
export const FORM_DRAFT_DELAY_MS = 800;
export const FORM_DRAFT_RETRY_MS = 5_000;

/** A stable text of a snapshot, to tell whether what is on screen was already sent. */
export function snapshotKey(s: Snapshot): string {
  const values = Object.keys(s.values)
    .sort()
    .map((k) => [k, s.values[k]]);
  return JSON.stringify([values, [...s.overrides].sort()]);
}

/** The snapshot a form view opens with: the draft when there is one (what was typed last), else the saved one. */
export function snapshotOf(data: TImmigrationData): Snapshot {
  return { values: data.draft ?? data.values, overrides: data.draft_overrides ?? data.overrides };
}

export interface FormSaverOptions {
  /** The version of the form as last read. */
  version: number;
  /** What the server holds now. */
  saved: Snapshot;
  send: (body: TSaveImmigrationDataRequest) => Promise<TSaveImmigrationDataResponse>;
  onState: (state: SaverState) => void;
  /** Every form view the server answers with. */
  onData: (data: TImmigrationData) => void;
  onConflict: (currentVersion: number) => void;
  delayMs?: number;
  retryMs?: number;
}

export interface FormSaver {
  /** What is on screen now; a draft of it is saved after the debounce. */
  change(snapshot: Snapshot): void;
  /** Saves the latest draft now (step change, leaving) and waits for it; resolves whether or not it worked. */
  flush(): Promise<void>;
  /** A complete save of what is on screen, after anything already on its way. Throws the server's refusal. */
  commit(submit: boolean): Promise<TSaveImmigrationDataResponse>;
  /** After a conflict: send what is on screen again over `currentVersion` ("Keep mine"). */
  keepMine(currentVersion: number): Promise<void>;
  /** After a conflict: adopt the server's form ("Reload"). */
  reload(data: TImmigrationData): void;
  /** The version the next save will carry (what the edits on screen are based on). */
  version(): number;
  /** The screen shows the states (again: React may mount a screen twice in development). */
  attach(): void;
  /** Leaving the screen: what is pending is still sent; no more states, no retries. */
  detach(): void;
}

const isConflict = (error: unknown): error is { body: { current_version?: unknown } } =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === WorkbenchErrorCode.versionConflict;

/**
 * The autosave of one form: debounced drafts, one request on its way at a time, always with the version of the
 * last answer. A failure keeps what was typed on screen and sends it again; a 409 pauses everything until the
 * user chooses Reload or Keep mine. Pure (timers and the request are injected) so it is unit-tested.
 */
export function createFormSaver(opts: FormSaverOptions): FormSaver {
  const delayMs = opts.delayMs ?? FORM_DRAFT_DELAY_MS;
  const retryMs = opts.retryMs ?? FORM_DRAFT_RETRY_MS;
  let version = opts.version;
  let latest: Snapshot = opts.saved;
  let sentKey: string | null = snapshotKey(opts.saved);
  let paused = false;
  /** Detached from its screen: requests still go out, states and retries stop. */
  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  const state = (s: SaverState) => {
    if (!disposed) opts.onState(s);
  };

  const enqueue = <T>(op: () => Promise<T>): Promise<T> => {
    const next = chain.then(op, op);
    chain = next.catch(() => undefined);
    return next;
  };

  const conflict = (error: { body: { current_version?: unknown } }) => {
    paused = true;
    clearTimeout(timer);
    state('conflict');
    const current = error.body.current_version;
    opts.onConflict(typeof current === 'number' ? current : version);
  };

  /** Sends a snapshot over the version of the last answer; once answered, it is what the server holds. */
  const send = async (snapshot: Snapshot, mode: 'draft' | 'save', submit = false) => {
    state('saving');
    const answer = await opts.send({
      version,
      mode,
      values: snapshot.values,
      overrides: [...snapshot.overrides],
      ...(mode === 'save' ? { submit } : {}),
    });
    version = answer.data.version;
    sentKey = snapshotKey(snapshot);
    opts.onData(answer.data);
    return answer;
  };

  /** Saved when nothing was typed meanwhile; otherwise the next draft is on its way. */
  const settle = () => {
    if (snapshotKey(latest) === sentKey) state('saved');
    else schedule();
  };

  const saveDraft = async (): Promise<void> => {
    if (paused || snapshotKey(latest) === sentKey) return;
    try {
      await send(latest, 'draft');
      settle();
    } catch (error) {
      if (isConflict(error)) return conflict(error);
      state('error');
      clearTimeout(timer);
      if (!disposed) timer = setTimeout(() => void flush(), retryMs);
    }
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    return enqueue(saveDraft);
  };

  function schedule() {
    clearTimeout(timer);
    if (paused || disposed) return;
    state('pending');
    timer = setTimeout(() => void flush(), delayMs);
  }

  return {
    change(snapshot) {
      latest = snapshot;
      if (paused) return;
      if (snapshotKey(snapshot) === sentKey) {
        clearTimeout(timer);
        state('saved');
        return;
      }
      schedule();
    },
    flush,
    commit(submit) {
      clearTimeout(timer);
      return enqueue(async () => {
        try {
          const answer = await send(latest, 'save', submit);
          settle();
          return answer;
        } catch (error) {
          if (isConflict(error)) conflict(error);
          // A refused complete save changes nothing on the server: what was typed is still saved as a draft.
          else settle();
          throw error;
        }
      });
    },
    keepMine(currentVersion) {
      version = currentVersion;
      paused = false;
      sentKey = null;
      return flush();
    },
    reload(data) {
      clearTimeout(timer);
      version = data.version;
      paused = false;
      latest = snapshotOf(data);
      sentKey = snapshotKey(latest);
      state('saved');
    },
    version: () => version,
    attach() {
      disposed = false;
    },
    detach() {
      void flush();
      disposed = true;
    },
  };
}
