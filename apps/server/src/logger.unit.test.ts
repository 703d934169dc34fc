import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { isDependencyUnavailable } from './plugins/dependency-errors.ts';

/** Issue 10, item 18: error logs carry the statement, never the values a customer submitted. */
describe('error logs', () => {
  const capture = () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { logger: createLogger({ logLevel: 'info' }, stream), lines };
  };

  it('redact SQL parameters and the row PostgreSQL quotes, also inside the cause', () => {
    const { logger, lines } = capture();
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "customer_phone_uq"'),
      {
        code: '23505',
        detail: 'Key (area_code, phone)=(86, 13812345678) already exists.',
      },
    );
    const err = new DrizzleQueryError(
      'insert into "customer" ("area_code", "phone") values ($1, $2)',
      ['86', '13812345678'],
      pgError,
    );
    logger.error({ err }, 'unexpected error');
    const text = lines.join('');
    expect(text).toContain('insert into \\"customer\\"');
    expect(text).toContain('customer_phone_uq');
    expect(text).not.toContain('13812345678');
    expect(text).toContain('[redacted]');
  });

  // Found by the multi-process test under load: Redis's "Command timed out" logged as `{ err: message }` made the
  // serializer throw (`'params' in "…"`) inside a promise handler, and the API process died.
  it('never throw on an err that is not an object (a message, a number, null), nor on a string cause', () => {
    const { logger, lines } = capture();
    for (const err of ['Command timed out', 42, null, undefined, Symbol('s')]) {
      expect(() => logger.warn({ err }, 'Redis unavailable')).not.toThrow();
    }
    expect(() => logger.error({ err: new Error('outer', { cause: 'inner text' }) }, 'x')).not.toThrow();
    expect(lines.join('')).toContain('Command timed out');
  });
});

describe('dependency errors', () => {
  it('recognise an unavailable or overloaded database, wrapped or not', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDependencyUnavailable(refused)).toBe(true);
    expect(isDependencyUnavailable(new DrizzleQueryError('select 1', [], refused))).toBe(true);
    expect(isDependencyUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDependencyUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['57014', '57P01', '08006', '53300', '40P01', '25P03']) {
      expect(isDependencyUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
  });

  it('leave bugs and bad data alone (500 or a 4xx elsewhere)', () => {
    for (const code of ['23505', '22P02', '42P01', 'FST_ERR_VALIDATION']) {
      expect(isDependencyUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    expect(isDependencyUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDependencyUnavailable(null)).toBe(false);
  });
});
