import { useSyncExternalStore } from 'react';
import { session } from './client.ts';
import type { SessionSnapshot } from './session.ts';

/** The session as React state: the header, the guard and the personal centre follow login and log out. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.snapshot, session.snapshot);
}
