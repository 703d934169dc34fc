import { describe, expect, it } from 'vitest';
import { numberRfe } from './rfe-numbering.ts';

const filed30 = Array.from({ length: 30 }, (_, i) => ({ folder_id: 100 + i, number: i + 1 }));
const ex = (folder_id: number, position: number, reprint = false) => ({ folder_id, position, reprint });

describe('RFE numbering (decision 0077)', () => {
  it('numbers new folders on from the filed packet: filed 1…30 → new 31, 32, in order of first mention', () => {
    const n = numberRfe(filed30, [
      { position: 2, exhibits: [ex(901, 1)] },
      { position: 1, exhibits: [ex(105, 1), ex(900, 2)] },
    ]);
    expect(n.filedLast).toBe(30);
    expect(n.byFolder.get(900)).toMatchObject({ number: 31, label: 'Exhibit 31', filed: false });
    expect(n.byFolder.get(901)).toMatchObject({ number: 32, label: 'Exhibit 32', filed: false });
    expect(n.byFolder.get(105)).toMatchObject({ number: 6, label: 'Exhibit 6', filed: true, reprint: false });
    // A cited (not reprinted) filed exhibit is not in the response packet.
    expect(n.printed.map((e) => e.number)).toEqual([31, 32]);
  });

  it('a reprinted filed exhibit keeps its number and is printed', () => {
    const n = numberRfe(filed30, [{ position: 1, exhibits: [ex(900, 1), ex(129, 2, true)] }]);
    expect(n.byFolder.get(129)).toMatchObject({ number: 30, filed: true, reprint: true });
    expect(n.printed.map((e) => [e.number, e.label])).toEqual([
      [30, 'Exhibit 30'],
      [31, 'Exhibit 31'],
    ]);
  });

  it('a folder under two findings is numbered once; reprint asked by either finding counts', () => {
    const n = numberRfe(filed30, [
      { position: 1, exhibits: [ex(900, 1), ex(110, 2)] },
      { position: 2, exhibits: [ex(901, 1), ex(900, 2), ex(110, 3, true)] },
    ]);
    expect(n.byFolder.size).toBe(3);
    expect(n.byFolder.get(900)!.number).toBe(31);
    expect(n.byFolder.get(901)!.number).toBe(32);
    expect(n.byFolder.get(110)).toMatchObject({ number: 11, reprint: true });
    expect(n.printed.map((e) => e.number)).toEqual([11, 31, 32]);
  });

  it('without a snapshot new exhibits start at 1; exhibit order within a finding counts', () => {
    const n = numberRfe([], [{ position: 1, exhibits: [ex(7, 2), ex(8, 1)] }]);
    expect(n.filedLast).toBe(0);
    expect(n.byFolder.get(8)!.number).toBe(1);
    expect(n.byFolder.get(7)!.number).toBe(2);
  });

  it('numbers on from the highest filed number even when the snapshot has gaps', () => {
    const n = numberRfe(
      [
        { folder_id: 1, number: 1 },
        { folder_id: 2, number: 40 },
      ],
      [{ position: 1, exhibits: [ex(3, 1, true)] }],
    );
    expect(n.byFolder.get(3)).toMatchObject({ number: 41, filed: false, reprint: false });
  });
});
