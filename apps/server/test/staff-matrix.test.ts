/**
 * The staff authorisation matrix (issue 16 item 6), generated from the router: every /api/staff route ×
 * every role × (allowed | refused), a customer's token and no token refused, and an audit row for every
 * mutating staff call. The matrix below is this test's own expectation, written independently of the
 * routes' declarations: a staff route added without an entry here fails the first test.
 */
import { STAFF_ROLES, type StaffRole } from '@dossier/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { accountsTestConfig, type LoggedIn, login } from './factories.ts';
import { newStaff, type StaffLogin, uniqueUsername } from './staff-factories.ts';

type Access = 'public' | 'session' | readonly StaffRole[];
const FINANCE = ['admin', 'finance'] as const;
const CONTENT = ['admin', 'content_editor'] as const;
const ADMIN = ['admin'] as const;
const TASKS = ['admin', 'reviewer', 'translator'] as const;
const LEADS = ['admin', 'consultant'] as const;
const CONSULT = ['admin', 'consultant'] as const;

/** Who may call each staff route. */
const MATRIX: Record<string, Access> = {
  'POST /api/staff/auth/login/': 'public',
  'POST /api/staff/auth/totp/verify/': 'session',
  'POST /api/staff/auth/totp/enrol/': 'session',
  'POST /api/staff/auth/totp/confirm/': 'session',
  'POST /api/staff/auth/password/': 'session',
  'POST /api/staff/auth/logout/': 'session',
  'GET /api/staff/me/': 'session',
  'POST /api/staff/order/:id/confirm_transfer/': FINANCE,
  'POST /api/staff/order/:id/reject_transfer/': FINANCE,
  'GET /api/staff/payment_flag/': FINANCE,
  'POST /api/staff/payment_flag/:id/resolve/': FINANCE,
  'GET /api/staff/order/': FINANCE,
  'GET /api/staff/order/:id/': FINANCE,
  'POST /api/staff/order/:id/refund/': FINANCE,
  'GET /api/staff/product/': FINANCE,
  'PATCH /api/staff/product/:id/': FINANCE,
  'GET /api/staff/exchange_rate/': FINANCE,
  'POST /api/staff/exchange_rate/': FINANCE,
  'GET /api/staff/promo_code/': FINANCE,
  'POST /api/staff/promo_code/': FINANCE,
  'POST /api/staff/promo_code/:id/disable/': FINANCE,
  'GET /api/staff/form_edition/': CONTENT,
  'PUT /api/staff/form_edition/blank/': CONTENT,
  'GET /api/staff/form_edition/mapping/': CONTENT,
  'PUT /api/staff/form_edition/mapping/': CONTENT,
  'POST /api/staff/form_edition/test_fill/': CONTENT,
  'POST /api/staff/form_edition/publish/': CONTENT,
  'DELETE /api/staff/form_edition/publish/': CONTENT,
  'GET /api/staff/where_to_file/': CONTENT,
  'POST /api/staff/where_to_file/': CONTENT,
  'PUT /api/staff/static_file/:key/': CONTENT,
  'GET /api/staff/user/': ADMIN,
  'POST /api/staff/user/': ADMIN,
  'POST /api/staff/user/:id/disable/': ADMIN,
  'POST /api/staff/user/:id/reset_password/': ADMIN,
  'GET /api/staff/audit/': ADMIN,
  'GET /api/staff/task/': TASKS,
  'GET /api/staff/task/:id/': TASKS,
  'GET /api/staff/task/:id/get_zip_file_url/': TASKS,
  'GET /api/staff/task/:id/review_report.pdf': TASKS,
  'POST /api/staff/task/:id/claim/': TASKS,
  'PUT /api/staff/task/:id/file/': TASKS,
  'POST /api/staff/task/:id/result/': TASKS,
  'POST /api/staff/task/:id/release/': ADMIN,
  // The assistant's pre-translation for translators (decision 0086).
  'POST /api/staff/task/:id/assistant/pretranslate/': ['admin', 'translator'],
  // The assistant's usage per customer (decision 0083) and an exhibit's text beside the page (decision 0085).
  'GET /api/staff/assistant/usage/': FINANCE,
  'GET /api/staff/task/:id/exhibit-text/:upload_id/': TASKS,
  'PUT /api/staff/me/display_name/': STAFF_ROLES,
  // Work queues and content (decision 0035).
  'GET /api/staff/appointment/': LEADS,
  'GET /api/staff/appointment/:id/': LEADS,
  'POST /api/staff/appointment/:id/claim/': LEADS,
  'POST /api/staff/appointment/:id/status/': LEADS,
  'POST /api/staff/appointment/:id/note/': LEADS,
  'GET /api/staff/assessment/': LEADS,
  'GET /api/staff/assessment/:id/': LEADS,
  'POST /api/staff/assessment/:id/claim/': LEADS,
  'POST /api/staff/assessment/:id/status/': LEADS,
  'POST /api/staff/assessment/:id/note/': LEADS,
  'GET /api/staff/qa/': CONTENT,
  'GET /api/staff/qa/hot_keywords/': CONTENT,
  'POST /api/staff/qa/hot_keywords/': CONTENT,
  'GET /api/staff/qa/:id/': CONTENT,
  'PUT /api/staff/qa/:id/': CONTENT,
  'POST /api/staff/qa/:id/publish/': CONTENT,
  'GET /api/staff/qa_category/': CONTENT,
  'POST /api/staff/qa_category/': CONTENT,
  'PUT /api/staff/qa_category/:id/': CONTENT,
  'DELETE /api/staff/qa_category/:id/': CONTENT,
  'GET /api/staff/advice/': CONTENT,
  'GET /api/staff/advice/:id/': CONTENT,
  'POST /api/staff/advice/:id/status/': CONTENT,
  'POST /api/staff/advice/:id/note/': CONTENT,
  'GET /api/staff/static_file/': CONTENT,
  'GET /api/staff/fee/': CONTENT,
  'POST /api/staff/fee/': CONTENT,
  'GET /api/staff/consultation/': CONSULT,
  'GET /api/staff/consultation/:id/': CONSULT,
  'POST /api/staff/consultation/:id/claim/': CONSULT,
  'POST /api/staff/consultation/:id/attempt/': CONSULT,
};

