import { createHash, type Hash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type http from 'node:http';
import { join } from 'node:path';
import { pipeline, type Readable, Transform } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { AppContext } from '../../context.ts';

/** Transfers hashed while they stream, at most this many remembered (a forgotten one is hashed from its file). */
const RUNNING_HASHES_MAX = 1000;

/**
 * The tus FileStore, hashing the bytes as they are written when a transfer is received in order (from offset 0,
 * each PATCH continuing where the last one ended), so a finished upload needs no second read to be named by its
 * sha256. A transfer resumed on another node or after a restart has no running hash: it is hashed from its file.
 */
export class HashingFileStore extends FileStore {
  private readonly running = new Map<string, { hash: Hash; bytes: number }>();

  override async write(
    readable: http.IncomingMessage | Readable,
    id: string,
    offset: number,
  ): Promise<number> {
    const prior = this.running.get(id);
    this.running.delete(id);
    const state =
      offset === 0 ? { hash: createHash('sha256'), bytes: 0 } : prior?.bytes === offset ? prior : null;
    if (!state) return super.write(readable, id, offset);
    const tap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        state.hash.update(chunk);
        state.bytes += chunk.length;
        cb(null, chunk);
      },
    });
    // An error of the source reaches the store's own pipeline through the tap, as it would have directly.
    pipeline(readable, tap, () => undefined);
    const end = await super.write(tap, id, offset);
    if (state.bytes === end) {
      this.running.set(id, state);
      if (this.running.size > RUNNING_HASHES_MAX) this.running.delete(this.running.keys().next().value!);
    }
    return end;
  }

  /** The sha256 of a transfer received in order, when all `size` bytes went through this store; else undefined. */
  takeHash(id: string, size: number): string | undefined {
    const state = this.running.get(id);
    this.running.delete(id);
    return state?.bytes === size ? state.hash.digest('hex') : undefined;
  }

  /**
   * Forgets a transfer: its data file (unless it was moved into storage) and its info file. A transfer the tus
   * server never created (its creation was refused first) has neither: nothing to do.
   */
  async forget(id: string): Promise<void> {
    this.running.delete(id);
    await this.remove(id).catch(() => this.configstore.delete(id).catch(unlessMissing));
  }
}

const unlessMissing = (err: NodeJS.ErrnoException) => {
  if (err.code !== 'ENOENT') throw err;
};

/**
 * FileStore's constructor creates its directory with a callback that throws on failure: an uncaught exception
 * that takes the process down after start (or, in a test, once its data dir is removed). The method is private in
 * the typings, so it is replaced on our subclass's prototype; openTusArea creates the directory synchronously
 * instead, where a failure is an ordinary error.
 */
(HashingFileStore.prototype as unknown as { checkOrCreateDirectory(): void }).checkOrCreateDirectory = () =>
  undefined;

/**
 * Where transfers in progress live: a tus FileStore under DATA_DIR/uploads/tus (one data file and one `.json`
 * info file per transfer), outside the Storage area so that only finished, content-addressed blobs are there,
 * and on the same disk so a finished file moves into storage without a copy. Several API nodes need this
 * directory shared (or sticky routing per transfer); with S3, @tus/s3-store replaces it (decision 0016).
 */
export interface TusArea {
  store: HashingFileStore;
  directory: string;
  /** The data file of a transfer (read when it is finished: sniffing, hashing, moving to storage). */
  pathOf(key: string): string;
}

export function openTusArea(ctx: AppContext): TusArea {
  const directory = join(ctx.config.dataDir, 'uploads', 'tus');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  return { store: new HashingFileStore({ directory }), directory, pathOf: (key) => join(directory, key) };
}
