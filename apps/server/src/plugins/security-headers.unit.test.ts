import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

describe('helmetHeaders', () => {
  it('gives what helmet sets, HSTS only when asked for', () => {
    const plain = new Map(helmetHeaders({ strictTransportSecurity: false }));
    expect(plain.get('X-Content-Type-Options')).toBe('nosniff');
    expect(plain.get('Content-Security-Policy')).toContain("default-src 'self'");
    expect(plain.has('Strict-Transport-Security')).toBe(false);
    const production = new Map(helmetHeaders({ strictTransportSecurity: true }));
    expect(production.get('Strict-Transport-Security')).toMatch(/^max-age=\d+/);
  });
  it('refuses a bad option at start-up rather than on a request', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } }),
    ).toThrow();
  });
});
