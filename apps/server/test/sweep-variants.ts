/**
 * Malformed requests for one operation of the OpenAPI document: a plausible request built from its schemas,
 * then that request spoiled one way at a time (wrong types, missing fields, huge strings, NUL, lone surrogates,
 * ids of 2³¹ and 2⁵³, invalid JSON, wrong content type, over-long and badly encoded paths).
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  default?: unknown;
}

export interface Operation {
  method: string;
  /** OpenAPI path, `{name}` for parameters. */
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema }>;
  body?: JsonSchema;
}

export interface Variant {
  name: string;
  url: string;
  payload?: string;
  contentType?: string;
}

const ONE_MB = 1024 * 1024;
const INT32_OVER = 2 ** 31;
const SAFE_MAX = 2 ** 53;
const MAX_LEAVES = 80;

/** A value the schema probably accepts (enough to get past the first checks to the deeper ones). */
export function sampleOf(s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 12) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sampleOf(alt.find((a) => a.type !== 'null') ?? alt[0], depth + 1);
  if (s.allOf?.length) return sampleOf(s.allOf[0], depth + 1);
  if (s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sampleOf(v, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sampleOf(s.items, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'email') return 'sweep@example.com';
      if (s.format === 'date') return '2027-01-15';
      if (s.format === 'date-time') return '2027-01-15T08:00:00Z';
      if (s.pattern) return matching(s.pattern) ?? 'x';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return 'x';
  }
}

/** Strings that often satisfy the contract's patterns (dates, months, digits, phones, codes). */
const PATTERN_CANDIDATES = [
  '',
  '2027-01-15',
  '2027-01',
  '123456',
  '13800000000',
  '86',
  '1',
  'abc',
  'ABC1234567890',
  '2027-01-15T08:00',
];
function matching(pattern: string): string | undefined {
  try {
    const re = new RegExp(pattern);
    return PATTERN_CANDIDATES.find((c) => re.test(c));
  } catch {
    return undefined;
  }
}

type Leaf = { at: Array<string | number>; type: string };

/** The paths into a sample where a scalar (or an empty container) sits, with the schema's type there. */
function leaves(
  s: JsonSchema | undefined,
  value: unknown,
  at: Array<string | number> = [],
  out: Leaf[] = [],
) {
  if (out.length >= MAX_LEAVES || !s) return out;
  const alt = s.anyOf ?? s.oneOf;
  const schema = alt?.length ? (alt.find((a) => a.type !== 'null') ?? alt[0]!) : s;
  const type = (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) ?? 'string';
  if (type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    out.push({ at, type });
    for (const [k, v] of Object.entries(schema.properties ?? {}))
      leaves(v, (value as Record<string, unknown>)[k], [...at, k], out);
  } else if (type === 'array' && Array.isArray(value)) {
    out.push({ at, type });
    if (value.length) leaves(schema.items, value[0], [...at, 0], out);
  } else {
    out.push({ at, type });
  }
  return out;
}

function setAt(root: unknown, at: Array<string | number>, value: unknown): unknown {
  if (at.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1]!] = value;
  return copy;
}

function deleteAt(root: unknown, at: Array<string | number>): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  delete node[at[at.length - 1]!];
  return copy;
}

/** What a value of this type should never be. */
function spoilers(type: string): Array<[string, unknown]> {
  const text: Array<[string, unknown]> = [
    ['NUL', 'a\u0000b'],
    ['lone surrogate', 'a\ud800b'],
    ['100 KB string', 'x'.repeat(100 * 1024)],
  ];
  const numbers: Array<[string, unknown]> = [
    ['2^31', INT32_OVER],
    ['2^53', SAFE_MAX],
    ['-1', -1],
    ['1.5', 1.5],
  ];
  switch (type) {
    case 'string':
      return [['number for text', 12345], ['object for text', { a: 1 }], ...text];
    case 'integer':
    case 'number':
      return [['text for number', 'abc'], ...numbers, ['NUL text', '1\u0000']];
    case 'boolean':
      return [
        ['text for boolean', 'yes'],
        ['NUL text', '\u0000'],
      ];
    case 'array':
      return [
        ['object for array', { a: 1 }],
        ['10 000 items', Array(10_000).fill('x')],
        ['NUL item', ['\u0000']],
      ];
    case 'object':
      return [
        ['array for object', [1]],
        ['text for object', 'x\u0000'],
        ['null', null],
      ];
    default:
      return text;
  }
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'x');

