import type { TTokens } from '@dossier/contract';
import { describe, expect, it, vi } from 'vitest';
import type { RefreshResult, Session } from '../src/api/session.ts';
import {
  clearSessionStorage,
  createSessionManager,
  decideToken,
  EXPIRY_MARGIN_SECONDS,
  isExpired,
  readSession,
  SESSION_KEYS,
  SessionExpiredError,
  writeSession,
} from '../src/api/session.ts';

const NOW = 1_800_000_000;

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function session(overrides: Partial<Session> = {}): Session {
  return {
    access_token: 'access-1',
    access_token_expires: NOW + 600,
    refresh_token: 'refresh-1',
    refresh_token_expires: NOW + 86_400,
    area_code: '86',
    phone: '13912345678',
    fuzzy_phone: '139****5678',
    ...overrides,
  };
}

function tokens(n: number): TTokens {
  return {
    access_token: `access-${n}`,
    access_token_expires: NOW + 900,
    refresh_token: `refresh-${n}`,
    refresh_token_expires: NOW + 2_592_000,
  };
}

/** A refresh call the test answers by hand, counting how often it was made. */
function manualRefresh() {
  const calls: string[] = [];
  let settle: ((result: RefreshResult) => void) | undefined;
  let failWith: ((error: Error) => void) | undefined;
  const refresh = (token: string) => {
    calls.push(token);
    return new Promise<RefreshResult>((resolve, reject) => {
      settle = resolve;
      failWith = reject;
    });
  };
  return {
    calls,
    refresh,
    answer: (result: RefreshResult) => settle?.(result),
    fail: (error: Error) => failWith?.(error),
  };
}

function managerWith(stored: Session | null, refresh: (token: string) => Promise<RefreshResult>) {
  const storage = memoryStorage();
  if (stored) writeSession(storage, stored);
  const onExpired = vi.fn();
  const manager = createSessionManager({ storage, refresh, onExpired, now: () => NOW });
  return { storage, onExpired, manager };
}

describe('expiry decisions', () => {
  it('counts a token as expired within the safety margin', () => {
    expect(isExpired(NOW + EXPIRY_MARGIN_SECONDS + 1, NOW)).toBe(false);
    expect(isExpired(NOW + EXPIRY_MARGIN_SECONDS, NOW)).toBe(true);
    expect(isExpired(NOW - 1, NOW)).toBe(true);
    expect(isExpired(Number.NaN, NOW)).toBe(true);
  });

  it('decides per session state', () => {
    expect(decideToken(null, NOW)).toBe('anonymous');
    expect(decideToken(session(), NOW)).toBe('use');
    expect(decideToken(session({ access_token_expires: NOW - 5 }), NOW)).toBe('refresh');
    expect(decideToken(session({ access_token_expires: NOW - 5, refresh_token_expires: NOW - 1 }), NOW)).toBe(
      'expired',
    );
  });
});

describe('device storage', () => {
  it('round-trips a session and clears only the session keys', () => {
    const storage = memoryStorage({ 'dossier.locale': 'en' });
    writeSession(storage, session());
    expect(storage.getItem(SESSION_KEYS.accessTokenExpires)).toBe(String(NOW + 600));
    expect(readSession(storage)).toEqual(session());
    clearSessionStorage(storage);
    expect(readSession(storage)).toBeNull();
    expect([...storage.data.keys()]).toEqual(['dossier.locale']);
  });

  it('treats partial or malformed storage as no session', () => {
    expect(readSession(memoryStorage({ [SESSION_KEYS.accessToken]: 'a' }))).toBeNull();
    const storage = memoryStorage();
    writeSession(storage, session());
    storage.setItem(SESSION_KEYS.refreshTokenExpires, 'soon');
    expect(readSession(storage)).toBeNull();
    expect(readSession(undefined)).toBeNull();
  });
});

