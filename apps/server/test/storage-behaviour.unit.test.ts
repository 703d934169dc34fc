import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../src/providers/storage/local-disk.ts';
import type { S3Storage } from '../src/providers/storage/s3.ts';
import {
  InvalidStorageKeyError,
  type Storage,
  StorageNotFoundError,
} from '../src/providers/storage/storage.ts';
import { s3rverStorage, startS3rver } from './s3-helpers.ts';

/**
 * The storage contract (providers/storage/storage.ts), run against the local disk and against an
 * S3-compatible server on loopback (s3rver) through the S3 adapter: the same behaviour on both.
 */

const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
const BUCKET = 'dossier-test';

let dir: string;
let s3rver: S3rver;
let s3: S3Storage;
let endpoint: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dossier-storage-behaviour-'));
  ({ server: s3rver, endpoint } = await startS3rver(join(dir, 's3rver'), BUCKET));
  s3 = newS3({ prefix: 'deploy-a/' });
});

afterAll(async () => {
  s3?.close();
  await s3rver?.close();
  rmSync(dir, { recursive: true, force: true });
});

function newS3(over: { prefix: string; partSize?: number; requestTimeoutMs?: number; endpoint?: string }) {
  return s3rverStorage(over.endpoint ?? endpoint, BUCKET, { partSize: 5 * 1024 * 1024, ...over });
}

const adapters: Array<[string, () => Storage]> = [
  ['local disk', () => new LocalDiskStorage(join(dir, `disk-${Math.random().toString(36).slice(2)}`))],
  ['S3 (s3rver on loopback)', () => newS3({ prefix: `run-${Math.random().toString(36).slice(2)}/` })],
];

