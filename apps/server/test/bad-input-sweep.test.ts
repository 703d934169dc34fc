import { randomUUID } from 'node:crypto';
import { DOCUMENT_KINDS, UPLOAD_TUS_PATH } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testBackend } from './build-test-app.ts';
import { owner } from './evidence-helpers.ts';
import { accountsTestConfig, type LoggedIn, login } from './factories.ts';
import { newStaff } from './staff-factories.ts';
import {
  creationCases,
  importCases,
  keyCases,
  patchCases,
  type RawCase,
  TRANSFER_SIZES,
  transferSources,
} from './sweep-real-bodies.ts';
import { type JsonSchema, type Operation, variantsFor } from './sweep-variants.ts';
import { entitledCustomer, rawRequest, startUploadApp, stopUploadApp } from './upload-helpers.ts';
import { fakeDocx, samplePdf } from './upload-samples.ts';

/**
 * Issue 10's bad-input sweep: for every route in the OpenAPI document, malformed requests in both languages →
 * never a 5xx, every refusal `{ code, msg }` in the asked language. A route the document does not show cannot
 * escape: every route the router knows is either swept or named below with the reason it is not in the document.
 */

/** Routes outside the OpenAPI document, on purpose. Anything else the router has must be in the document. */
const NOT_IN_DOCUMENT: Record<string, string> = {
  'GET /healthz': 'liveness probe, no input',
  'GET /readyz': 'readiness probe, no input (fault tests cover it)',
  'GET /api/docs': 'the OpenAPI UI itself',
  'GET /api/docs/json': 'the OpenAPI document itself',
  'GET /api/docs/yaml': 'the OpenAPI document itself',
  'GET /api/docs/static/*': 'swagger-ui assets',
  'GET /api/docs/static/index.html': 'swagger-ui assets',
  'GET /api/docs/static/swagger-initializer.js': 'swagger-ui assets',
};

let t: TestApp;
let operations: Operation[] = [];
/** The app's own socket: tus answers are written to the raw response, which app.inject does not fully emulate. */
let base = '';

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string; schema: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Inlines `$ref`s to components (the document may share schemas that way). */
function resolve(schema: unknown, doc: Doc, depth = 0): JsonSchema {
  if (!schema || typeof schema !== 'object' || depth > 20) return schema as JsonSchema;
  if (Array.isArray(schema)) return schema.map((s) => resolve(s, doc, depth + 1)) as unknown as JsonSchema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) return resolve(doc.components?.schemas?.[ref.split('/').pop()!], doc, depth + 1);
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, typeof v === 'object' ? resolve(v, doc, depth + 1) : v]),
  ) as JsonSchema;
}

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      ...accountsTestConfig,
      rateLimitPerMinute: 1_000_000,
    },
  });
  // Stored uploads send their check job; tus transfers go over a real socket.
  base = await startUploadApp(t);
  const doc = t.app.swagger() as unknown as Doc;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: resolve(p.schema, doc) })),
        body: resolve(op.requestBody?.content?.['application/json']?.schema, doc),
      });
    }
  }
  operations = operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
});
afterAll(() => stopUploadApp(t));

const CJK = /[\u3400-\u9fff]/;

/**
 * What is wrong with an answer, if anything: a 5xx, or a refusal that is not `{ code, msg }` with msg in the
 * asked language (a HEAD answer has no body: its status alone is judged).
 */
function badAnswer(where: string, lang: 'en' | 'zh', status: number, text: string, head = false) {
  if (status >= 500) return `${where}: ${status} ${text.slice(0, 200)}`;
  if (status < 400 || head) return undefined;
  let body: { code?: unknown; msg?: unknown } = {};
  try {
    body = JSON.parse(text);
  } catch {
    return `${where}: ${status} is not JSON: ${text.slice(0, 100)}`;
  }
  if (typeof body.code !== 'string' || typeof body.msg !== 'string')
    return `${where}: ${status} without {code,msg}: ${text.slice(0, 200)}`;
  if (CJK.test(body.msg) !== (lang === 'zh')) return `${where}: msg not in ${lang}: ${body.msg}`;
  if (body.msg.includes('%E0') || body.msg.includes('yyyyyyyyyy'))
    return `${where}: msg echoes the URL: ${body.msg}`;
  return undefined;
}

