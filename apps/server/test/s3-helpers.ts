import S3rver from 's3rver';
import { S3Storage, type S3StorageOptions } from '../src/providers/storage/s3.ts';

/** An S3-compatible server on loopback (s3rver) with one bucket, for the storage and multi-process tests. */
export async function startS3rver(
  directory: string,
  bucket: string,
): Promise<{ server: S3rver; endpoint: string }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return { server, endpoint: `http://127.0.0.1:${port}` };
}

/** s3rver's fixed development credentials. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The S3 adapter pointed at an s3rver bucket (path-style, short timeouts). */
export function s3rverStorage(
  endpoint: string,
  bucket: string,
  over: Partial<S3StorageOptions> & { prefix: string },
): S3Storage {
  return new S3Storage({
    endpoint,
    region: 'us-east-1',
    bucket,
    forcePathStyle: true,
    ...S3RVER_KEYS,
    connectTimeoutMs: 2_000,
    requestTimeoutMs: 10_000,
    ...over,
  });
}