describe.each(adapters)('storage contract: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('puts, stats, streams and deletes an object with its content type and sha256', async () => {
    const put = await storage.put('cases/1/letter.pdf', Buffer.from('hello'), {
      contentType: 'application/pdf',
    });
    expect(put).toMatchObject({
      key: 'cases/1/letter.pdf',
      size: 5,
      contentType: 'application/pdf',
      sha256: sha('hello'),
    });
    expect(await storage.stat('cases/1/letter.pdf')).toMatchObject({ size: 5, sha256: sha('hello') });
    const got = await storage.get('cases/1/letter.pdf');
    expect(got.object).toMatchObject({ size: 5, contentType: 'application/pdf', sha256: sha('hello') });
    expect(await text(got.stream)).toBe('hello');
    expect((await storage.read('cases/1/letter.pdf'))?.toString()).toBe('hello');
    expect(await storage.delete('cases/1/letter.pdf')).toBe(true);
    expect(await storage.stat('cases/1/letter.pdf')).toBeNull();
    expect(await storage.read('cases/1/letter.pdf')).toBeNull();
    expect(await storage.delete('cases/1/letter.pdf')).toBe(false);
    await expect(storage.get('cases/1/letter.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('stores exactly the bytes of a view into a larger buffer (a subarray), hashed as such', async () => {
    const whole = Buffer.from('xxxx%PDF-1.7 view yyyy');
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 4, 13);
    const put = await storage.put('cases/1/view.pdf', view, { contentType: 'application/pdf' });
    expect(put).toMatchObject({ size: 13, sha256: sha('%PDF-1.7 view') });
    expect(await text((await storage.get('cases/1/view.pdf')).stream)).toBe('%PDF-1.7 view');
    expect((await storage.read('cases/1/view.pdf'))?.toString()).toBe('%PDF-1.7 view');
    await storage.delete('cases/1/view.pdf');
  });

  it('stores chunks as their concatenation, without joining them first', async () => {
    const whole = Buffer.from('%PDF-1.7 head, a view into the middle, tail');
    const chunks = [
      whole.subarray(0, 15),
      new Uint8Array(whole.buffer, whole.byteOffset + 15, 20),
      whole.subarray(35),
    ];
    const put = await storage.put('cases/1/chunks.pdf', chunks, { contentType: 'application/pdf' });
    expect(put).toMatchObject({ size: whole.length, sha256: sha(whole.toString()) });
    expect((await storage.read('cases/1/chunks.pdf'))?.toString()).toBe(whole.toString());
    // Empty: an object of no bytes.
    expect((await storage.put('cases/1/none.pdf', [], { contentType: 'application/pdf' })).size).toBe(0);
    await storage.delete('cases/1/chunks.pdf');
    await storage.delete('cases/1/none.pdf');
  });

  it('streams a large body in (multipart on S3) and hashes it on the way; streams it out whole', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const parts = 12;
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < parts; i++) yield Buffer.from(chunk.map((b) => (b + i) & 0xff));
      })(),
    );
    const whole = Buffer.concat(
      Array.from({ length: parts }, (_, i) => Buffer.from(chunk.map((b) => (b + i) & 0xff))),
    );
    const put = await storage.put('big/blob.bin', body, { contentType: 'application/octet-stream' });
    expect(put.size).toBe(parts * 1024 * 1024);
    expect(put.sha256).toBe(sha(whole));
    const out = await buffer((await storage.get('big/blob.bin')).stream);
    expect(sha(out)).toBe(sha(whole));
  });

  it('stores a finished local file with the digest the caller measured', async () => {
    const src = join(dir, `incoming-${Math.random().toString(36).slice(2)}.bin`);
    writeFileSync(src, 'finished bytes');
    const put = await storage.putFile('customers/1/blobs/abc', src, {
      contentType: 'application/pdf',
      sha256: sha('finished bytes'),
      size: 14,
    });
    expect(put).toMatchObject({ size: 14, sha256: sha('finished bytes'), contentType: 'application/pdf' });
    rmSync(src);
    expect(await text((await storage.get('customers/1/blobs/abc')).stream)).toBe('finished bytes');
    const wrongSize = join(dir, 'wrong-size.bin');
    writeFileSync(wrongSize, 'abc');
    await expect(
      storage.putFile('customers/1/blobs/x', wrongSize, { contentType: 'x/y', sha256: 'a', size: 1 }),
    ).rejects.toThrow();
    expect(await storage.stat('customers/1/blobs/x')).toBeNull();
  });

  it('never exposes a partial object when a write fails half way, and keeps the previous version', async () => {
    await storage.put('doc.txt', Buffer.from('version 1'), { contentType: 'text/plain' });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial data'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('doc.txt', failing, { contentType: 'text/plain' })).rejects.toThrow();
    expect(await text((await storage.get('doc.txt')).stream)).toBe('version 1');
    // Nothing half-written stays behind for the purge to find later.
    expect(await storage.purgeIncomplete(new Date(Date.now() + 60_000))).toBe(0);
  });

  it('replaces an object whole', async () => {
    await storage.put('doc2.txt', Buffer.from('one'), { contentType: 'text/plain' });
    await storage.put('doc2.txt', Readable.from([Buffer.from('two, longer')]), {
      contentType: 'text/markdown',
    });
    const got = await storage.get('doc2.txt');
    expect(got.object).toMatchObject({ size: 11, contentType: 'text/markdown', sha256: sha('two, longer') });
    expect(await text(got.stream)).toBe('two, longer');
  });

  it('deletes a folder with everything under it, and only that folder', async () => {
    for (const k of ['c/7/a.pdf', 'c/7/b/x.pdf', 'c/70/keep.pdf', 'c/8/keep.pdf'])
      await storage.put(k, Buffer.from(k), { contentType: 'application/pdf' });
    expect(await storage.deletePrefix('c/7/')).toBe(2);
    expect(await storage.stat('c/7/a.pdf')).toBeNull();
    expect(await storage.stat('c/7/b/x.pdf')).toBeNull();
    expect(await storage.stat('c/70/keep.pdf')).not.toBeNull();
    expect(await storage.stat('c/8/keep.pdf')).not.toBeNull();
    expect(await storage.deletePrefix('nothing/here/')).toBe(0);
    await expect(storage.deletePrefix('c/8')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('refuses keys that could escape the root or collide with metadata', async () => {
    for (const key of ['../x', 'a/../../x', '/abs', '', 'a//b', 'x.meta.json', '.hidden', 'a b', '.tmp/x']) {
      await expect(
        storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }),
        key,
      ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });
});

describe('S3 adapter specifics', () => {
  it('keeps deployments sharing a bucket apart by their prefix', async () => {
    const a = newS3({ prefix: 'tenant-a/' });
    const b = newS3({ prefix: 'tenant-b/' });
    await a.put('same/key.txt', Buffer.from('A'), { contentType: 'text/plain' });
    expect(await b.stat('same/key.txt')).toBeNull();
    expect(await b.deletePrefix('same/')).toBe(0);
    expect(await text((await a.get('same/key.txt')).stream)).toBe('A');
    a.close();
    b.close();
  });

  it('signs a time-limited download link the browser can fetch directly, with the file name', async () => {
    await s3.put('customers/9/cv.pdf', Buffer.from('%PDF-1.7 cv'), { contentType: 'application/pdf' });
    const url = await s3.signedUrl('customers/9/cv.pdf', { expiresIn: 60, filename: '简历 CV.pdf' });
    expect(url).toContain('X-Amz-Signature=');
    expect(url).toContain('X-Amz-Expires=60');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.7 cv');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''%E7%AE%80%E5%8E%86%20CV.pdf");
  });

  it('purges interrupted writes and abandoned multipart uploads older than the cut-off only', async () => {
    const store = newS3({ prefix: `purge-${Date.now()}/` });
    // A crashed streamed put leaves its .tmp object behind.
    await store.put('x.txt', Buffer.from('x'), { contentType: 'text/plain' });
    const inner = store as unknown as {
      upload(n: string, b: Buffer, c: string): Promise<void>;
      opts: { prefix: string };
    };
    await inner.upload(`${inner.opts.prefix}.tmp/crashed`, Buffer.from('half'), 'text/plain');
    expect(await store.purgeIncomplete(new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await store.purgeIncomplete(new Date(Date.now() + 60_000))).toBe(1);
    expect(await store.purgeIncomplete(new Date(Date.now() + 60_000))).toBe(0);
    expect(await text((await store.get('x.txt')).stream)).toBe('x');
    store.close();
  });

  it('fails a call to a store that does not answer within the timeout instead of hanging', async () => {
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)); // accepts, never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    const stalled = newS3({ prefix: '', endpoint: `http://127.0.0.1:${port}`, requestTimeoutMs: 300 });
    // The event, not the wall clock (decision 0059): the call fails with the client's own timeout while the store
    // is still silent (a hang would run into the test's timeout instead).
    await expect(stalled.stat('any/key')).rejects.toThrow(/timed? ?out/i);
    stalled.close();
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  });
});