describe('bad-input sweep', () => {
  it('knows every route: each one the router has is in the OpenAPI document or named as outside it', () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const missing = t.app.routeTable
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !documented.has(key) && !(key in NOT_IN_DOCUMENT));
    expect(missing, 'routes neither swept nor explained in NOT_IN_DOCUMENT').toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  });

  it('answers every malformed request below 500, with { code, msg } in the asked language', async () => {
    const counts: Array<[string, number]> = [];
    const failures: string[] = [];
    for (const op of operations) {
      // A fresh customer per route: a route that ends the session (logout, deletion) spoils no other. Staff
      // routes get a fresh admin (every staff route's role) and, for account ids, a staff member of their own.
      const staffRoute = op.path.startsWith('/api/staff/');
      const user = staffRoute ? await newStaff(t, 'admin') : await login(t);
      // Staff calls change shared rows (promo code 1, product 1, order 1, category 1…): on PostgreSQL the suites
      // share one database, so a staff route's id is one nobody has (the seeded WELCOME50 is promo code 1).
      const samples: Record<string, string> = op.path.startsWith('/api/staff/user/{id}')
        ? { id: String((await newStaff(t, 'reviewer')).id) }
        : staffRoute
          ? { id: '2147483000' }
          : {};
      let n = 0;
      for (const v of variantsFor(op, samples)) {
        for (const lang of ['en', 'zh'] as const) {
          n++;
          const r = await t.app.inject({
            method: op.method as 'GET',
            url: v.url,
            headers: {
              Language: lang,
              ...user.auth,
              // A fresh key per request, so calls that require one get past that check to the rest.
              'idempotency-key': `sweep-${randomUUID()}`,
              ...(v.contentType ? { 'content-type': v.contentType } : {}),
            },
            ...(v.payload !== undefined ? { payload: v.payload } : {}),
            // Its own address: the sweep's wrong sign-ins must not lock the default one for the suites that
            // share this PostgreSQL database (failures are counted per address).
            remoteAddress: '10.254.0.1',
          });
          const bad = badAnswer(`${op.method} ${op.path} [${v.name}] ${lang}`, lang, r.statusCode, r.body);
          if (bad) failures.push(bad);
        }
      }
      counts.push([`${op.method} ${op.path}`, n]);
    }
    const total = counts.reduce((s, [, n]) => s + n, 0);
    process.stdout.write(
      `\nBad-input sweep (${testBackend}): ${total} requests over ${counts.length} routes\n${counts
        .map(([route, n]) => `  ${String(n).padStart(5)}  ${route}`)
        .join('\n')}\n`,
    );
    expect(failures.slice(0, 40), `${failures.length} bad answers`).toEqual([]);
    for (const [route, n] of counts) expect(n, route).toBeGreaterThanOrEqual(6);
  }, 600_000);

  it('answers real tus transfers below 500, with { code, msg } in the asked language', async () => {
    const user = await entitledCustomer(t);
    const other = await entitledCustomer(t);
    const failures: string[] = [];
    let n = 0;
    const OCTETS = 'application/offset+octet-stream';
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    /** One request over the socket, judged; '' in `headers` removes a default. */
    const send = async (
      label: string,
      lang: 'en' | 'zh',
      method: string,
      path: string,
      headers: Record<string, string>,
      body?: Uint8Array,
      as: LoggedIn = user,
    ) => {
      const all: Record<string, string> = {
        ...as.auth,
        Language: lang,
        'Tus-Resumable': '1.0.0',
        ...headers,
      };
      for (const [k, v] of Object.entries(all)) if (v === '') delete all[k];
      n++;
      const r = await rawRequest(base, method, path, all, body);
      const bad = badAnswer(`tus ${label} ${lang}`, lang, r.status, r.body, method === 'HEAD');
      if (bad) failures.push(bad);
      return r;
    };
    const create = (label: string, lang: 'en' | 'zh', c: RawCase, as: LoggedIn = user) =>
      send(
        `creation [${label}]`,
        lang,
        'POST',
        `${UPLOAD_TUS_PATH}${c.query ?? '?project_code=USA_EB1A'}`,
        { 'Upload-Length': '100', 'Upload-Metadata': `filename ${b64('sweep.pdf')}`, ...c.headers },
        c.body,
        as,
      );
    const keyOf = (r: { headers: Record<string, unknown> }) => String(r.headers.location).split('/').pop()!;
    const fresh = async (as: LoggedIn = user) => {
      const r = await create('fresh', 'en', { name: 'fresh', headers: {} }, as);
      expect(r.status, r.body).toBe(201);
      return keyOf(r);
    };
    const patch = (label: string, lang: 'en' | 'zh', key: string, c: RawCase) =>
      send(
        `PATCH [${label}]`,
        lang,
        'PATCH',
        `${UPLOAD_TUS_PATH}${key}`,
        { 'Upload-Offset': '0', 'Content-Type': OCTETS, ...c.headers },
        c.body,
      );

    for (const lang of ['en', 'zh'] as const) {
      for (const c of creationCases()) await create(c.name, lang, c);
      for (const c of patchCases()) await patch(c.name, lang, await fresh(), c);
    }

    // Keys in every state, and not keys at all, for each call that takes one.
    const finished = await fresh();
    const pdf = Buffer.concat([Buffer.from(await samplePdf(1)), Buffer.alloc(100)]).subarray(0, 100);
    await patch('finish', 'en', finished, { name: 'finish', headers: {}, body: pdf });
    const refused = await fresh();
    const docx = Buffer.concat([Buffer.from(fakeDocx()), Buffer.alloc(100)]).subarray(0, 100);
    await patch('refuse', 'en', refused, { name: 'refuse', headers: {}, body: docx });
    const terminated = await fresh();
    await send('terminate', 'en', 'DELETE', `${UPLOAD_TUS_PATH}${terminated}`, {});
    const keys = { running: await fresh(), finished, refused, terminated, foreign: await fresh(other) };
    for (const lang of ['en', 'zh'] as const) {
      for (const [label, key] of keyCases(keys)) {
        const path = `${UPLOAD_TUS_PATH}${key}`;
        await send(`HEAD [${label}]`, lang, 'HEAD', path, {});
        await patch(label, lang, key, { name: label, headers: {}, body: Buffer.from('%PDF-1.4\n') });
        await send(`status [${label}]`, lang, 'GET', `${path}/`, {});
        await send(`DELETE [${label}]`, lang, 'DELETE', path, {});
      }
    }

    // Files of every small size: each transfer ends decided (stored or refused), never in a 5xx.
    const sources = await transferSources();
    let i = 0;
    for (const size of TRANSFER_SIZES) {
      for (const [name, make] of sources) {
        const lang = i % 2 ? 'zh' : 'en';
        const withUpload = i++ % 3 === 0;
        const bytes = make(size);
        const created = await create(`${name} ${size} B`, lang, {
          name,
          headers: {
            'Upload-Length': String(size),
            'Upload-Metadata': `filename ${b64(name)}`,
            ...(withUpload ? { 'Content-Type': OCTETS } : {}),
          },
          ...(withUpload ? { body: bytes } : {}),
        });
        if (created.status !== 201) continue;
        const key = keyOf(created);
        if (!withUpload) await patch(`${name} ${size} B`, lang, key, { name, headers: {}, body: bytes });
        const status = await send(`status ${name} ${size} B`, lang, 'GET', `${UPLOAD_TUS_PATH}${key}/`, {});
        if (status.status !== 200 && status.status !== 422)
          failures.push(`tus ${name} ${size} B ${lang}: undecided, status ${status.status} ${status.body}`);
      }
    }
    process.stdout.write(`\nBad-input sweep (${testBackend}), tus: ${n} requests\n`);
    expect(failures.slice(0, 40), `${failures.length} bad answers`).toEqual([]);
  }, 900_000);

  it('answers real .docx imports below 500, with { code, msg } in the asked language', async () => {
    const failures: string[] = [];
    let n = 0;
    for (const c of await importCases()) {
      // A customer per body: the import has its own per-customer rate limit.
      const o = await owner(t);
      for (const kind of DOCUMENT_KINDS) {
        for (const lang of ['en', 'zh'] as const) {
          n++;
          const r = await t.app.inject({
            method: 'POST',
            url: `/api/customer/case/${o.caseId}/documents/${kind}/import/`,
            headers: {
              ...o.user.auth,
              Language: lang,
              ...(c.type ? { 'content-type': c.type } : {}),
              ...c.headers,
            },
            payload: c.body,
          });
          const bad = badAnswer(`import ${kind} [${c.name}] ${lang}`, lang, r.statusCode, r.body);
          if (bad) failures.push(bad);
          if (c.name === 'valid .docx' && r.statusCode !== 200)
            failures.push(`import ${kind} [${c.name}] ${lang}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        }
      }
    }
    process.stdout.write(`\nBad-input sweep (${testBackend}), .docx import: ${n} requests\n`);
    expect(failures, `${failures.length} bad answers`).toEqual([]);
  }, 300_000);
});
