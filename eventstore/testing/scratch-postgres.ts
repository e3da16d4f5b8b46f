/**
 * A PostgreSQL server of a test's own (its data directory, its port), which the test can stop,
 * start and restart: for fault tests that take the server away from a running app.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const POSTGRES_LIB = '/usr/lib/postgresql';
/** The newest /usr/lib/postgresql/<version>/bin holding initdb, if any. */
export function findPostgresBin(): string | undefined {
  if (!existsSync(POSTGRES_LIB)) return undefined;
  const versions = readdirSync(POSTGRES_LIB)
    .filter((v) => existsSync(join(POSTGRES_LIB, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(POSTGRES_LIB, versions[0], 'bin') : undefined;
}

const execFileAsync = promisify(execFile);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * initdb/pg_ctl refuse to run as root, so as root they run as the postgres user (runuser) in a
 * temporary directory it owns. Asynchronous, so the event loop sees the connections break.
 */
export class ScratchPostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(bin: string): Promise<ScratchPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-pg-'));
    const server = new ScratchPostgres(bin, dir, await freePort());
    if (process.getuid?.() === 0) {
      const { stdout } = await execFileAsync('id', ['-u', 'postgres']);
      const { stdout: gid } = await execFileAsync('id', ['-g', 'postgres']);
      chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    await server.run('initdb', ['-D', server.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    return server;
  }

  get dataDir() {
    return join(this.dir, 'data');
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** `fsync=off`: a crash of the server process keeps what it committed, only an OS crash would not. */
  start(settings: { maxConnections?: number } = {}) {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${settings.maxConnections ?? 30} -c shared_buffers=16MB`;
    return this.run('pg_ctl', ['-D', this.dataDir, '-l', join(this.dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
  }

  stop(mode: 'fast' | 'immediate') {
    return this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  async destroy() {
    await this.stop('immediate').catch(() => undefined); // not running any more is fine
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async run(tool: string, args: string[]) {
    const command = [join(this.bin, tool), ...args];
    const [file, ...rest] = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...command] : command;
    await execFileAsync(file as string, rest, { cwd: this.dir, timeout: 40_000 });
  }
}