/**
 * The staff reads of customer material, audited when they answer (issue 27 item 11; decision 0050). Every other
 * GET writes no row. Lists answer here (one row each); views of id 2147483000 are 404 (none).
 */
const READS_AUDITED = new Set([
  'GET /api/staff/task/',
  'GET /api/staff/task/:id/',
  'GET /api/staff/task/:id/get_zip_file_url/',
  'GET /api/staff/task/:id/review_report.pdf',
  'GET /api/staff/task/:id/exhibit-text/:upload_id/',
  'GET /api/staff/assistant/usage/',
  'GET /api/staff/order/',
  'GET /api/staff/order/:id/',
  'GET /api/staff/appointment/',
  'GET /api/staff/appointment/:id/',
  'GET /api/staff/assessment/',
  'GET /api/staff/assessment/:id/',
  'GET /api/staff/consultation/',
  'GET /api/staff/consultation/:id/',
]);

let t: TestApp;
let customer: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp({ config: { ...accountsTestConfig } });
  customer = await login(t);
});
afterAll(() => t.close());

const staffRoutes = () =>
  t.app.routeTable.filter((r) => r.url.startsWith('/api/staff/')).map((r) => `${r.method} ${r.url}`);

/** A request that passes validation where it can, so "allowed" is told apart from "refused" by auth alone. */
async function requestFor(key: string, self: StaffLogin | null) {
  const [method, pattern] = key.split(' ') as [string, string];
  let url = pattern.replace(':key', 'matrix.test');
  let payload: Record<string, unknown> | undefined;
  const headers: Record<string, string> = {};
  if (pattern.startsWith('/api/staff/user/:id/')) {
    // A victim of its own: an allowed disable or reset touches nobody else.
    url = url.replace(':id', String((await newStaff(t, 'reviewer')).id));
  }
  url = url.replace(':id', '2147483000');
  if (key === 'POST /api/staff/user/') payload = { username: uniqueUsername('made'), role: 'reviewer' };
  if (key.includes('/totp/')) payload = { code: '000000' };
  if (key === 'POST /api/staff/auth/password/' && self) {
    payload = { current_password: self.password, new_password: `${self.password}-2` };
  }
  if (key.endsWith('reject_transfer/')) payload = { reason: 'matrix' };
  if (key.endsWith('/result/')) payload = { comments: 'matrix' };
  if (key.endsWith('/release/')) payload = { reason: 'matrix' };
  if (key.endsWith('/display_name/')) payload = { display_name: 'Matrix Name' };
  if (key.endsWith('/status/')) payload = { status: key.includes('advice') ? 'read' : 'contacted' };
  if (key.endsWith('/note/')) payload = { body: 'matrix' };
  if (key === 'POST /api/staff/qa/hot_keywords/') payload = { keyword: 'matrix', status: 'pending' };
  if (key === 'PUT /api/staff/qa/:id/') {
    payload = { question_zh: '问', question_en: 'Q', answer_zh: '答', answer_en: 'A' };
  }
  if (key.endsWith('/publish/')) payload = { published: false };
  // Blank names: refused by validation (400), never by auth, and no category left behind for the Q&A suites.
  if (key.includes('/qa_category/') && key.split(' ')[0] !== 'GET' && !key.startsWith('DELETE')) {
    payload = { name_zh: ' ', name_en: ' ' };
  }
  // A date that never passes the "after today" rule: refused by the rule (400), never by auth.
  if (key === 'POST /api/staff/fee/') payload = { key: 'i140', from: '2000-01-01', cents: 1 };
  if (key.endsWith('/attempt/')) payload = { outcome: 'not_answered' };
  if (key.endsWith('confirm_transfer/')) {
    payload = {};
    headers['idempotency-key'] = `matrix-${uniqueUsername('key')}`;
  }
  if (key.endsWith('/resolve/')) payload = { note: 'matrix' };
  if (key.endsWith('/refund/')) {
    payload = { reason: 'matrix' };
    headers['idempotency-key'] = `matrix-${uniqueUsername('key')}`;
  }
  if (key === 'PATCH /api/staff/product/:id/') payload = { active: true };
  if (key === 'POST /api/staff/exchange_rate/') {
    // Far in the future: on PostgreSQL the suites share one database, and no other order may see this rate.
    payload = { rate: '7.2', effective_at: '2300-01-01T00:00:00Z' };
  }
  if (key === 'POST /api/staff/promo_code/') {
    payload = { code: `MX${Math.random().toString(36).slice(2, 12)}`, kind: 'percent', value: 5 };
  }
  if (key.includes('/api/staff/form_edition/') && key !== 'GET /api/staff/form_edition/') {
    url += '?form_number=G-1450&edition=09/27/19';
  }
  if (key === 'PUT /api/staff/form_edition/mapping/') payload = { items: [] };
  return { method, url, payload, headers };
}

