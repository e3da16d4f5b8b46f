import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * PGlite is one PostgreSQL in one process: two processes on one data directory each run their
 * own, unaware of the other, and overwrite each other's writes. So the PGlite driver takes this
 * lock, a file `<dataDir>/.storefront.lock` holding the owner's pid, host and process start time,
 * before it opens the directory, and removes it on close (or when the process exits).
 *
 * A lock is stale, and is taken over, when its process is gone (`kill -9`, a crash, a power
 * cut): no process with that pid, or one that started at another time (the pid was reused). This
 * is judged on this machine, in this pid namespace.
 */
export const LOCK_FILE = '.storefront.lock';

type LockRecord = { pid: number; hostname?: string; startTime?: string | null; token?: string };

/** The PGlite data directory is open in another process (or already in this one). */
export class DataDirectoryInUseError extends Error {
  readonly name = 'DataDirectoryInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      pid === process.pid
        ? `Data directory ${dataDir} is already open in this process (pid ${pid}). Close it first.`
        : `Data directory ${dataDir} is in use by another Storefront process (pid ${pid}). Stop it first, or set DATA_DIR to another directory. ` +
            `(If no such process is running, delete ${lockFile}.)`,
    );
  }
}

/** Tokens of the locks this process holds. */
const heldHere = new Set<string>();

/** Start time of a process in clock ticks since boot (Linux /proc), or null where unknown. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; fields are counted after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isHeld(record: LockRecord): boolean {
  if (record.pid === process.pid) return record.token !== undefined && heldHere.has(record.token);
  try {
    process.kill(record.pid, 0); // signal 0: only asks whether the process exists
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: gone. EPERM: exists, another user's
  }
  const startTime = record.startTime ? processStartTime(record.pid) : null;
  return startTime === null || startTime === record.startTime;
}

/** The lock file's text, or null if there is none. */
function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function parse(text: string): LockRecord | null {
  try {
    const record = JSON.parse(text) as LockRecord;
    return Number.isInteger(record?.pid) && record.pid > 0 ? record : null;
  } catch {
    return null;
  }
}

export type DataDirLock = {
  readonly dataDir: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
};

/**
 * Takes the lock of `dataDir` (which must exist) or throws DataDirectoryInUseError. The file
 * appears complete or not at all: it is written under a temporary name and hard-linked into place,
 * which fails if a lock file exists. A stale one is renamed away (then checked to be the stale one
 * and not a lock another process took meanwhile, which is put back) and the link is tried again.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  const path = join(dir, LOCK_FILE);
  const token = randomBytes(8).toString('hex');
  const text = `${JSON.stringify({ pid: process.pid, hostname: hostname(), startTime: processStartTime(process.pid), token })}\n`;
  const temp = `${path}.${token}.tmp`;
  writeFileSync(temp, text);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(temp, path);
        return holdLock(dir, path, token, text);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const existing = readText(path);
      if (existing === null) continue; // released meanwhile
      const record = parse(existing); // unreadable: not written by a live lock holder (see above), stale
      if (record && isHeld(record)) throw new DataDirectoryInUseError(dir, record.pid, path);
      const aside = `${path}.${token}.stale`;
      try {
        renameSync(path, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      if (readText(aside) !== existing) {
        // Another process replaced the stale lock between our read and the rename: give it back.
        try {
          linkSync(aside, path);
        } catch {
          // a third process holds it now; the next attempt reads that one
        }
      }
      unlinkSync(aside);
    }
    throw new Error(`Could not lock data directory ${dir}: its lock file ${path} keeps changing`);
  } finally {
    unlinkSync(temp);
  }
}

function holdLock(dataDir: string, path: string, token: string, text: string): DataDirLock {
  heldHere.add(token);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(token);
    process.removeListener('exit', release);
    try {
      if (readText(path) === text) unlinkSync(path);
    } catch {
      // already gone, or the directory was removed: nothing to release
    }
  };
  process.on('exit', release); // e.g. process.exit(1) after a failed start: no stale lock left behind
  return { dataDir, release };
}
