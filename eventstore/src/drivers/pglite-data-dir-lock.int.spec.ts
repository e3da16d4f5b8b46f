import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGliteDatabase } from './pglite-database';

const LOCK_FILE = '.storefront.lock';
const testingDir = join(__dirname, '..', '..', 'testing');

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  if (!child.pid) throw new Error('no child pid');
  return child.pid;
}

const lockHolder = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number; hostname: string };

describe('PGlite data directory lock', () => {
  // One directory for all tests (PGlite initialises a new one in seconds); each test starts unlocked.
  let dir: string;
  const open: PGliteDatabase[] = [];
  const children: ChildProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-lock-'));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const db of open.splice(0)) await db.close();
    rmSync(join(dir, LOCK_FILE), { force: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const openDb = async (d = dir) => {
    const db = await PGliteDatabase.open(d);
    open.push(db);
    return db;
  };

  it('a second open of the same directory fails with a message naming the directory; close releases it', async () => {
    const first = await openDb();
    expect(lockHolder(dir)).toMatchObject({ pid: process.pid, hostname: hostname() });
    await expect(PGliteDatabase.open(dir)).rejects.toThrow(`Data directory ${dir} is already open in this process (pid ${process.pid})`);
    // Still usable, still locked.
    expect((await first.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);

    await first.close();
    open.splice(open.indexOf(first), 1);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openDb();
    expect((await again.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuses a directory locked by another live process, naming the directory and that pid', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(other);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: other.pid, hostname: hostname() }));
    await expect(PGliteDatabase.open(dir)).rejects.toThrow(
      `Data directory ${dir} is in use by another Storefront process (pid ${other.pid}). Stop it first, or set DATA_DIR to another directory.`,
    );
    expect(lockHolder(dir).pid).toBe(other.pid); // left alone
  });

  it('takes over a stale lock whose process is gone (kill -9 leaves one behind)', async () => {
    const pid = deadPid();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, hostname: hostname() }));
    const db = await openDb();
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(lockHolder(dir).pid).toBe(process.pid);
  });

  const linuxProc = existsSync('/proc/self/stat') ? it : it.skip;
  linuxProc('takes over a lock whose pid now belongs to a different process (pid reused: other start time)', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(other);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: other.pid, hostname: hostname(), startTime: '1' }));
    await openDb();
    expect(lockHolder(dir).pid).toBe(process.pid);
  });

  /** Opens the directory in a child process; resolves once it is open (or rejects with its output when it exits). */
  function openInChild(dataDir: string): { child: ChildProcess; ready: Promise<void>; exited: Promise<{ code: number | null; stderr: string }> } {
    const child = spawn(process.execPath, ['-r', join(testingDir, 'swc-register.js'), join(testingDir, 'pglite-open-process.ts')], {
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      void exited.then(({ code }) => reject(new Error(`child exited with ${code}: ${stderr}`)));
    });
    ready.catch(() => undefined);
    return { child, ready, exited };
  }

  it('two processes: the second refuses to start with the message; after kill -9 of the first a new one starts', async () => {
    const first = openInChild(dir);
    await first.ready;
    const second = openInChild(dir);
    const opened = second.ready.then(() => 'the second process opened the directory too');
    const { code, stderr } = await Promise.race([second.exited, opened.then((message) => ({ code: null, stderr: message }))]);
    expect(code).toBe(1);
    expect(stderr).toContain(`Data directory ${dir} is in use by another Storefront process (pid ${first.child.pid}). Stop it first, or set DATA_DIR to another directory.`);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = openInChild(dir);
    await third.ready;
    expect(lockHolder(dir).pid).toBe(third.child.pid);
  });
});
