import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { docx, paragraph, zip } from '../../../test/documents-docx-zip.ts';
import { Gate } from './docx-import.service.ts';
import { checkInflatedSizes, type DocxLimits, inspectDocx, isRefusal, type ZipPart } from './docx-zip.ts';

const limits: DocxLimits = {
  maxParts: 5,
  maxPartBytes: 1000,
  maxTotalBytes: 2500,
  maxRatio: 10,
  ratioFromBytes: 100,
  perMinute: 10,
};
const parts = (b: Buffer) => {
  const r = inspectDocx(b, limits);
  if (isRefusal(r)) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r;
};
const random = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919) % 251));

describe('the .docx central directory (docx-zip.ts)', () => {
  it('lists the parts of an ordinary file with their sizes and offsets', () => {
    const b = zip([
      { name: 'a.xml', data: random(500) },
      { name: 'b.bin', data: random(300), store: true },
    ]);
    expect(parts(b)).toEqual([
      { name: 'a.xml', method: 8, compressedSize: expect.any(Number), size: 500, localOffset: 0 },
      { name: 'b.bin', method: 0, compressedSize: 300, size: 300, localOffset: expect.any(Number) },
    ]);
    expect(checkInflatedSizes(b, parts(b), limits)).toBeUndefined();
  });

  it('refuses what is not a zip, an encrypted part and an unknown method as unreadable (400)', () => {
    const unreadable = { status: 400, code: 'docx_unreadable', vars: {} };
    expect(inspectDocx(Buffer.from('not a zip'), limits)).toEqual(unreadable);
    expect(inspectDocx(Buffer.alloc(0), limits)).toEqual(unreadable);
    const b = zip([{ name: 'a', data: 'x' }]);
    const dir = b.length - 22 - 47;
    const encrypted = Buffer.from(b);
    encrypted.writeUInt16LE(1, dir + 8);
    expect(inspectDocx(encrypted, limits)).toEqual(unreadable);
    const bzip2 = Buffer.from(b);
    bzip2.writeUInt16LE(12, dir + 10);
    expect(inspectDocx(bzip2, limits)).toEqual(unreadable);
  });

  it('counts the records themselves, not only the end record (which may understate them)', () => {
    const many = zip(Array.from({ length: 6 }, (_, i) => ({ name: `p${i}`, data: 'x' })));
    expect(inspectDocx(many, limits)).toEqual({ status: 413, code: 'docx_too_many_parts', vars: { max: 5 } });
    const understated = Buffer.from(many);
    understated.writeUInt16LE(2, understated.length - 22 + 8);
    understated.writeUInt16LE(2, understated.length - 22 + 10);
    expect(inspectDocx(understated, limits)).toEqual({
      status: 413,
      code: 'docx_too_many_parts',
      vars: { max: 5 },
    });
  });

  it('refuses a part, or all of them, inflating past the limits (413), and a large part compressed too much (422)', () => {
    const expands = { status: 413, code: 'docx_expands_too_far' };
    expect(inspectDocx(zip([{ name: 'a', data: random(1001) }]), limits)).toMatchObject(expands);
    const three = zip([0, 1, 2].map((i) => ({ name: `p${i}`, data: random(900) })));
    expect(inspectDocx(three, limits)).toMatchObject(expands);
    expect(inspectDocx(zip([{ name: 'z', data: Buffer.alloc(900) }]), limits)).toEqual({
      status: 422,
      code: 'docx_compression_suspicious',
      vars: { max: 10 },
    });
    // Small parts may compress as much as they like.
    expect(isRefusal(inspectDocx(zip([{ name: 'z', data: Buffer.alloc(99) }]), limits))).toBe(false);
  });

  it('reads through bytes prepended to the archive, as JSZip does', () => {
    const b = zip([{ name: 'a.xml', data: random(400) }]);
    const stub = Buffer.concat([Buffer.from('MZ stub before the archive'), b]);
    const [part] = parts(stub);
    expect(part!.localOffset).toBe(26);
    expect(checkInflatedSizes(stub, [part!], limits)).toBeUndefined();
  });

  it('reads ZIP64 sizes from the extra field', () => {
    const b = zip([{ name: 'a.xml', data: random(400) }]);
    const at = b.length - 22 - 51;
    const compressed = b.readUInt32LE(at + 20);
    // The record's sizes moved into a ZIP64 extra field (id 1: size, then compressed size).
    const extra = Buffer.alloc(20);
    extra.writeUInt16LE(1, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(400n, 4);
    extra.writeBigUInt64LE(BigInt(compressed), 12);
    const record = Buffer.from(b.subarray(at, at + 51));
    record.writeUInt32LE(0xffffffff, 20);
    record.writeUInt32LE(0xffffffff, 24);
    record.writeUInt16LE(20, 30);
    const end = Buffer.from(b.subarray(b.length - 22));
    end.writeUInt32LE(51 + 20, 12);
    const z64 = Buffer.concat([b.subarray(0, at), record, extra, end]);
    expect(parts(z64)).toEqual([
      { name: 'a.xml', method: 8, compressedSize: compressed, size: 400, localOffset: 0 },
    ]);
  });

  it('refuses a part that inflates beyond the size it claims, inflating no more than that', () => {
    const data = deflateRawSync(Buffer.alloc(50_000));
    const liar = zip([{ name: 'word/document.xml', data: Buffer.alloc(50_000), claimedSize: 200 }]);
    expect(data.length).toBeLessThan(200);
    const listed = parts(liar);
    expect(listed[0]!.size).toBe(200);
    expect(checkInflatedSizes(liar, listed, limits)).toMatchObject({
      status: 413,
      code: 'docx_expands_too_far',
    });
    // A local header that is not where the directory says: unreadable.
    const moved: ZipPart[] = [{ ...listed[0]!, localOffset: 5 }];
    expect(checkInflatedSizes(liar, moved, limits)).toMatchObject({ status: 400 });
  });

  it('passes an ordinary generated .docx with the real limits', () => {
    expect(isRefusal(inspectDocx(docx(paragraph('hello'))))).toBe(false);
  });
});

describe('the import gate', () => {
  it('lets `running` holders in, queues `waiting` more in order, refuses the rest', async () => {
    const gate = new Gate(1, 2);
    const first = await gate.enter();
    expect(first).toBeTypeOf('function');
    const order: string[] = [];
    const second = gate.enter().then((r) => {
      order.push('second');
      return r;
    });
    const third = gate.enter().then((r) => {
      order.push('third');
      return r;
    });
    expect(await gate.enter()).toBeUndefined();
    first!();
    first!(); // twice: no effect
    const r2 = await second;
    expect(order).toEqual(['second']);
    r2!();
    const r3 = await third;
    expect(order).toEqual(['second', 'third']);
    r3!();
    // All released: a new holder enters at once, and one more may wait again.
    const again = await gate.enter();
    expect(again).toBeTypeOf('function');
  });
});
