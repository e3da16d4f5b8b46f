/**
 * Bytes on the wire for the demo site's home and product pages, as Debian's Chromium loads them
 * (playwright-core, never a downloaded browser): every response's encoded size (headers and
 * compressed body), first with an empty cache and then on a reload with the cache of the first
 * visit (revalidated pages, immutable assets not fetched again).
 *
 *   node bench/dist/page-weight.js                       # starts the built server on a fresh PGlite
 *   node bench/dist/page-weight.js http://127.0.0.1:3000  # measures a server that is already running
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { printTable } from './bench-util';
import { startServerProcess, stopServerProcess } from './server-process';

const REPO_ROOT = resolve(__dirname, '../..');
const PAGES = [
  { page: 'home', path: '/' },
  { page: 'product', path: '/shop/p/stoneware-mug' },
];

type Weight = { requests: number; bytes: number; documentBytes: number };

async function startBuiltServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'page-weight-'));
  const { url, child } = await startServerProcess(resolve(REPO_ROOT, 'apps/api/dist/demo/main.js'), [], {
    DATA_DIR: dataDir, LOG_LEVEL: 'silent', OWNER_PASSWORD: 'page weight password',
  }, REPO_ROOT);
  return {
    url,
    stop: async () => {
      await stopServerProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function runPageWeight(baseUrl?: string) {
  const server = baseUrl ? { url: baseUrl, stop: async () => undefined } : await startBuiltServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const { page: name, path } of PAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      let weight: Weight = { requests: 0, bytes: 0, documentBytes: 0 };
      const types = new Map<string, string>();
      cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => types.set(e.requestId, e.type));
      cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
        weight.requests += 1;
        weight.bytes += e.encodedDataLength;
        if (types.get(e.requestId) === 'Document') weight.documentBytes += e.encodedDataLength;
      });
      const visit = async (load: () => Promise<unknown>): Promise<Weight> => {
        weight = { requests: 0, bytes: 0, documentBytes: 0 };
        await load();
        await page.waitForLoadState('networkidle');
        return weight;
      };
      const first = await visit(() => page.goto(`${server.url}${path}`));
      const again = await visit(() => page.goto(`${server.url}${path}`));
      rows.push({ page: name, path, visit: 'first', requests: first.requests, 'document bytes': first.documentBytes, 'total bytes': first.bytes });
      rows.push({ page: name, path, visit: 'again', requests: again.requests, 'document bytes': again.documentBytes, 'total bytes': again.bytes });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  printTable(rows);
  return rows;
}

if (require.main === module) {
  runPageWeight(process.argv[2]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
