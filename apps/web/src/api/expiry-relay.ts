/** Where the page was when the session was found ended. */
export interface ExpiredAt {
  pathname: string;
  search: string;
}

/**
 * Carries "the session ended" from the API client to SessionBridge (warning, cache reset, /login). An expiry
 * noticed before the bridge mounted (the first requests of a page load) waits for it, with the place it was
 * noticed: by the time the bridge's effect runs, the route guard may already have moved the page to /login,
 * and reading the location then would lose the warning.
 */
export function createExpiryRelay(where: () => ExpiredAt) {
  let handler: ((at: ExpiredAt) => void) | null = null;
  let pending: ExpiredAt | null = null;
  return {
    setHandler(next: (at: ExpiredAt) => void): void {
      handler = next;
      if (pending) {
        const at = pending;
        pending = null;
        next(at);
      }
    },
    notify(): void {
      const at = where();
      if (handler) handler(at);
      else pending = at;
    },
  };
}
