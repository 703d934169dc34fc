import type { TAssessmentData } from '@dossier/contract';

/** `invalid`: the draft breaks a limit (a text too long); it is kept in the form and saved once fixed. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error' | 'invalid';

/** Debounce of the draft autosave: long enough to batch typing, short enough to lose nothing on leave. */
export const DRAFT_SAVE_DELAY_MS = 800;

export interface DraftSaver {
  /** The latest draft; it is saved `delayMs` after the last call. */
  schedule(data: TAssessmentData): void;
  /** Saves the latest draft now (step change, submit, leaving the screen). */
  flush(): Promise<void>;
}

/**
 * Saves the whole draft some time after the last change and on flush(). Saves run one at a time, and a
 * draft equal to the last one saved is not sent again.
 */
export function createDraftSaver(opts: {
  save: (data: TAssessmentData) => Promise<unknown>;
  initial: TAssessmentData;
  onState: (state: SaveState) => void;
  delayMs?: number;
  /** A draft the server would refuse (the contract's schema) is not sent: the form says what to fix. */
  accepts?: (data: TAssessmentData) => boolean;
}): DraftSaver {
  const delayMs = opts.delayMs ?? DRAFT_SAVE_DELAY_MS;
  let lastSaved = JSON.stringify(opts.initial);
  let latest: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();

  const run = async () => {
    const json = latest;
    if (json === null || json === lastSaved) return;
    if (opts.accepts && !opts.accepts(JSON.parse(json) as TAssessmentData)) {
      opts.onState('invalid');
      return;
    }
    opts.onState('saving');
    try {
      await opts.save(JSON.parse(json) as TAssessmentData);
      lastSaved = json;
      opts.onState(latest === json ? 'saved' : 'saving');
    } catch {
      // The client has shown the server's message; the next change tries again.
      opts.onState('error');
    }
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    chain = chain.then(run);
    return chain;
  };

  return {
    schedule(data) {
      latest = JSON.stringify(data);
      // Pending changes are not "saved" yet, even while the debounce waits.
      opts.onState(latest === lastSaved ? 'saved' : 'saving');
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
  };
}
