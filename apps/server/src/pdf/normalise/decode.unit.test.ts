/**
 * Decoding filter chains with a cap (decision 0053): what comes out of a stream that breaks off (every byte
 * that decodes before the break, for repair), and where a bomb stops.
 */
import { constants, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lzwPack } from '../../../test/hostile-content-pdfs.ts';
import { decodeStages } from './decode.ts';

const syncFlushed = (text: string) =>
  deflateSync(Buffer.from(text, 'latin1'), { finishFlush: constants.Z_SYNC_FLUSH });

describe('decodeStages', () => {
  it('keeps every byte of Flate data that decodes before a bad block, and says it is corrupt', async () => {
    const broken = Buffer.concat([syncFlushed('0 g 72 600 200 100 re f'), Buffer.from([0xff, 1, 2, 3])]);
    const kept = await decodeStages(broken, [{ filter: 'FlateDecode' }], { cap: 1 << 20, keep: true });
    expect(kept).toMatchObject({ corrupt: true, over: false });
    expect(kept.data?.toString('latin1')).toBe('0 g 72 600 200 100 re f');
    const counted = await decodeStages(broken, [{ filter: 'FlateDecode' }], { cap: 1 << 20 });
    expect(counted).toMatchObject({ corrupt: true, over: false });
  });

  it('passes on what an ASCII85 stage decoded before a byte it cannot hold, then the error', async () => {
    const data = Buffer.from('87cURD]i,"Ebo80{more', 'latin1');
    const r = await decodeStages(data, [{ filter: 'ASCII85Decode' }], { cap: 1 << 20, keep: true });
    expect(r).toMatchObject({ corrupt: true, over: false });
    expect(r.data?.toString('latin1')).toBe('Hello World!');
  });

  it('stops an LZW stream at the cap, and keeps what came before when asked', async () => {
    const codes = [256, 0x20];
    for (let c = 258; c < 4096; c++) codes.push(c);
    for (let i = 0; i < 2000; i++) codes.push(4095); // ~7.7 MB more
    const packed = lzwPack([...codes, 257], 0);
    const stage = [{ filter: 'LZWDecode' as const, early: 0 as const }];
    expect(await decodeStages(packed, stage, { cap: 1 << 20 })).toMatchObject({
      over: true,
      length: (1 << 20) + 1,
    });
    const kept = await decodeStages(packed, stage, { cap: 1 << 20, keep: true });
    expect(kept.over).toBe(true);
    expect(kept.data?.length).toBeLessThanOrEqual(1 << 20);
    expect(kept.data?.every((b) => b === 0x20)).toBe(true);
  });
});
