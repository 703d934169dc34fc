import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../src/providers/storage/local-disk.ts';
import { InvalidStorageKeyError, StorageNotFoundError } from '../src/providers/storage/storage.ts';

let root: string;
let storage: LocalDiskStorage;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dossier-storage-'));
  storage = new LocalDiskStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

describe('local-disk storage', () => {
  it('stores a finished local file without copying it (hard link), leaving the caller its file', async () => {
    const src = join(root, 'incoming.bin');
    writeFileSync(src, 'finished bytes');
    const put = await storage.putFile('customers/1/blobs/abc', src, {
      contentType: 'application/pdf',
      sha256: sha('finished bytes'),
      size: 14,
    });
    expect(put).toMatchObject({ size: 14, sha256: sha('finished bytes'), contentType: 'application/pdf' });
    expect(statSync(join(root, 'customers/1/blobs/abc')).ino).toBe(statSync(src).ino);
    rmSync(src);
    const { stream } = await storage.get('customers/1/blobs/abc');
    expect(await text(stream)).toBe('finished bytes');
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
    await expect(
      storage.putFile('customers/1/blobs/x', join(root, 'missing'), {
        contentType: 'x/y',
        sha256: 'a',
        size: 1,
      }),
    ).rejects.toThrow();
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
    expect(await text(got.stream)).toBe('hello');
    expect(await storage.delete('cases/1/letter.pdf')).toBe(true);
    expect(await storage.stat('cases/1/letter.pdf')).toBeNull();
    expect(await storage.delete('cases/1/letter.pdf')).toBe(false);
    await expect(storage.get('cases/1/letter.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('streams large bodies in and hashes them on the way', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 8; i++) yield chunk;
      })(),
    );
    const put = await storage.put('big.bin', body, { contentType: 'application/octet-stream' });
    expect(put.size).toBe(8 * 1024 * 1024);
    expect(put.sha256).toBe(sha(Buffer.concat(Array(8).fill(chunk))));
  });

  it('never exposes a partial object when a write fails half way, and keeps the previous version', async () => {
    await storage.put('doc.txt', Buffer.from('version 1'), { contentType: 'text/plain' });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial data'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('doc.txt', failing, { contentType: 'text/plain' })).rejects.toThrow(
      'client went away',
    );
    expect(await text((await storage.get('doc.txt')).stream)).toBe('version 1');
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
  });

  it('refuses keys that could escape the root or collide with metadata', async () => {
    for (const key of ['../x', 'a/../../x', '/abs', '', 'a//b', 'x.meta.json', '.hidden', 'a b']) {
      await expect(
        storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }),
        key,
      ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('purges leftovers of interrupted writes older than the cut-off only', async () => {
    await mkdir(join(root, '.tmp'), { recursive: true });
    writeFileSync(join(root, '.tmp', 'old'), 'x');
    writeFileSync(join(root, '.tmp', 'new'), 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(join(root, '.tmp', 'old'), twoDaysAgo, twoDaysAgo);
    expect(await storage.purgeIncomplete(new Date(Date.now() - 86_400_000))).toBe(1);
    expect(readdirSync(join(root, '.tmp'))).toEqual(['new']);
  });
});
