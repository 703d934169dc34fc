import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  chmod,
  type FileHandle,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  InvalidStorageKeyError,
  type PutBody,
  type PutFileOptions,
  type PutOptions,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage.ts';

const TMP_DIR = '.tmp';
/**
 * Customers' files are readable by the server's user alone, whatever the umask (issue 27 item 4): directories
 * 0700, files 0600, given at creation (and to a file handed over by putFile).
 */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

interface Meta {
  contentType: string;
  sha256: string;
  size: number;
  updatedAt: string;
}

/**
 * Files under `root/<key>` with a sidecar `root/<key>.meta.json` (content type, sha256). Each write
 * goes to `root/.tmp/<uuid>`, is fsynced, then renamed into place: the data first, the sidecar last,
 * so an object is visible only once both are whole.
 */
/** Buffers per writev call (IOV_MAX is 1,024 on Linux). */
const WRITEV_MAX = 1024;

/** Writes every byte of `chunks` in order (writev may write fewer bytes than asked). */
async function writeAll(fh: FileHandle, chunks: Buffer[]): Promise<void> {
  let rest = chunks;
  while (rest.length) {
    const { bytesWritten } = await fh.writev(rest);
    let n = bytesWritten;
    while (rest.length && n >= rest[0]!.length) {
      n -= rest[0]!.length;
      rest = rest.slice(1);
    }
    if (n > 0) rest = [rest[0]!.subarray(n), ...rest.slice(1)];
  }
}

