import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_SERVER_ENTRY, REPO_ROOT } from '../../test/built-app';

/** Runs the built server with `env` until it exits; its exit code and what it printed. */
function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _shared, ...inherited } = process.env;
  const child = spawn(process.execPath, [BUILT_SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...inherited, NODE_OPTIONS: '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('the built server with a bad setting', () => {
  it('exits non-zero before opening anything, naming every bad variable, what it got and what it accepts', async () => {
    const dataDir = join(tmpdir(), `config-process-${process.pid}-${Date.now()}`);
    const { code, stdout, stderr } = await run({ DATA_DIR: dataDir, CART_RATE_LIMIT_BURST: 'abc', ROLE: 'web' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'Storefront failed to start: Invalid configuration (2 settings):\n' +
        '  ROLE must be one of all, api, worker, got "web"\n' +
        '  CART_RATE_LIMIT_BURST must be an integer, 0 or more, got "abc"\n',
    );
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('one bad value: one line', async () => {
    const { code, stderr } = await run({ DATA_DIR: join(tmpdir(), 'never-opened'), PORT: '99999' });
    expect(code).toBe(1);
    expect(stderr).toBe('Storefront failed to start: Invalid configuration: PORT must be an integer from 0 to 65535, got "99999"\n');
  }, 60_000);
});
