/**
 * Rewrites a damaged (or oddly encrypted) PDF with qpdf compiled to WASM (@neslinesli93/qpdf-wasm),
 * which reconstructs a broken xref table and decrypts owner-password-only files. One module instance
 * per process; each call works on its own file names in the in-memory FS and removes them after.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import createQpdf from '@neslinesli93/qpdf-wasm';

interface QpdfFs {
  writeFile(path: string, data: Uint8Array): void;
  readFile(path: string): Uint8Array;
  unlink(path: string): void;
}
interface Qpdf {
  callMain(args: string[]): number;
  FS: QpdfFs;
}

let instance: Promise<Qpdf> | undefined;
let seq = 0;
/** Where qpdf's stdout/stderr go while a call runs (null: to the console, as before). */
let capture: string[] | null = null;

function qpdf(): Promise<Qpdf> {
  if (!instance) {
    const wasm = join(
      dirname(createRequire(import.meta.url).resolve('@neslinesli93/qpdf-wasm')),
      'qpdf.wasm',
    );
    const factory = createQpdf as unknown as (opts: Record<string, unknown>) => Promise<Qpdf>;
    // This build ignores Module.print/printErr and binds console.log/error when the factory runs, so
    // bind it to forwarders that collect qpdf's messages during our calls instead of printing them.
    const { log, error } = console;
    console.log = (...a: unknown[]) => (capture ? capture.push(a.join(' ')) : log(...a));
    console.error = (...a: unknown[]) => (capture ? capture.push(a.join(' ')) : error(...a));
    try {
      instance = factory({ locateFile: () => wasm, noInitialRun: true });
    } finally {
      console.log = log;
      console.error = error;
    }
    instance.catch(() => {
      instance = undefined;
    });
  }
  return instance;
}

export interface RepairResult {
  /** The rewritten file, or null when qpdf could not produce one. */
  bytes: Uint8Array | null;
  /** qpdf's exit status: 0 clean, 3 repaired with warnings, 2 failed. */
  status: number;
  /** qpdf asked for a password it was not given. */
  needsPassword: boolean;
  messages: string[];
}

export async function qpdfRewrite(input: Uint8Array): Promise<RepairResult> {
  const q = await qpdf();
  const id = ++seq;
  const src = `/in-${id}.pdf`;
  const dst = `/out-${id}.pdf`;
  const log: string[] = [];
  let status: number;
  q.FS.writeFile(src, input);
  capture = log;
  try {
    status = q.callMain(['--decrypt', '--object-streams=preserve', src, dst]);
  } catch (err) {
    // Emscripten reports exit() as an ExitStatus exception carrying the status.
    const s = (err as { status?: number }).status;
    status = typeof s === 'number' ? s : 2;
  } finally {
    capture = null;
  }
  const messages = log.slice(0, 20);
  let bytes: Uint8Array | null = null;
  try {
    if (status !== 2) bytes = q.FS.readFile(dst).slice();
  } catch {
    bytes = null;
  } finally {
    for (const p of [src, dst]) {
      try {
        q.FS.unlink(p);
      } catch {
        // not created
      }
    }
  }
  const needsPassword = messages.some((m) => /invalid password/i.test(m));
  return { bytes, status, needsPassword, messages };
}
