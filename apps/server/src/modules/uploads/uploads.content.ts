import { open } from 'node:fs/promises';
import { UPLOAD_KINDS, type UploadKind } from '@dossier/contract';
import { normaliseEvidence } from '../../pdf/normalise/index.ts';
import { sniff } from '../../pdf/normalise/sniff.ts';
import { bilingual } from './uploads.text.ts';

export interface Refusal {
  code: string;
  zh: string;
  en: string;
}

/** What a finished transfer's bytes are: an upload kind, or the refusal naming the file. */
export type ContentVerdict = { kind: UploadKind } | { refusal: Refusal };

export interface TransferFile {
  /** The transfer's data file and its size (all bytes arrived). */
  path: string;
  size: number;
  /** The name and the type the browser gave, for the refusal's message. */
  name: string;
  declaredType: string | null;
}

/** Bytes read from each end of a file to decide its type: enough for every magic number and a ZIP's directory. */
const SAMPLE_BYTES = 64 * 1024;
/**
 * The least memory behind a sample. The sniffer makes Buffers at fixed offsets into its input's ArrayBuffer (up
 * to byte 16) before it compares lengths, which throws (ERR_BUFFER_OUT_OF_BOUNDS) when the memory behind the
 * input is shorter: a file of 1 to 15 bytes answered 500. The sample keeps the file's length; only the memory
 * behind it is at least this long (decision 0048).
 */
const SAMPLE_ROOM = 4096;

const isUploadKind = (k: string): k is UploadKind => (UPLOAD_KINDS as readonly string[]).includes(k);

/**
 * Decides a finished transfer's type from its content (never its name): a PDF or a supported image, else the
 * normaliser's own refusal. Total: content the sniffer or the normaliser cannot take without throwing is refused
 * as an unsupported type (and logged), never a 500.
 */
export async function judgeContent(
  file: TransferFile,
  log: { warn(obj: object, msg: string): void },
): Promise<ContentVerdict> {
  const sample = await headAndTail(file.path, file.size);
  try {
    // An empty file is refused by the normaliser's own first check.
    const kind = file.size === 0 ? 'unknown' : sniff(sample);
    if (isUploadKind(kind)) return { kind };
    return { refusal: await refusalOf(sample, file.name, file.declaredType) };
  } catch (err) {
    log.warn({ err, size: file.size }, 'upload content could not be sniffed: refused as unsupported');
    return { refusal: unsupported(file.name) };
  }
}

/** The first and last SAMPLE_BYTES of a file (the whole file when it is small), without reading the middle. */
export async function headAndTail(path: string, size: number): Promise<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    if (size <= 2 * SAMPLE_BYTES) {
      const all = Buffer.alloc(Math.max(size, SAMPLE_ROOM));
      await fh.read(all, 0, size, 0);
      return all.subarray(0, size);
    }
    const out = Buffer.alloc(2 * SAMPLE_BYTES);
    await fh.read(out, 0, SAMPLE_BYTES, 0);
    await fh.read(out, SAMPLE_BYTES, SAMPLE_BYTES, size - SAMPLE_BYTES);
    return out;
  } finally {
    await fh.close();
  }
}

const unsupported = (name: string): Refusal => ({
  code: 'unsupported_type',
  ...bilingual('uploads:refused.unsupported', { name }),
});

/**
 * The normaliser's own refusal for content it does not take (an office document: "export it as PDF"; anything
 * else: the supported types), so the message is the same one the job would give.
 */
async function refusalOf(
  sample: Uint8Array,
  filename: string,
  declaredType: string | null,
): Promise<Refusal> {
  const r = await normaliseEvidence({
    bytes: sample,
    filename,
    ...(declaredType ? { declaredType } : {}),
  });
  if (!r.ok) return { code: r.code, zh: r.message.zh, en: r.message.en };
  // Unreachable: the same sniffing refused the content. Kept total rather than trusting that.
  return unsupported(filename);
}
