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
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    if (UNSTORABLE.test(k)) return path ? `${path}.${k}` : k;
    // Only the path of a hit is built: a walk over clean input allocates no string.
    if (typeof v === 'string' ? !UNSTORABLE.test(v) : v === null || typeof v !== 'object') continue;
    const hit = findUnstorable(v, path ? `${path}.${k}` : k, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

/** The refusal for the first unstorable value of a request part, or null. */
function refusalOf(where: string, value: unknown): AppError | null {
  // Most requests have no path parameters, no query and no body: nothing to walk.
  if (value === undefined || value === null) return null;
  const hit = findUnstorable(value);
  return hit === null
    ? null
    : new AppError(400, ErrorCode.invalidCharacters, `errors:${ErrorCode.invalidCharacters}`, {
        field: `${where}.${hit}`,
      });
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req: FastifyRequest, _reply, done) => {
    done(
      refusalOf('params', req.params) ??
        refusalOf('querystring', req.query) ??
        refusalOf('body', req.body) ??
        undefined,
    );
  });
}