async function call(key: string, auth: Record<string, string>, self: StaffLogin | null = null) {
  const r = await requestFor(key, self);
  return t.app.inject({
    method: r.method as 'GET',
    url: r.url,
    headers: { Language: 'en', ...auth, ...r.headers },
    ...(r.payload !== undefined ? { payload: r.payload } : {}),
  });
}

const auditRowsOf = async (staffId: number) => {
  const [n] = await t.ctx.db.db
    .select({ n: count() })
    .from(staffAudit)
    .where(eq(staffAudit.staffId, staffId));
  return n?.n ?? 0;
};

describe('staff authorisation matrix', () => {
  it('every staff route of the router has a matrix entry, and every entry a route', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(MATRIX).length);
    expect(
      routes.filter((r) => !(r in MATRIX)),
      'staff routes without a matrix entry',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !routes.includes(k)),
      'matrix entries without a route',
    ).toEqual([]);
  });

  it('fails when a staff route is added without an access declaration: the app does not start', async () => {
    // The declaration the server enforces is required at registration; the matrix check above catches a
    // route that declares one the test does not know.
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp(t.ctx);
    await expect(
      app.register(async (scope) => {
        scope.get('/api/staff/undeclared/', async () => ({}));
      }),
    ).rejects.toThrow(/config\.staffAccess/);
    await app.close();
  });

  it.each(STAFF_ROLES)(
    'role %s: allowed where the matrix says, 403 staff_forbidden elsewhere',
    async (role) => {
      const me = await newStaff(t, role);
      const keys = Object.keys(MATRIX).filter((k) => MATRIX[k] !== 'public');
      // Logout last: it ends the session the other calls use.
      keys.sort((a, b) => Number(a.endsWith('/logout/')) - Number(b.endsWith('/logout/')));
      const wrong: string[] = [];
      for (const key of keys) {
        const access = MATRIX[key]!;
        const allowed = access === 'session' || (access as readonly string[]).includes(role);
        const before = await auditRowsOf(me.id);
        const r = await call(key, me.auth, me);
        const code = r.statusCode >= 400 ? (r.json() as { code?: string }).code : undefined;
        const refused = r.statusCode === 403 && code === 'staff_forbidden';
        const unauthorised = r.statusCode === 401 && code === 'staff_unauthorized';
        if (unauthorised || refused !== !allowed) {
          wrong.push(
            `${key}: ${allowed ? 'allowed' : 'refused'} expected, got ${r.statusCode} ${r.body.slice(0, 120)}`,
          );
        }
        if (r.statusCode >= 500) wrong.push(`${key}: ${r.statusCode}`);
        const written = (await auditRowsOf(me.id)) - before;
        if (key.split(' ')[0] !== 'GET' && written <= 0) {
          wrong.push(`${key}: no audit row for a mutating call (${r.statusCode})`);
        }
        if (key.split(' ')[0] === 'GET') {
          const want = READS_AUDITED.has(key) && r.statusCode < 400 ? 1 : 0;
          if (written !== want)
            wrong.push(`${key}: ${written} audit rows for a read answered ${r.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('a customer token, a tampered token and no token are refused (401) on every staff route but login', {
    timeout: 120_000,
  }, async () => {
    const admin = await newStaff(t, 'admin');
    const wrong: string[] = [];
    for (const key of Object.keys(MATRIX).filter((k) => MATRIX[k] !== 'public')) {
      for (const [what, auth] of [
        ['customer token', customer.auth],
        ['no token', {}],
        ['tampered staff token', { authorization: `${admin.auth.authorization.slice(0, -2)}xx` }],
        ['customer token as staff', { authorization: `Bearer stf_${customer.accessToken}` }],
      ] as const) {
        const r = await call(key, auth);
        if (r.statusCode !== 401 || r.json().code !== 'staff_unauthorized') {
          wrong.push(`${key} with ${what}: ${r.statusCode} ${r.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a staff token opens no customer route: every GET answers it as it answers no token, or 401', async () => {
    const admin = await newStaff(t, 'admin');
    const gets = t.app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/api/customer/'));
    expect(gets.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const r of gets) {
      const url = r.url.replace(/:(\w+)/g, (_, p: string) => (p === 'id' ? '1' : 'x'));
      const asStaff = await t.app.inject({ url, headers: admin.auth });
      const asVisitor = await t.app.inject({ url });
      if (asStaff.statusCode !== 401 && asStaff.statusCode !== asVisitor.statusCode) {
        wrong.push(`GET ${r.url}: staff ${asStaff.statusCode}, visitor ${asVisitor.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    // Where a login is needed, the staff token is refused outright.
    const info = await t.app.inject({ url: '/api/customer/customer/info/', headers: admin.auth });
    expect(info.statusCode).toBe(401);
    const mine = await t.app.inject({ url: '/api/customer/customer/info/', headers: customer.auth });
    expect(mine.statusCode).toBe(200);
  });

  it('a refused call is audited with the caller, its route and its status', async () => {
    const reviewer = await newStaff(t, 'reviewer');
    const r = await call('POST /api/staff/order/:id/reject_transfer/', reviewer.auth);
    expect(r.statusCode).toBe(403);
    const rows = await t.ctx.db.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, reviewer.id), eq(staffAudit.targetType, 'request')));
    expect(rows.map((a) => [a.actor, a.action, (a.detail as { status: number }).status])).toEqual([
      [reviewer.username, 'POST /api/staff/order/:id/reject_transfer/', 403],
    ]);
    expect(rows[0]!.ip).toBe('127.0.0.1');
  });
});
