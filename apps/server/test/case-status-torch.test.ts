import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TorchConfig } from '../src/config.ts';
import { CaseStatusError } from '../src/providers/case-status/case-status.ts';
import { isoDay, retryAfterMs, TorchCaseStatusProvider } from '../src/providers/case-status/torch.ts';
import { caseStatusBody, type FakeTorch, startFakeTorch } from './fake-torch.ts';

/** The Torch adapter against a fake USCIS Case Status API on loopback (fake-torch.ts). */
let fake: FakeTorch;
let nowMs: number;

beforeAll(async () => {
  fake = await startFakeTorch();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.tokenRequests = 0;
  fake.statusRequests = [];
  fake.answers.clear();
  fake.refuseAll = false;
  fake.expiresIn = 1799;
  fake.tokenDelayMs = 0;
  fake.revokeTokens();
  nowMs = Date.parse('2026-11-21T08:00:00Z');
});

const torchConfig = (over: Partial<TorchConfig> = {}): TorchConfig => ({
  env: 'sandbox',
  baseUrl: fake.url,
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  ...over,
});
const provider = (timeoutMs = 5000, over: Partial<TorchConfig> = {}) =>
  new TorchCaseStatusProvider(torchConfig(over), timeoutMs, () => nowMs);

/** The CaseStatusError a call fails with (the test fails if it succeeds or throws something else). */
async function failure(p: Promise<unknown>): Promise<CaseStatusError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CaseStatusError);
  const e = err as CaseStatusError;
  // Neither the secret nor a token ever appears in what a caller may log.
  expect(e.message).not.toContain(fake.clientSecret);
  for (const r of fake.statusRequests) if (r.token) expect(e.message).not.toContain(r.token);
  return e;
}