describe('session manager', () => {
  it('uses a valid access token without refreshing', async () => {
    const refresh = vi.fn();
    const { manager } = managerWith(session(), refresh);
    expect(await manager.accessToken()).toBe('access-1');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('sends anonymous requests without a token', async () => {
    const { manager } = managerWith(null, vi.fn());
    expect(await manager.accessToken()).toBeNull();
  });

  it('shares ONE refresh among every waiting request and stores both new tokens', async () => {
    const fake = manualRefresh();
    const { manager, storage } = managerWith(session({ access_token_expires: NOW - 1 }), fake.refresh);
    const waiting = [manager.accessToken(), manager.accessToken(), manager.renewAfterRejection('access-1')];
    await Promise.resolve();
    expect(fake.calls).toEqual(['refresh-1']);
    fake.answer({ ok: true, tokens: tokens(2) });
    expect(await Promise.all(waiting)).toEqual(['access-2', 'access-2', 'access-2']);
    expect(storage.getItem(SESSION_KEYS.accessToken)).toBe('access-2');
    expect(storage.getItem(SESSION_KEYS.refreshToken)).toBe('refresh-2');
    expect(storage.getItem(SESSION_KEYS.phone)).toBe('13912345678');
    // Later requests use the stored token; a new refresh would need a new expiry.
    expect(await manager.accessToken()).toBe('access-2');
    expect(fake.calls).toHaveLength(1);
  });

  it('renews after a token_expired answer, unless another request already did', async () => {
    const fake = manualRefresh();
    const { manager } = managerWith(session(), fake.refresh);
    const first = manager.renewAfterRejection('access-1');
    fake.answer({ ok: true, tokens: tokens(2) });
    expect(await first).toBe('access-2');
    // A request that was sent with the old token gets the new one without a second refresh.
    expect(await manager.renewAfterRejection('access-1')).toBe('access-2');
    expect(fake.calls).toEqual(['refresh-1']);
  });

  it('ends the session once when the refresh is refused, failing every waiting request', async () => {
    const fake = manualRefresh();
    const { manager, onExpired, storage } = managerWith(
      session({ access_token_expires: NOW - 1 }),
      fake.refresh,
    );
    const waiting = [manager.accessToken(), manager.accessToken()];
    await Promise.resolve();
    fake.answer({ ok: false });
    for (const request of waiting) await expect(request).rejects.toBeInstanceOf(SessionExpiredError);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(readSession(storage)).toBeNull();
    expect(manager.snapshot()).toEqual({ session: null, endReason: 'expired' });
    expect(await manager.accessToken()).toBeNull();
  });

  it('ends the session without calling the server when both tokens have expired', async () => {
    const refresh = vi.fn();
    const { manager, onExpired } = managerWith(
      session({ access_token_expires: NOW - 100, refresh_token_expires: NOW - 1 }),
      refresh,
    );
    await expect(manager.accessToken()).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(manager.accessToken()).resolves.toBeNull();
    expect(refresh).not.toHaveBeenCalled();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh fails for a network reason, and tries again next time', async () => {
    const fake = manualRefresh();
    const { manager, onExpired } = managerWith(session({ access_token_expires: NOW - 1 }), fake.refresh);
    const first = manager.accessToken();
    await Promise.resolve();
    fake.fail(new TypeError('Failed to fetch'));
    await expect(first).rejects.toBeInstanceOf(TypeError);
    expect(onExpired).not.toHaveBeenCalled();
    expect(manager.snapshot().session?.refresh_token).toBe('refresh-1');
    const second = manager.accessToken();
    await Promise.resolve();
    fake.answer({ ok: true, tokens: tokens(3) });
    expect(await second).toBe('access-3');
    expect(fake.calls).toEqual(['refresh-1', 'refresh-1']);
  });

  it('does not revive a session logged out while its refresh was on the way', async () => {
    const fake = manualRefresh();
    const { manager, storage } = managerWith(session({ access_token_expires: NOW - 1 }), fake.refresh);
    const pending = manager.accessToken();
    await Promise.resolve();
    manager.end('logout');
    fake.answer({ ok: true, tokens: tokens(2) });
    await expect(pending).rejects.toBeInstanceOf(SessionExpiredError);
    expect(readSession(storage)).toBeNull();
  });

  it('starts a session from a login answer and notifies subscribers', () => {
    const { manager, storage } = managerWith(null, vi.fn());
    const listener = vi.fn();
    manager.subscribe(listener);
    manager.start(tokens(1), { area_code: '1', phone: '2025550123' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(storage.getItem(SESSION_KEYS.fuzzyPhone)).toBe('202****0123');
    expect(manager.snapshot().session?.access_token).toBe('access-1');
    manager.updatePhone({ area_code: '86', phone: '13800001111', fuzzy_phone: '138****1111' });
    expect(storage.getItem(SESSION_KEYS.phone)).toBe('13800001111');
    expect(manager.snapshot().session?.refresh_token).toBe('refresh-1');
  });
});

describe('device storage is the source of truth', () => {
  it('follows tokens another tab renewed instead of refreshing again', async () => {
    const refresh = vi.fn();
    const { manager, storage } = managerWith(session({ access_token_expires: NOW - 1 }), refresh);
    writeSession(storage, session({ access_token: 'access-9', refresh_token: 'refresh-9' }));
    expect(await manager.accessToken()).toBe('access-9');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('follows a log out in another tab quietly', async () => {
    const { manager, storage, onExpired } = managerWith(session(), vi.fn());
    clearSessionStorage(storage);
    expect(await manager.accessToken()).toBeNull();
    expect(manager.snapshot()).toEqual({ session: null, endReason: 'logout' });
    expect(onExpired).not.toHaveBeenCalled();
  });
});
