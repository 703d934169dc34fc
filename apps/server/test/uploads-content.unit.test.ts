import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_KINDS } from '@dossier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeContent } from '../src/modules/uploads/uploads.content.ts';
import { sniff } from '../src/pdf/normalise/sniff.ts';
import { noise, realHeads } from './upload-samples.ts';

/**
 * Issue 27 item 6: the content check of a finished transfer, for every size from 0 to 2,048 bytes of random bytes
 * and of the truncated heads of a real PDF, PNG, JPEG, .docx and an HEIC-style `ftyp` box: a kind or a refusal
 * naming the file in both languages, never a throw (a 1-byte file answered 500: ERR_BUFFER_OUT_OF_BOUNDS).
 */
const MAX = 2048;
const CJK = /[\u3400-\u9fff]/;
let dir: string;
let sources: Array<[string, (n: number) => Buffer]>;

/** An ISO-BMFF `ftyp` box (HEIC) followed by noise: the sniffer reads its brands from byte 8 and 16. */
const ftyp = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
  noise(MAX, 3),
]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dossier-content-'));
  const heads = await realHeads(MAX);
  sources = [
    ['random.pdf', (n) => noise(n, n + 1)],
    ...Object.entries(heads).map(
      ([kind, b]) =>
        [`truncated.${kind}`, (n: number) => b.subarray(0, n)] as [string, (n: number) => Buffer],
    ),
    ['truncated.heic', (n) => ftyp.subarray(0, n)],
  ];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('upload content check', () => {
  it('the sniffer answers for a short file whose memory is exactly its size (it threw RangeError before)', () => {
    // The normalise job sniffs a stored file as read, without the check's padding: every short size must answer.
    for (let n = 0; n <= 32; n++) {
      for (const head of [noise(32, n + 7), ftyp, Buffer.from('%PDF-1.7\n', 'latin1')]) {
        expect(() => sniff(new Uint8Array(head.subarray(0, n)))).not.toThrow();
      }
    }
    expect(sniff(new Uint8Array(ftyp.subarray(0, 12)))).toBe('heic');
  });

  it(`decides every file of 0 to ${MAX} bytes, random or truncated: a kind or a refusal naming it`, async () => {
    const warnings: object[] = [];
    const log = { warn: (obj: object) => warnings.push(obj) };
    const bad: string[] = [];
    const kinds = new Map<string, number>();
    const check = async (name: string, bytes: Buffer, slot: number) => {
      const size = bytes.length;
      const path = join(dir, `transfer-${slot}`);
      writeFileSync(path, bytes);
      const where = `${name} (${size} B)`;
      try {
        const v = await judgeContent({ path, size, name, declaredType: null }, log);
        const outcome = 'kind' in v ? v.kind : v.refusal.code;
        kinds.set(`${name} → ${outcome}`, (kinds.get(`${name} → ${outcome}`) ?? 0) + 1);
        if ('kind' in v) {
          if (!(UPLOAD_KINDS as readonly string[]).includes(v.kind)) bad.push(`${where}: kind ${v.kind}`);
        } else {
          const { code, zh, en } = v.refusal;
          if (!code || !zh.includes(name) || !en.includes(name) || !CJK.test(zh) || CJK.test(en))
            bad.push(`${where}: refusal ${JSON.stringify(v.refusal)}`);
        }
      } catch (err) {
        bad.push(`${where}: threw ${(err as Error).message}`);
      }
    };
    // A few sizes at a time, each source in its own file: the reads overlap.
    for (let size = 0; size <= MAX; size += 4) {
      const batch = [size, size + 1, size + 2, size + 3].filter((n) => n <= MAX);
      await Promise.all(
        batch.flatMap((n, i) =>
          sources.map(([name, make], j) => check(name, make(n), i * sources.length + j)),
        ),
      );
    }
    expect(bad.slice(0, 20), `${bad.length} bad verdicts`).toEqual([]);
    // Decided by the content, not caught as an error.
    expect(warnings).toEqual([]);
    // The truncated heads of real files are still recognised once their magic number is in.
    expect(kinds.get('truncated.pdf → pdf')).toBe(MAX + 1 - 5);
    expect(kinds.get('truncated.png → png')).toBe(MAX + 1 - 8);
    expect(kinds.get('truncated.jpeg → jpeg')).toBe(MAX + 1 - 3);
    expect(kinds.get('truncated.heic → heic')).toBeGreaterThan(MAX - 16);
  }, 300_000);
});
