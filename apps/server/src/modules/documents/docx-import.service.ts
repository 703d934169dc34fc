import { availableParallelism } from 'node:os';
import {
  DOCX_IMPORT_MAX_BYTES,
  DOCX_NAME_MAX,
  DocumentErrorCode as E,
  type TDocumentImport,
} from '@dossier/contract';
import { AppError, errorOf } from '../../plugins/errors.ts';
import { runInThread, TIMED_OUT, threadEntry } from '../../run-in-thread.ts';
import { type DocxRefusal, inspectDocx, isRefusal } from './docx-zip.ts';
import type { DocxConversion } from './import-docx.ts';

/**
 * `POST …/documents/{kind}/import/` (issue 27 item 2, decision 0049). The zip's central directory is read here
 * (cheap: at most DOCX_IMPORT_LIMITS.maxParts records) and refuses bombs before anything is inflated; what passes
 * is inflated and converted in a thread of its own, bounded in time and heap, so the requests this thread serves
 * keep being answered; at most `THREADS` conversions run at once in a process. Every refusal names the file.
 */

export interface DocxThreadLimits {
  /** Wall-clock bound of one conversion; the thread is terminated past it. */
  timeoutMs: number;
  /** The thread's old-generation heap (Node's resourceLimits.maxOldGenerationSizeMb). */
  maxHeapMb: number;
}

/**
 * The 872-page handbook of the corpus (5 MB of document.xml) converts in ~3.5 s of CPU with a ~215 MB heap; a
 * conversion needing more than twice that heap or about seven times that time is refused (422 docx_too_complex).
 */
export const DOCX_THREAD_LIMITS: DocxThreadLimits = { timeoutMs: 25_000, maxHeapMb: 512 };

const ENTRY = threadEntry('docx-worker.mjs', import.meta.url);

/**
 * Conversions at once in one process (a core is left to the requests), and as many again may wait their turn:
 * one wait and one conversion stay within the web client's 60 s timeout. More than that answer 429.
 */
const THREADS = Math.min(4, Math.max(1, availableParallelism() - 1));
const WAITING = THREADS;

/** At most `running` holders at once; up to `waiting` more wait their turn in order; beyond that, none. */
export class Gate {
  private active = 0;
  private readonly queue: Array<() => void> = [];
  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  /** A release function once it is this caller's turn, or undefined when the queue is full. */
  async enter(): Promise<(() => void) | undefined> {
    if (this.active < this.running) this.active++;
    else if (this.queue.length >= this.waiting) return undefined;
    // The releasing holder hands its place over: `active` does not change.
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    };
  }
}

const gate = new Gate(THREADS, WAITING);
const MB = 1024 * 1024;

const refused = (r: DocxRefusal, name: string) =>
  new AppError(r.status, r.code, `errors:${r.code}`, { ...r.vars, name });
const tooComplex: DocxRefusal = { status: 422, code: E.importTooComplex, vars: {} };

/** The .docx → the contract's document and a report (nothing saved), or an AppError naming `name`. */
export async function importDocx(
  bytes: Buffer,
  opts: { name: string; limits?: Partial<DocxThreadLimits> },
): Promise<TDocumentImport> {
  const limits = { ...DOCX_THREAD_LIMITS, ...opts.limits };
  const parts = inspectDocx(bytes);
  if (isRefusal(parts)) throw refused(parts, opts.name);
  const release = await gate.enter();
  if (!release) throw errorOf(429, E.importBusy);
  try {
    // A copy the thread owns (the body may be a view into a shared pool).
    const copy = new Uint8Array(bytes);
    const outcome = await runInThread<DocxConversion>(ENTRY, {
      name: "the .docx import's thread",
      workerData: { bytes: copy, parts },
      transferList: [copy.buffer],
      timeoutMs: limits.timeoutMs,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    if (outcome === TIMED_OUT) throw refused(tooComplex, opts.name);
    if (!outcome.ok) throw refused(outcome.refusal, opts.name);
    return outcome.result;
  } catch (err) {
    if ((err as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw refused(tooComplex, opts.name);
    }
    throw err;
  } finally {
    release();
  }
}

/**
 * The name a refusal shows: the X-File-Name header decoded, without control or format characters (bidi overrides,
 * zero-width marks), cut to DOCX_NAME_MAX characters and quoted; `unnamed` (localised "the file") without one.
 */
export function docxName(header: unknown, unnamed: string): string {
  if (typeof header !== 'string') return unnamed;
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    name = header;
  }
  const clean = [...name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim()].slice(0, DOCX_NAME_MAX).join('');
  return clean ? `“${clean}”` : unnamed;
}

/** 413 docx_file_too_large for a body whose Content-Length is over DOCX_IMPORT_MAX_BYTES (before it is read). */
export const fileTooLarge = (name: string) =>
  new AppError(413, E.importFileTooLarge, `errors:${E.importFileTooLarge}`, {
    name,
    max_mb: DOCX_IMPORT_MAX_BYTES / MB,
  });
