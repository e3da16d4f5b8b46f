import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts `script` (with `args`) as its own Node process and resolves with its URL once it prints
 * `listening on http://…`. BENCH_SERVER_NODE_ARGS passes extra flags to the server process, e.g.
 * '--cpu-prof' to profile it.
 */
export async function startServerProcess(script: string, args: string[], env: Record<string, string>, cwd: string): Promise<{ url: string; child: ChildProcess }> {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd,
    env: { ...process.env, NODE_OPTIONS: '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolveUrl(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  return { url, child };
}

/** SIGTERM, then SIGKILL if it has not exited within 5 s. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
