import { spawn } from 'node:child_process';

/** How a bounded child process ended. */
export type RunOutcome =
  | { kind: 'ok'; stdout: string }
  /** Exited non-zero or by a signal we did not send (its stderr's start, for the log). */
  | { kind: 'failed'; code: number | null; stderr: string }
  /** Past its time limit: killed. */
  | { kind: 'timeout' }
  /** The binary is not there (or not executable): the feature is unavailable, not broken. */
  | { kind: 'missing' };

export interface RunOptions {
  timeoutMs: number;
  cwd: string;
  /** Bytes of stdout kept; past it the process is killed (a runaway output is not a page's text). */
  maxStdoutBytes: number;
}

/**
 * One external program (pdftoppm, tesseract) run without a shell — the arguments go to the program as given,
 * so no file name or setting is ever parsed by a shell — with a hard time limit (SIGKILL: a stuck OCR cannot
 * hold the worker) and bounded output. The environment is reduced to what these programs read: PATH to find
 * them, one OpenMP thread (Tesseract would otherwise take every core of a machine shared with the API), and
 * TESSDATA_PREFIX when the deployment set one.
 */
export function runBounded(bin: string, args: readonly string[], opts: RunOptions): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      OMP_THREAD_LIMIT: '1',
      LC_ALL: 'C.UTF-8',
    };
    if (process.env.TESSDATA_PREFIX) env.TESSDATA_PREFIX = process.env.TESSDATA_PREFIX;
    let settled = false;
    let timedOut = false;
    let overflow = false;
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    const done = (r: RunOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(bin, [...args], { cwd: opts.cwd, env, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch {
      // spawn throws synchronously for some invalid paths (e.g. a NUL byte): the same as not installed.
      resolve({ kind: 'missing' });
      return;
    }
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (overflow) return;
      outBytes += chunk.length;
      if (outBytes > opts.maxStdoutBytes) {
        overflow = true;
        child.kill('SIGKILL');
        return;
      }
      out.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (err.length < 2000) err += chunk.toString('utf8');
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'EACCES') done({ kind: 'missing' });
      else done({ kind: 'failed', code: null, stderr: String(e.message) });
    });
    child.on('close', (code) => {
      if (timedOut) done({ kind: 'timeout' });
      else if (code === 0 && !overflow) done({ kind: 'ok', stdout: Buffer.concat(out).toString('utf8') });
      else done({ kind: 'failed', code, stderr: overflow ? 'output too large' : err.slice(0, 500) });
    });
  });
}