const PATH_SAMPLES: Record<string, string> = { id: '1', token: 'sbx_sweep', provider: 'sandbox' };

/** Variants of one operation; `samples` overrides the valid path values (e.g. an id the test owns). */
export function variantsFor(op: Operation, samples: Record<string, string> = {}): Variant[] {
  const given = { ...PATH_SAMPLES, ...samples };
  const params = Object.fromEntries(op.pathParams.map((p) => [p, given[p] ?? 'x']));
  const queryBase = Object.fromEntries(
    op.query.map((q) => [q.name, String(sampleOf(q.schema) ?? 'x')] as const),
  );
  const qs = (q: Record<string, string>) => {
    const s = Object.entries(q)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    return s ? `?${s}` : '';
  };
  const url = (p = params, q = queryBase) => `${fill(op.path, p)}${qs(q)}`;
  const out: Variant[] = [];

  // Paths: over-long and badly encoded, in a parameter or appended.
  for (const p of op.pathParams) {
    for (const [name, v] of [
      ['2^31', String(INT32_OVER)],
      ['2^53', String(SAFE_MAX)],
      ['-1', '-1'],
      ['text', 'abc'],
      ['NUL', '%00'],
      ['bad encoding', '%E0%A4%A'],
      ['300 characters', 'x'.repeat(300)],
    ] as const) {
      out.push({ name: `path ${p}: ${name}`, url: url({ ...params, [p]: v }) });
    }
  }
  out.push({ name: 'path: bad encoding appended', url: `${fill(op.path, params)}%E0%A4%A/` });
  out.push({
    name: 'path: 300-character segment appended',
    url: `${fill(op.path, params)}${'y'.repeat(300)}/`,
  });
  out.push({ name: 'path: doubled slashes', url: `/${fill(op.path, params).replace(/\//g, '//')}` });

  // Query strings.
  for (const q of op.query) {
    for (const [name, v] of [
      ['text', 'abc'],
      ['2^31', String(INT32_OVER)],
      ['2^53', String(SAFE_MAX)],
      ['NUL', '%00'],
      ['bad encoding', '%E0%A4%A'],
      ['lone surrogate', '%ED%A0%80'],
      ['20 KB', 'q'.repeat(20 * 1024)],
      ['repeated', `1&${q.name}=2`],
    ] as const) {
      out.push({ name: `query ${q.name}: ${name}`, url: url(params, { ...queryBase, [q.name]: v }) });
    }
  }

  if (op.method === 'GET' || op.method === 'DELETE') return out;

  // Bodies: the envelope first, then one spoiled field at a time.
  const json = 'application/json';
  out.push({ name: 'body: invalid JSON', url: url(), payload: '{"a":', contentType: json });
  out.push({ name: 'body: empty JSON', url: url(), payload: '', contentType: json });
  out.push({ name: 'body: wrong content type', url: url(), payload: 'a=1', contentType: 'text/plain' });
  out.push({
    name: 'body: form content type',
    url: url(),
    payload: 'a=1',
    contentType: 'application/x-www-form-urlencoded',
  });
  for (const [name, v] of [
    ['null', 'null'],
    ['array', '[]'],
    ['string', '"x"'],
    ['number', '42'],
    ['empty object', '{}'],
    ['1 MB string', JSON.stringify('x'.repeat(ONE_MB))],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ] as const) {
    out.push({ name: `body: ${name}`, url: url(), payload: v, contentType: json });
  }
  if (!op.body) return out;
  const base = sampleOf(op.body);
  out.push({ name: 'body: plausible', url: url(), payload: JSON.stringify(base), contentType: json });
  for (const leaf of leaves(op.body, base)) {
    const where = leaf.at.join('.') || '(root)';
    if (leaf.at.length > 0) {
      out.push({
        name: `body ${where}: missing`,
        url: url(),
        payload: JSON.stringify(deleteAt(base, leaf.at)),
        contentType: json,
      });
    }
    for (const [name, v] of spoilers(leaf.type)) {
      out.push({
        name: `body ${where}: ${name}`,
        url: url(),
        payload: JSON.stringify(setAt(base, leaf.at, v)),
        contentType: json,
      });
    }
  }
  return out;
}
