import { describe, expect, it } from 'vitest';
import { createExpiryRelay, type ExpiredAt } from '../src/api/expiry-relay.ts';

describe('the session-expired relay (client → SessionBridge)', () => {
  it('an expiry noticed before the bridge mounted reaches it with the place it was noticed, not where the guard moved to', () => {
    let here: ExpiredAt = { pathname: '/personalCenter/personMessage', search: '?tab=1' };
    const relay = createExpiryRelay(() => here);
    relay.notify();
    here = { pathname: '/login', search: '' };
    const seen: ExpiredAt[] = [];
    relay.setHandler((at) => seen.push(at));
    expect(seen).toEqual([{ pathname: '/personalCenter/personMessage', search: '?tab=1' }]);
    // Delivered once.
    relay.setHandler((at) => seen.push(at));
    expect(seen).toHaveLength(1);
  });

  it('once mounted, each expiry is handed over at once with the current place', () => {
    let here: ExpiredAt = { pathname: '/EB1A/form', search: '' };
    const relay = createExpiryRelay(() => here);
    const seen: string[] = [];
    relay.setHandler((at) => seen.push(at.pathname));
    relay.notify();
    here = { pathname: '/login', search: '' };
    relay.notify();
    expect(seen).toEqual(['/EB1A/form', '/login']);
  });
});