export class LocalDiskStorage implements Storage {
  /** The temporary directory, once made by this instance (made again if a write finds it gone). */
  private tmpMade: Promise<string> | null = null;

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertValidKey(key);
    return join(this.root, key);
  }

  /** Makes the directories a write needs (0700) and answers the one for its temporary files. */
  private async tmpDirFor(target: string): Promise<string> {
    const tmpDir = join(this.root, TMP_DIR);
    await mkdir(tmpDir, { recursive: true, mode: DIR_MODE });
    await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
    return tmpDir;
  }

  /** The temporary directory (0700), made once: bytes in memory go to disk after one call, not three. */
  private tmpDir(): Promise<string> {
    if (!this.tmpMade) {
      const tmpDir = join(this.root, TMP_DIR);
      const made = mkdir(tmpDir, { recursive: true, mode: DIR_MODE }).then(() => tmpDir);
      // A failed mkdir is tried again by the next write.
      made.catch(() => {
        if (this.tmpMade === made) this.tmpMade = null;
      });
      this.tmpMade = made;
    }
    return this.tmpMade;
  }

  /** Opens a new temporary file; a temporary directory removed since it was made is made again. */
  private async openTmp(): Promise<{ fh: FileHandle; path: string }> {
    for (let attempt = 0; ; attempt++) {
      const path = join(await this.tmpDir(), randomUUID());
      try {
        return { fh: await open(path, 'wx', FILE_MODE), path };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw e;
        this.tmpMade = null;
      }
    }
  }

  async put(key: string, body: PutBody, opts: PutOptions): Promise<StoredObject> {
    const target = this.path(key);
    const hash = createHash('sha256');
    let size = 0;
    let tmpData = '';
    try {
      if (body instanceof Readable) {
        tmpData = join(await this.tmpDirFor(target), randomUUID());
        const counter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            hash.update(chunk);
            size += chunk.length;
            cb(null, chunk);
          },
        });
        await pipeline(body, counter, createWriteStream(tmpData, { flags: 'wx', mode: FILE_MODE }));
        await fsyncFile(tmpData);
      } else {
        // Bytes in memory (a packet is ~40 MB): written as they are, no copy and no stream in between. The write
        // is handed to libuv's pool after one call (the file's open), so a caller may use this thread meanwhile
        // (the print file checks itself while it is written); the target's directory is made afterwards.
        const chunks = (Array.isArray(body) ? body : [body]).map((c) =>
          Buffer.from(c.buffer, c.byteOffset, c.byteLength),
        );
        const { fh, path } = await this.openTmp();
        tmpData = path;
        try {
          // Each batch is written on libuv's pool while this thread hashes it: the two overlap.
          for (let i = 0; i < chunks.length; i += WRITEV_MAX) {
            const batch = chunks.slice(i, i + WRITEV_MAX);
            const writing = writeAll(fh, batch);
            for (const c of batch) {
              hash.update(c);
              size += c.length;
            }
            await writing;
          }
          await fh.sync();
        } finally {
          await fh.close();
        }
        await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
      }
      const meta: Meta = {
        contentType: opts.contentType,
        sha256: hash.digest('hex'),
        size,
        updatedAt: new Date().toISOString(),
      };
      await writeFile(`${tmpData}.meta`, JSON.stringify(meta), { flag: 'wx', mode: FILE_MODE });
      await fsyncFile(`${tmpData}.meta`);
      await rename(tmpData, target);
      await rename(`${tmpData}.meta`, `${target}.meta.json`);
      return toObject(key, meta);
    } catch (e) {
      if (tmpData) {
        await rm(tmpData, { force: true });
        await rm(`${tmpData}.meta`, { force: true });
      }
      throw e;
    }
  }

  async putFile(key: string, path: string, opts: PutFileOptions): Promise<StoredObject> {
    const target = this.path(key);
    const tmpDir = await this.tmpDirFor(target);
    const size = (await stat(path)).size;
    if (size !== opts.size) throw new Error(`putFile ${key}: ${path} holds ${size} bytes, not ${opts.size}`);
    await fsyncFile(path);
    const tmpMeta = join(tmpDir, `${randomUUID()}.meta`);
    const meta: Meta = {
      contentType: opts.contentType,
      sha256: opts.sha256,
      size,
      updatedAt: new Date().toISOString(),
    };
    try {
      await writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx', mode: FILE_MODE });
      await fsyncFile(tmpMeta);
      // A hard link under .tmp, renamed into place: the object appears whole or not at all, with no copy.
      const tmpData = join(tmpDir, randomUUID());
      try {
        await link(path, tmpData);
      } catch (e) {
        // Another disk, or a file system without hard links: copy (atomically, through put).
        if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes((e as NodeJS.ErrnoException).code ?? ''))
          throw e;
        await rm(tmpMeta, { force: true });
        return this.put(key, createReadStream(path), opts);
      }
      // The same file as the caller's (a link): private from now on, whatever mode its area gave it.
      await chmod(tmpData, FILE_MODE);
      await rename(tmpData, target);
      await rename(tmpMeta, `${target}.meta.json`);
      return toObject(key, meta);
    } catch (e) {
      await rm(tmpMeta, { force: true });
      throw e;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const target = this.path(key);
    try {
      const meta = JSON.parse(await readFile(`${target}.meta.json`, 'utf8')) as Meta;
      await stat(target);
      return toObject(key, meta);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async get(key: string): Promise<{ object: StoredObject; stream: Readable }> {
    const object = await this.stat(key);
    if (!object) throw new StorageNotFoundError(key);
    return { object, stream: createReadStream(this.path(key)) };
  }

  async read(key: string): Promise<Buffer | null> {
    const target = this.path(key);
    try {
      // The sidecar says the object exists (it is written last and removed first); then the data in one read.
      await stat(`${target}.meta.json`);
      return await readFile(target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<boolean> {
    const target = this.path(key);
    const existed = (await this.stat(key)) !== null;
    // Sidecar first: the object disappears for readers before its data does.
    await rm(`${target}.meta.json`, { force: true });
    await rm(target, { force: true });
    return existed;
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (!prefix.endsWith('/')) throw new InvalidStorageKeyError(prefix);
    const dir = this.path(prefix.slice(0, -1));
    let entries: string[];
    try {
      entries = (await readdir(dir, { recursive: true })) as string[];
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
    const objects = entries.filter((n) => n.endsWith('.meta.json')).length;
    await rm(dir, { recursive: true, force: true });
    return objects;
  }

  async purgeIncomplete(before: Date): Promise<number> {
    const tmpDir = join(this.root, TMP_DIR);
    let names: string[];
    try {
      names = await readdir(tmpDir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
    let removed = 0;
    for (const name of names) {
      const p = join(tmpDir, name);
      const s = await stat(p).catch(() => null);
      if (s && s.mtime < before) {
        await rm(p, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }
}

function toObject(key: string, meta: Meta): StoredObject {
  return {
    key,
    size: meta.size,
    contentType: meta.contentType,
    sha256: meta.sha256,
    updatedAt: new Date(meta.updatedAt),
  };
}

/** Flushes a file's data to the disk (what makes a write survive a power cut). */
export async function fsyncFile(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
