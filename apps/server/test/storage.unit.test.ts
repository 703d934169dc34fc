import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../src/providers/storage/local-disk.ts';
import { entryCount, notPrivate } from './private-modes.ts';

let root: string;
let storage: LocalDiskStorage;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dossier-storage-'));
  storage = new LocalDiskStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

/** What only the local disk does (the shared contract: storage-behaviour.unit.test.ts, disk and S3). */
describe('local-disk storage', () => {
  it('writes objects 0600 in directories 0700 whatever the process umask (issue 27 item 4)', async () => {
    const previous = process.umask(0);
    try {
      const files = join(root, 'files');
      const disk = new LocalDiskStorage(files);
      await disk.put('customers/1/blobs/a', Buffer.from('in memory'), { contentType: 'text/plain' });
      await disk.put('customers/1/blobs/b', Readable.from([Buffer.from('streamed')]), {
        contentType: 'text/plain',
      });
      // A finished transfer handed over by another area (the tus files), written world-readable there.
      const src = join(root, 'incoming.bin');
      writeFileSync(src, 'finished bytes', { mode: 0o666 });
      await disk.putFile('customers/2/blobs/c', src, {
        contentType: 'application/pdf',
        sha256: sha('finished bytes'),
        size: 14,
      });
      expect(entryCount(files)).toBeGreaterThanOrEqual(10);
      expect(notPrivate(files)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

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
