import { describe, expect, it } from 'vitest';
import { ConsoleCaseStatusProvider, consoleScript } from '../src/providers/case-status/console.ts';

describe('console case status provider', () => {
  const start = new Date('2026-11-02T15:00:00Z');

  it('plays Received → Approved for a receipt ending in an even digit, one step per call, then stays', async () => {
    const p = new ConsoleCaseStatusProvider(() => start);
    const first = await p.status('IOE0912345678');
    expect(first).toMatchObject({
      receiptNumber: 'IOE0912345678',
      formType: 'I-140',
      title: 'Case Was Received',
      modifiedOn: '2026-11-02',
      history: [],
    });
    expect(first.description).toContain('On November 2, 2026, we received your Form I-140');
    expect(first.description).toContain('Receipt Number IOE0912345678');
    const second = await p.status('IOE0912345678');
    expect(second).toMatchObject({
      title: 'Case Was Approved',
      modifiedOn: '2026-11-09',
      history: [{ title: 'Case Was Received', date: '2026-11-02' }],
    });
    expect(second.description).toContain('On November 9, 2026, we approved your Form I-140');
    expect((await p.status('IOE0912345678')).title).toBe('Case Was Approved');
  });

  it('plays the RFE timeline for a receipt ending in an odd digit, each receipt on its own', async () => {
    const p = new ConsoleCaseStatusProvider(() => start);
    const odd = 'SRC2690000001';
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) {
      titles.push((await p.status(odd)).title);
      // Another receipt's calls do not move this one.
      await p.status('LIN2690000002');
    }
    expect(titles).toEqual([
      'Case Was Received',
      'Request for Additional Evidence Was Sent',
      "Response To USCIS' Request For Evidence Was Received",
      'Case Was Approved',
      'Case Was Approved',
    ]);
    const last = await p.status(odd);
    expect(last.modifiedOn).toBe('2026-11-23');
    expect(last.history.map((h) => h.date)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    expect(consoleScript(odd)).toHaveLength(4);
    expect(consoleScript('SRC2690000000')).toHaveLength(2);
  });

  it('answers an aborted call with the abort, without advancing', async () => {
    const p = new ConsoleCaseStatusProvider(() => start);
    const ac = new AbortController();
    ac.abort(new Error('stop'));
    await expect(p.status('WAC2690000003', ac.signal)).rejects.toThrow('stop');
    expect((await p.status('WAC2690000003')).title).toBe('Case Was Received');
  });
});
