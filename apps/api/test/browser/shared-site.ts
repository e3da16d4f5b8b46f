/**
 * One built demo server and one Chromium for every suite of a spec file: the area files that group
 * small browser suites (each once a file of its own, paying for a server and a browser) call this
 * at their top level. The server starts in the file's first `beforeAll` and stops after its last
 * test. The suites share the server's data, never a browser context: each test still opens
 * contexts of its own (its cookies and storage), so a suite is grouped only with suites whose data
 * it leaves as they expect it (see each area file's header).
 */
import type { Browser } from 'playwright-core';
import { startBuiltServer, type RunningServer } from '../built-app';
import { launchChromium } from './chromium';

export type SharedSite = { readonly server: RunningServer; readonly browser: Browser };

/**
 * Registers the file's `beforeAll` (server started with `env`, which must be settings that leave
 * the seeded demo as it is: see RUNTIME_ONLY_SETTING in built-app.ts) and `afterAll`; the returned
 * object's `server` and `browser` are there from the first suite's hooks on.
 */
export function sharedBuiltSite(env: Record<string, string> = {}): SharedSite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Both at once; whichever started is stopped by afterAll even if the other failed.
    const [started, launched] = await Promise.allSettled([startBuiltServer(env), launchChromium()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the shared server is not started yet: read it in a hook or a test');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the shared browser is not launched yet: read it in a hook or a test');
      return browser;
    },
  };
}
