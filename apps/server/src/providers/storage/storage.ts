import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  sha256: string;
  updatedAt: Date;
}

export type PutBody = Buffer | Uint8Array | Uint8Array[] | Readable;

export interface PutOptions {
  contentType: string;
}

export interface PutFileOptions extends PutOptions {
  sha256: string;
  size: number;
}

export interface SignedUrlOptions {
  /** Seconds the link stays valid. */
  expiresIn: number;
  /** The name the browser saves the file under. */
  filename: string;
  /** Shown in the browser (a PDF viewer) instead of downloaded. */
  inline?: boolean;
  contentType?: string;
}

/**
 * Object storage. Embedded default: local disk (local-disk.ts). At scale: an S3-compatible adapter with
 * the same contract. Keys are relative paths of [A-Za-z0-9._-] segments separated by '/'.
 */
export interface Storage {
  /**
   * Writes atomically: readers see the old object or the whole new one, never a partial file. An array of byte
   * chunks is stored as their concatenation, without joining them in memory first (a print file is ~40 MB).
   */
  put(key: string, body: PutBody, opts: PutOptions): Promise<StoredObject>;
  /**
   * Stores the bytes of a finished local file that nobody writes any more: without a copy when the storage can
   * (a hard link on the same disk), otherwise copied. The caller still owns (and removes) its file. `sha256` and
   * `size` are what the caller measured while the bytes arrived (uploads hash as they stream). Atomic like put.
   */
  putFile(key: string, path: string, opts: PutFileOptions): Promise<StoredObject>;
  /** Streams an object; throws StorageNotFoundError when absent. */
  get(key: string): Promise<{ object: StoredObject; stream: Readable }>;
  /** An object's bytes in memory (one read, no stream), or null when absent: for callers that need it whole. */
  read(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<StoredObject | null>;
  /** True when something was deleted. */
  delete(key: string): Promise<boolean>;
  /** Deletes every object whose key starts with `prefix` (a folder, ending in '/'); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Removes leftovers of interrupted writes older than `before`; returns how many. */
  purgeIncomplete(before: Date): Promise<number>;
  /**
   * A time-limited link the browser fetches the object from directly, when the store can sign one (S3);
   * absent for the local disk, whose files the API streams itself.
   */
  signedUrl?(key: string, opts: SignedUrlOptions): Promise<string>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object at ${key}`);
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

export function assertValidKey(key: string): void {
  const parts = key.split('/');
  if (key.length > 1024 || parts.some((p) => !SEGMENT.test(p) || p.endsWith('.meta.json'))) {
    throw new InvalidStorageKeyError(key);
  }
}
