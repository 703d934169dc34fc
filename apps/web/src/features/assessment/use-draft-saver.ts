import type { TAssessmentData } from '@dossier/contract';
import { useEffect, useRef, useState } from 'react';
import type { DraftSaver, SaveState } from './draft-saver.ts';
import { createDraftSaver } from './draft-saver.ts';

/** createDraftSaver for one open form; whatever is pending is saved when the screen closes. */
export function useDraftSaver(
  save: (data: TAssessmentData) => Promise<unknown>,
  initial: TAssessmentData,
  accepts?: (data: TAssessmentData) => boolean,
) {
  const [state, setState] = useState<SaveState>('idle');
  const mounted = useRef(true);
  const saveRef = useRef(save);
  saveRef.current = save;
  const [saver] = useState<DraftSaver>(() =>
    createDraftSaver({
      save: (data) => saveRef.current(data),
      initial,
      accepts,
      onState: (s) => {
        if (mounted.current) setState(s);
      },
    }),
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      void saver.flush();
    };
  }, [saver]);

  return { state, schedule: saver.schedule, flush: saver.flush };
}