describe('Torch case status adapter', () => {
  it("fetches a token, then a receipt's status, mapped from the documented JSON", async () => {
    const p = provider();
    const s = await p.status('IOE0912345678');
    expect(s).toEqual({
      receiptNumber: 'IOE0912345678',
      formType: 'I-140',
      title: 'Case Was Approved',
      description: 'On October 2, 2026, we approved your Form I-140, Receipt Number IOE0912345678.',
      modifiedOn: '2026-10-02',
      history: [
        { title: 'Case Was Received', date: '2026-09-05' },
        { title: 'Case Is Being Actively Reviewed By USCIS', date: '2026-09-20' },
      ],
    });
    expect(fake.tokenRequests).toBe(1);
    expect(fake.statusRequests).toHaveLength(1);
    expect(fake.statusRequests[0]!.receipt).toBe('IOE0912345678');
  });

  it('keeps the token until shortly before it expires, then fetches a new one', async () => {
    const p = provider();
    await p.status('IOE0912345678');
    nowMs += 1_700_000; // 1,700 s of a 1,799 s token: still good
    await p.status('IOE0912345678');
    expect(fake.tokenRequests).toBe(1);
    nowMs += 60_000; // within the last minute: renewed before it runs out
    await p.status('IOE0912345678');
    expect(fake.tokenRequests).toBe(2);
    nowMs += 1_000_000;
    await p.status('IOE0912345678');
    await p.status('IOE0912345679');
    expect(fake.tokenRequests).toBe(2);
    nowMs += 800_000;
    await p.status('IOE0912345678');
    expect(fake.tokenRequests).toBe(3);
    const tokens = new Set(fake.statusRequests.map((r) => r.token));
    expect(tokens.size).toBe(3);
  });

  it('makes one token request for concurrent callers', async () => {
    const p = provider();
    fake.tokenDelayMs = 50;
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) => p.status(`EAC26900000${String(i).padStart(2, '0')}`)),
    );
    expect(all.map((s) => s.title)).toEqual(Array(8).fill('Case Was Approved'));
    expect(fake.tokenRequests).toBe(1);
    expect(new Set(fake.statusRequests.map((r) => r.token)).size).toBe(1);
  });

  it('refreshes the token once on a 401, then answers unauthorised', async () => {
    const p = provider();
    await p.status('IOE0912345678');
    fake.revokeTokens();
    expect((await p.status('IOE0912345678')).title).toBe('Case Was Approved');
    expect(fake.tokenRequests).toBe(2);
    expect(fake.statusRequests).toHaveLength(3);

    fake.refuseAll = true;
    const e = await failure(p.status('IOE0912345678'));
    expect(e.kind).toBe('unauthorised');
    expect(e.status).toBe(401);
    // The RFC 9457 problem's title and detail are the message.
    expect(e.message).toContain('Unauthorized: Invalid access token');
    expect(fake.tokenRequests).toBe(3);
    expect(fake.statusRequests).toHaveLength(5);
  });

  it('answers unauthorised when the client credentials are refused', async () => {
    const e = await failure(provider(5000, { clientSecret: 'wrong' }).status('IOE0912345678'));
    expect(e.kind).toBe('unauthorised');
    expect(fake.statusRequests).toHaveLength(0);
  });

  it('answers not_found for a receipt USCIS does not know', async () => {
    fake.answers.set('LIN0000000000', [
      {
        status: 404,
        headers: { 'content-type': 'application/problem+json' },
        body: { title: 'Not Found', status: 404, detail: 'The receipt number was not found' },
      },
    ]);
    const e = await failure(provider().status('LIN0000000000'));
    expect(e.kind).toBe('not_found');
    expect(e.status).toBe(404);
    expect(e.message).toContain('The receipt number was not found');
  });

  it('answers rate_limited with Retry-After in seconds or as an HTTP date', async () => {
    const p = provider();
    fake.answers.set('SRC2690000001', [{ status: 429, headers: { 'retry-after': '120' }, body: {} }]);
    const seconds = await failure(p.status('SRC2690000001'));
    expect([seconds.kind, seconds.retryAfterMs, seconds.status]).toEqual(['rate_limited', 120_000, 429]);

    fake.answers.set('SRC2690000002', [
      { status: 429, headers: { 'retry-after': new Date(nowMs + 45_000).toUTCString() }, body: {} },
    ]);
    const date = await failure(p.status('SRC2690000002'));
    expect([date.kind, date.retryAfterMs]).toEqual(['rate_limited', 45_000]);

    fake.answers.set('SRC2690000003', [{ status: 429, body: {} }]);
    expect((await failure(p.status('SRC2690000003'))).retryAfterMs).toBeNull();
  });

  it('answers unavailable on 5xx (with Retry-After when given) and when nothing listens', async () => {
    const p = provider();
    fake.answers.set('WAC2690000004', [
      { status: 503, headers: { 'retry-after': '30' }, body: 'Service Unavailable' },
      { status: 500, body: { fault: { faultstring: 'Internal' } } },
    ]);
    const e503 = await failure(p.status('WAC2690000004'));
    expect([e503.kind, e503.status, e503.retryAfterMs]).toEqual(['unavailable', 503, 30_000]);
    const e500 = await failure(p.status('WAC2690000004'));
    expect([e500.kind, e500.status, e500.retryAfterMs]).toEqual(['unavailable', 500, null]);

    const closed = await startFakeTorch();
    const url = closed.url;
    await closed.close();
    const refused = await failure(provider(5000, { baseUrl: url }).status('WAC2690000004'));
    expect(refused.kind).toBe('unavailable');
  });

  it('answers malformed for an answer that is not JSON or not the documented shape', async () => {
    const p = provider();
    fake.answers.set('MSC2690000005', [{ status: 200, body: '<html>Maintenance</html>' }]);
    expect((await failure(p.status('MSC2690000005'))).kind).toBe('malformed');
    fake.answers.set('MSC2690000006', [
      { status: 200, body: { case_status: { receiptNumber: 'MSC2690000006' } } },
    ]);
    const shape = await failure(p.status('MSC2690000006'));
    expect(shape.kind).toBe('malformed');
    expect(shape.message).toContain('case_status.current_case_status_text_en');
    fake.answers.set('MSC2690000007', [
      { status: 200, body: caseStatusBody('MSC2690000007', { hist_case_status: 'none' }) },
    ]);
    expect((await failure(p.status('MSC2690000007'))).kind).toBe('malformed');
    // Absent optional fields are null, not errors.
    fake.answers.set('MSC2690000008', [
      {
        status: 200,
        body: caseStatusBody('MSC2690000008', {
          formType: null,
          modifiedDate: null,
          current_case_status_desc_en: '',
          hist_case_status: null,
        }),
      },
    ]);
    expect(await p.status('MSC2690000008')).toMatchObject({
      formType: null,
      description: null,
      modifiedOn: null,
      history: [],
    });
  });

  it('gives up on a stalled answer at the configured timeout', async () => {
    fake.answers.set('YSC2690000009', [{ status: 200, stall: true }]);
    const e = await failure(provider(300).status('YSC2690000009'));
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('300 ms');
  });

  it("stops when the caller's signal aborts, with the caller's reason", async () => {
    fake.answers.set('NBC2690000010', [{ status: 200, stall: true }]);
    const ac = new AbortController();
    const call = provider(60_000).status('NBC2690000010', ac.signal);
    const reason = new Error('shutting down');
    setTimeout(() => ac.abort(reason), 50);
    await expect(call).rejects.toBe(reason);
  });

  it('reads USCIS dates and Retry-After values', () => {
    expect(isoDay('2026-09-05T14:23:28.000Z')).toBe('2026-09-05');
    expect(isoDay('09-05-2026 14:23:28')).toBe('2026-09-05');
    expect(isoDay('September 5, 2026')).toBe('2026-09-05');
    expect(isoDay('soon')).toBeNull();
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs('999999')).toBe(86_400_000);
    expect(retryAfterMs('Sat, 21 Nov 2026 07:00:00 GMT', Date.parse('2026-11-21T08:00:00Z'))).toBe(0);
    expect(retryAfterMs('later')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
