import { join } from 'node:path';
import type { StorageConfig } from '../../config.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

/** The configured object store: DATA_DIR/files on the local disk (default) or an S3-compatible bucket. */
export function createStorage(config: StorageConfig, dataDir: string): Storage {
  return config.kind === 's3' ? new S3Storage(config.s3) : new LocalDiskStorage(join(dataDir, 'files'));
}
