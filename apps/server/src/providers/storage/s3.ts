import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat as fsStat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertValidKey,
  InvalidStorageKeyError,
  type PutBody,
  type PutFileOptions,
  type PutOptions,
  type SignedUrlOptions,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage.ts';

/** Where the objects live and how to reach the store (config.ts `storage.s3`). */
export interface S3StorageOptions {
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://oss-cn-hangzhou.aliyuncs.com, http://127.0.0.1:9000 */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Path-style addressing (MinIO, s3rver, most self-hosted stores); virtual-hosted otherwise. */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key (several deployments in one bucket), e.g. "dossier/"; may be empty. */
  prefix: string;
  /** Connection and per-request limits: a stalled store fails the call instead of hanging it. */
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  /** Bodies above this go up as a multipart upload in parts of this size (default 8 MiB; S3's minimum is 5). */
  partSize?: number;
}

/** Interrupted writes live here until `purgeIncomplete` (like local-disk's `.tmp`). */
const TMP = '.tmp/';
const SHA_META = 'sha256';

/**
 * An S3-compatible object store (AWS S3, Aliyun OSS, Cloudflare R2, MinIO) with the contract of
 * storage.ts. Atomicity comes from the store: an object appears only when its PutObject or multipart upload
 * completes. A streamed body whose digest is unknown until its end goes to `.tmp/<uuid>` first and is then
 * copied in place with its sha256 as metadata (a server-side copy), so readers never see a partial object or
 * one without its digest. Every call has the client's connection and request timeouts.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly opts: S3StorageOptions) {
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible stores refuse the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // requestTimeout: until the response starts (only a warning unless throwOnRequestTimeout);
      // socketTimeout: a transfer whose socket stays silent that long fails.
      requestHandler: {
        connectionTimeout: opts.connectTimeoutMs,
        requestTimeout: opts.requestTimeoutMs,
        socketTimeout: opts.requestTimeoutMs,
        throwOnRequestTimeout: true,
      },
      maxAttempts: 3,
    });
  }

  private name(key: string): string {
    assertValidKey(key);
    return this.opts.prefix + key;
  }

  private async upload(name: string, body: Readable | Buffer, contentType: string, sha256?: string) {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.opts.bucket,
        Key: name,
        Body: body,
        ContentType: contentType,
        ...(sha256 ? { Metadata: { [SHA_META]: sha256 } } : {}),
      },
      partSize: this.opts.partSize ?? 8 * 1024 * 1024,
      queueSize: 2,
      // A failed multipart upload is aborted, so no parts are left behind (purgeIncomplete catches crashes).
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async put(key: string, body: PutBody, opts: PutOptions): Promise<StoredObject> {
    const name = this.name(key);
    if (Array.isArray(body)) {
      // Chunks in memory: hashed first, then streamed up as they are (no joined copy).
      const hash = createHash('sha256');
      for (const c of body) hash.update(c);
      await this.upload(
        name,
        Readable.from(body.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))),
        opts.contentType,
        hash.digest('hex'),
      );
      return this.statOrThrow(key);
    }
    if (!(body instanceof Readable)) {
      const bytes = Buffer.from(body);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await this.upload(name, bytes, opts.contentType, sha256);
      return this.statOrThrow(key);
    }
    const hash = createHash('sha256');
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        cb(null, chunk);
      },
    });
    const tmp = `${this.opts.prefix}${TMP}${randomUUID()}`;
    // A failing source fails the upload (pipe alone would leave the counter waiting for more).
    body.on('error', (e) => counter.destroy(e));
    try {
      await this.upload(tmp, body.pipe(counter), opts.contentType);
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.opts.bucket,
          Key: name,
          CopySource: `${this.opts.bucket}/${encodeURI(tmp)}`,
          MetadataDirective: 'REPLACE',
          ContentType: opts.contentType,
          Metadata: { [SHA_META]: hash.digest('hex') },
        }),
      );
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: tmp })).catch(() => {});
    }
    return this.statOrThrow(key);
  }

  async putFile(key: string, path: string, opts: PutFileOptions): Promise<StoredObject> {
    const name = this.name(key);
    const size = (await fsStat(path)).size;
    if (size !== opts.size) throw new Error(`putFile ${key}: ${path} holds ${size} bytes, not ${opts.size}`);
    await this.upload(name, createReadStream(path), opts.contentType, opts.sha256);
    return this.statOrThrow(key);
  }

  private async statOrThrow(key: string): Promise<StoredObject> {
    const object = await this.stat(key);
    if (!object) throw new StorageNotFoundError(key);
    return object;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.name(key) }),
      );
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
        sha256: head.Metadata?.[SHA_META] ?? '',
        updatedAt: head.LastModified ?? new Date(0),
      };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async get(key: string): Promise<{ object: StoredObject; stream: Readable }> {
    try {
      const got = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.name(key) }),
      );
      const object: StoredObject = {
        key,
        size: got.ContentLength ?? 0,
        contentType: got.ContentType ?? 'application/octet-stream',
        sha256: got.Metadata?.[SHA_META] ?? '',
        updatedAt: got.LastModified ?? new Date(0),
      };
      return { object, stream: got.Body as Readable };
    } catch (e) {
      if (isNotFound(e)) throw new StorageNotFoundError(key);
      throw e;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const { stream } = await this.get(key);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    } catch (e) {
      if (e instanceof StorageNotFoundError) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<boolean> {
    const existed = (await this.stat(key)) !== null;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.name(key) }));
    return existed;
  }

  /** Every object name under a prefix, page by page (1,000 per page). */
  private async *list(prefix: string): AsyncGenerator<{ Key: string; LastModified?: Date }[]> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      yield (page.Contents ?? []).filter((o): o is { Key: string; LastModified?: Date } => Boolean(o.Key));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async deleteNames(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.opts.bucket,
        Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (!prefix.endsWith('/')) throw new InvalidStorageKeyError(prefix);
    assertValidKey(prefix.slice(0, -1));
    let count = 0;
    for await (const page of this.list(this.opts.prefix + prefix)) {
      await this.deleteNames(page.map((o) => o.Key));
      count += page.length;
    }
    return count;
  }

  async purgeIncomplete(before: Date): Promise<number> {
    let removed = 0;
    for await (const page of this.list(this.opts.prefix + TMP)) {
      const old = page.filter((o) => (o.LastModified ?? new Date(0)) < before).map((o) => o.Key);
      await this.deleteNames(old);
      removed += old.length;
    }
    // Multipart uploads a crashed process never completed nor aborted. Some S3-compatible stores cannot list
    // them (501): their bucket lifecycle rule (AbortIncompleteMultipartUpload, see the README) cleans up instead.
    const uploads = await this.client
      .send(new ListMultipartUploadsCommand({ Bucket: this.opts.bucket, Prefix: this.opts.prefix }))
      .catch((e: unknown) => {
        if (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 501) return { Uploads: [] };
        throw e;
      });
    for (const u of uploads.Uploads ?? []) {
      if (!u.Key || !u.UploadId || (u.Initiated ?? new Date()) >= before) continue;
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.opts.bucket, Key: u.Key, UploadId: u.UploadId }),
      );
      removed++;
    }
    return removed;
  }

  /** A link the browser downloads the object from directly, valid for `expiresIn` seconds. */
  async signedUrl(key: string, opts: SignedUrlOptions): Promise<string> {
    const disposition = `${opts.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(opts.filename)}`;
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.name(key),
        ResponseContentDisposition: disposition,
        ...(opts.contentType ? { ResponseContentType: opts.contentType } : {}),
      }),
      { expiresIn: opts.expiresIn },
    );
  }

  /** Closes the client's sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(e: unknown): boolean {
  if (e instanceof S3ServiceException) {
    return e.$metadata.httpStatusCode === 404 || e.name === 'NoSuchKey' || e.name === 'NotFound';
  }
  return false;
}
