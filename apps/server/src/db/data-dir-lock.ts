import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt it. A lock file
 * beside the directory names the owner by pid AND by the start of that process (Linux: boot id + start time from
 * /proc), so a stale lock whose pid now belongs to an unrelated live process — common after a container restart,
 * where pids repeat — is taken over instead of blocking start-up. Several processes need PostgreSQL.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = `${dir.replace(/\/$/, '')}.lock`;
  // DATA_DIR is private (decision 0051): made 0700 if this creates it, the lock 0600 whatever the umask.
  mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 });
  const mine: LockOwner = { pid: process.pid, start: processStart(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      return () => rmSync(lockPath, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = readOwner(lockPath);
      if (owner && owner.pid !== process.pid && ownerRuns(owner)) {
        throw new Error(
          `The embedded database at ${dir} is in use by process ${owner.pid}. Stop it, or set DATABASE_URL to share PostgreSQL between processes.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

interface LockOwner {
  pid: number;
  /** Identity of the process's start; null where the system does not tell (then the pid alone decides). */
  start: string | null;
}

function readOwner(path: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
  // Locks written before the start id was recorded hold the bare pid.
  if (/^\d+$/.test(text)) return { pid: Number(text), start: null };
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    return typeof v.pid === 'number'
      ? { pid: v.pid, start: typeof v.start === 'string' ? v.start : null }
      : null;
  } catch {
    return null;
  }
}

function ownerRuns(owner: LockOwner): boolean {
  if (!isAlive(owner.pid)) return false;
  if (owner.start === null) return !isOtherProgram(owner.pid);
  const now = processStart(owner.pid);
  // Unknown now (no /proc): keep the safe answer, the pid is alive.
  return now === null || now === owner.start;
}

/** A lock without a start id (older format): a live pid that is not a Node.js process is not ours. */
function isOtherProgram(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return false;
  }
}

/** `<boot id>:<start time in clock ticks since boot>` on Linux; null elsewhere. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTicks ? `${boot}:${startTicks}` : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
