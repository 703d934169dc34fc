import type {
  TImmigrationData,
  TSaveImmigrationDataRequest,
  TSaveImmigrationDataResponse,
} from '@dossier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaverState, Snapshot } from '../src/features/workbench/forms/form-saver.ts';
import { createFormSaver, snapshotKey, snapshotOf } from '../src/features/workbench/forms/form-saver.ts';

/** A form view with only what the saver reads. */
function view(version: number, draft: Snapshot | null = null, values = {}): TImmigrationData {
  return {
    version,
    values,
    overrides: [],
    draft: draft?.values ?? null,
    draft_overrides: draft ? [...draft.overrides] : null,
  } as unknown as TImmigrationData;
}

const answer = (version: number, body: TSaveImmigrationDataRequest): TSaveImmigrationDataResponse => ({
  data: view(version, { values: body.values, overrides: body.overrides ?? [] }),
  msg: 'ok',
  stage_submitted: false,
  next_stage: null,
});

const conflict = (current: number) =>
  Object.assign(new Error('conflict'), { code: 'version_conflict', body: { current_version: current } });

const snap = (values: Record<string, string>): Snapshot => ({ values, overrides: [] });

/** A server that answers each request when told to. */
function server() {
  const calls: TSaveImmigrationDataRequest[] = [];
  const pending: { resolve: (v: TSaveImmigrationDataResponse) => void; reject: (e: unknown) => void }[] = [];
  let version = 1;
  return {
    calls,
    send: (body: TSaveImmigrationDataRequest) =>
      new Promise<TSaveImmigrationDataResponse>((resolve, reject) => {
        calls.push(body);
        pending.push({ resolve, reject });
      }),
    answerNext() {
      version += 1;
      pending.shift()?.resolve(answer(version, calls[calls.length - pending.length - 1]!));
    },
    fail(error: unknown) {
      pending.shift()?.reject(error);
    },
    get inFlight() {
      return pending.length;
    },
  };
}

function saverWith(s: ReturnType<typeof server>) {
  const states: SaverState[] = [];
  const conflicts: number[] = [];
  const saver = createFormSaver({
    version: 1,
    saved: snap({}),
    send: s.send,
    onState: (st) => states.push(st),
    onData: () => undefined,
    onConflict: (v) => conflicts.push(v),
    delayMs: 100,
    retryMs: 1_000,
  });
  return { saver, states, conflicts };
}

const tick = () => vi.advanceTimersByTimeAsync(0);

describe('form autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('debounces typing into one draft carrying the last version', async () => {
    const s = server();
    const { saver } = saverWith(s);
    saver.change(snap({ 'p1.last': 'C' }));
    saver.change(snap({ 'p1.last': 'CH' }));
    await vi.advanceTimersByTimeAsync(99);
    expect(s.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.calls).toEqual([{ version: 1, mode: 'draft', values: { 'p1.last': 'CH' }, overrides: [] }]);
    s.answerNext();
    await tick();
    expect(saver.version()).toBe(2);
  });

  it('keeps one request in flight and sends the latest typing next, with the new version', async () => {
    const s = server();
    const { saver } = saverWith(s);
    saver.change(snap({ a: '1' }));
    await vi.advanceTimersByTimeAsync(100);
    saver.change(snap({ a: '12' }));
    await vi.advanceTimersByTimeAsync(100);
    saver.change(snap({ a: '123' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(s.inFlight).toBe(1);
    s.answerNext();
    await vi.advanceTimersByTimeAsync(100);
    expect(s.calls.map((c) => [c.version, c.values.a])).toEqual([
      [1, '1'],
      [2, '123'],
    ]);
  });

  it('never loses typing: a failed draft is sent again', async () => {
    const s = server();
    const { saver, states } = saverWith(s);
    saver.change(snap({ a: 'x' }));
    await vi.advanceTimersByTimeAsync(100);
    s.fail(new Error('network'));
    await tick();
    expect(states.at(-1)).toBe('error');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.calls).toHaveLength(2);
    expect(s.calls[1]!.values).toEqual({ a: 'x' });
    s.answerNext();
    await tick();
    expect(states.at(-1)).toBe('saved');
  });

  it('pauses on a version conflict until Keep mine sends it over the current version', async () => {
    const s = server();
    const { saver, states, conflicts } = saverWith(s);
    saver.change(snap({ a: 'mine' }));
    await vi.advanceTimersByTimeAsync(100);
    s.fail(conflict(7));
    await tick();
    expect(conflicts).toEqual([7]);
    expect(states.at(-1)).toBe('conflict');
    saver.change(snap({ a: 'mine!' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.calls).toHaveLength(1);
    const kept = saver.keepMine(7);
    await tick();
    expect(s.calls[1]).toMatchObject({ version: 7, values: { a: 'mine!' } });
    s.answerNext();
    await kept;
    expect(states.at(-1)).toBe('saved');
  });

  it('Reload adopts the server form and sends nothing', async () => {
    const s = server();
    const { saver } = saverWith(s);
    saver.change(snap({ a: 'mine' }));
    await vi.advanceTimersByTimeAsync(100);
    s.fail(conflict(9));
    await tick();
    saver.reload(view(9, snap({ a: 'theirs' })));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.calls).toHaveLength(1);
    expect(saver.version()).toBe(9);
    saver.change(snap({ a: 'theirs' }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.calls).toHaveLength(1);
  });

  it('a complete save waits for the draft on its way and carries its version', async () => {
    const s = server();
    const { saver } = saverWith(s);
    saver.change(snap({ a: 'x' }));
    await vi.advanceTimersByTimeAsync(100);
    const done = saver.commit(true);
    await tick();
    expect(s.calls).toHaveLength(1);
    s.answerNext();
    await tick();
    expect(s.calls[1]).toMatchObject({ version: 2, mode: 'save', submit: true, values: { a: 'x' } });
    s.answerNext();
    await expect(done).resolves.toMatchObject({ msg: 'ok' });
  });

  it('leaving the screen still sends what is pending', async () => {
    const s = server();
    const { saver } = saverWith(s);
    saver.change(snap({ a: 'late' }));
    saver.detach();
    await tick();
    expect(s.calls.map((c) => c.values)).toEqual([{ a: 'late' }]);
  });

  it('opens on the draft when there is one, the saved answers otherwise', () => {
    expect(snapshotOf(view(3, snap({ a: 'typed' }), { a: 'saved' })).values).toEqual({ a: 'typed' });
    expect(snapshotOf(view(3, null, { a: 'saved' })).values).toEqual({ a: 'saved' });
    expect(snapshotKey(snap({ b: '1', a: '2' }))).toBe(snapshotKey(snap({ a: '2', b: '1' })));
  });
});
