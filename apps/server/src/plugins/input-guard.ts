import { ErrorCode } from '@dossier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Text PostgreSQL cannot store: a NUL character (text columns refuse it) and a lone UTF-16 surrogate (jsonb
 * refuses it). Both are refused for every route, in the body, the query string and the path, before any
 * route-level hook or schema runs — a database error would otherwise answer 500 (issue 10, item 16).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point.
const UNSTORABLE_ALL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const UNSTORABLE = new RegExp(UNSTORABLE_ALL.source);
const MAX_DEPTH = 64;

/**
 * A copy of flat request values (path parameters, query) that PostgreSQL can store: every unstorable
 * character becomes U+FFFD. For records of refused input, such as a staff call's audit row.
 */
export function storableCopy(value: unknown): unknown {
  const clean = (v: unknown) => (typeof v === 'string' ? v.replace(UNSTORABLE_ALL, '\uFFFD') : v);
  if (value === null || typeof value !== 'object') return clean(value);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [clean(k), clean(v)]));
}

/** The dotted path of the first unstorable string (or key) in a parsed value; null when there is none. */
export function findUnstorable(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || '(value)' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  // Deeper than any schema here: refused rather than walked (the schema would refuse it anyway).
  if (depth > MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findUnstorable(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (hit !== null) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const at = path ? `${path}.${k}` : k;
    if (UNSTORABLE.test(k)) return at;
    const hit = findUnstorable(v, at, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req: FastifyRequest, _reply, done) => {
    for (const [where, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const hit = findUnstorable(value);
      if (hit !== null) {
        done(
          new AppError(400, ErrorCode.invalidCharacters, `errors:${ErrorCode.invalidCharacters}`, {
            field: `${where}.${hit}`,
          }),
        );
        return;
      }
    }
    done();
  });
}
