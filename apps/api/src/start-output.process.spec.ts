import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_SERVER_ENTRY, REPO_ROOT } from '../test/built-app';

/** Runs the built server until it has listened and logged its start-up, and returns what it printed. */
async function startOutput(env: Record<string, string>): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'start-output-'));
  try {
    const child = spawn(process.execPath, [BUILT_SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: '', PORT: '0', DATA_DIR: dataDir, OWNER_EMAIL: 'owner@example.com', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; i < 600 && !output.includes('projections running in this process'); i++) await new Promise((r) => setTimeout(r, 100));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    return output.split('\n').filter(Boolean);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('npm start output', () => {
  it('prints the URL and the owner sign-in first, the generated password under them, and no route listing', async () => {
    const lines = await startOutput({});
    expect(lines[0]).toMatch(/^Storefront listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = lines[0]!.slice('Storefront listening on '.length);
    expect(lines[1]).toBe(`Owner sign-in: ${url}/config/login as owner@example.com`);
    expect(lines[2]).toMatch(/^Owner account created: owner@example\.com \/ \S{20,} \(shown once\)$/);
    // Start-up log lines come after, as JSON, and Nest's module and route listing not at all.
    for (const line of lines.slice(3)) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.join('\n')).not.toMatch(/Mapped \{|RoutesResolver|RouterExplorer|InstanceLoader/);
  }, 90_000);

  it('prints no password when OWNER_PASSWORD is set', async () => {
    const lines = await startOutput({ OWNER_PASSWORD: 'a long enough owner password' });
    expect(lines[1]).toMatch(/^Owner sign-in: .*\/config\/login as owner@example\.com$/);
    expect(lines.join('\n')).not.toContain('shown once');
  }, 90_000);
});
