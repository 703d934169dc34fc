/**
 * The incremental decoders of the general filters (decision 0053), against the encoders of the hostile-file
 * builders (whose output poppler, mupdf and qpdf read the same: normalise-content.unit.test.ts): every input
 * length, fed in one piece and byte by byte, and what each filter must refuse.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ascii85,
  asciiHex,
  lzw,
  lzwPack,
  pngPredict,
  runLength,
} from '../../../test/hostile-content-pdfs.ts';
import { chunkDecoder, FilterDataError, type SyncFilter } from './decoders.ts';
import { predictorDecoder } from './predictors.ts';

function decode(filter: SyncFilter, data: Uint8Array, pieces: 'whole' | 'bytes', early: 0 | 1 = 1): Buffer {
  const d = chunkDecoder(filter, early);
  const out: Buffer[] = [];
  const chunks = pieces === 'whole' ? [data] : [...data].map((b) => Uint8Array.of(b));
  for (const c of chunks) for (const o of d.write(c)) out.push(Buffer.from(o));
  for (const o of d.end()) out.push(Buffer.from(o));
  return Buffer.concat(out);
}

const encoders: Array<[SyncFilter, (d: Uint8Array) => Uint8Array, 0 | 1]> = [
  ['ASCII85Decode', ascii85, 1],
  ['ASCIIHexDecode', asciiHex, 1],
  ['RunLengthDecode', runLength, 1],
  ['LZWDecode', (d) => lzw(d, 1), 1],
  ['LZWDecode', (d) => lzw(d, 0), 0],
];

describe('general filters decode what their encoders wrote', () => {
  for (const [filter, encode, early] of encoders) {
    it(`${filter}${filter === 'LZWDecode' ? ` /EarlyChange ${early}` : ''}: lengths 0–9, runs, random data`, () => {
      const samples = [
        ...Array.from({ length: 10 }, (_, n) => randomBytes(n)),
        Buffer.alloc(300, 0x41),
        Buffer.concat([Buffer.alloc(5), Buffer.from('zz~>'), Buffer.alloc(130, 7), randomBytes(200)]),
        randomBytes(1500),
      ];
      for (const data of samples) {
        const encoded = encode(data);
        expect(decode(filter, encoded, 'whole', early)).toEqual(Buffer.from(data));
        expect(decode(filter, encoded, 'bytes', early)).toEqual(Buffer.from(data));
      }
    });
  }

  it('stop at their end-of-data marker, as readers do', () => {
    expect(decode('ASCIIHexDecode', Buffer.from('41 42>4344'), 'whole').toString()).toBe('AB');
    expect(decode('ASCIIHexDecode', Buffer.from('414'), 'whole')).toEqual(Buffer.from([0x41, 0x40]));
    expect(decode('ASCII85Decode', Buffer.from('87cURD]i,"Ebo80~>garbage'), 'whole').toString()).toBe(
      'Hello World!',
    );
    expect(decode('RunLengthDecode', Uint8Array.of(1, 0x61, 0x62, 128, 5, 5), 'whole').toString()).toBe('ab');
    expect(decode('LZWDecode', lzwPack([256, 0x61, 257, 0x62]), 'whole').toString()).toBe('a');
  });

  it('LZW: a full table is kept until a clear code (the longest entry repeated)', () => {
    const codes = [256, 0x20];
    for (let c = 258; c < 4096; c++) codes.push(c);
    codes.push(4095, 4095, 257);
    const out = decode('LZWDecode', lzwPack(codes, 0), 'whole', 0);
    expect(out.length).toBe(1 + ((2 + 3839) * 3838) / 2 + 2 * 3839);
    expect(out.every((b) => b === 0x20)).toBe(true);
  });

  it('PNG predictor rows of every type, and TIFF predictor 2 on 8-bit samples, come back as they were', () => {
    const data = randomBytes(1000);
    for (const type of [0, 1, 2, 3, 4]) {
      const d = predictorDecoder({ kind: 'png', colors: 1, bits: 8, columns: 7 });
      const out = [...d.write(pngPredict(data, 7, type)), ...d.end()];
      // The last row is padded to the row size with zeros.
      expect(Buffer.concat(out).subarray(0, data.length), `row type ${type}`).toEqual(data);
    }
    const tiff = Buffer.from([10, 5, 250, 1, 2, 3]);
    const d = predictorDecoder({ kind: 'tiff', colors: 1, bits: 8, columns: 3 });
    expect(Buffer.concat([...d.write(tiff), ...d.end()])).toEqual(Buffer.from([10, 15, 9, 1, 3, 6]));
    expect(() => [
      ...predictorDecoder({ kind: 'png', colors: 1, bits: 8, columns: 2 }).write(Uint8Array.of(5)),
    ]).toThrow(FilterDataError);
  });

  it('throw on a byte the filter cannot hold', () => {
    expect(() => decode('ASCIIHexDecode', Buffer.from('4G>'), 'whole')).toThrow(FilterDataError);
    expect(() => decode('ASCII85Decode', Buffer.from('ab{cd~>'), 'whole')).toThrow(FilterDataError);
    expect(() => decode('ASCII85Decode', Buffer.from('s8W-"~>'), 'whole')).toThrow(FilterDataError); // > 2^32
    expect(() => decode('LZWDecode', lzwPack([256, 300]), 'whole')).toThrow(FilterDataError);
    expect(() => decode('LZWDecode', lzwPack([256, 0x61, 400]), 'whole')).toThrow(FilterDataError);
  });
});
