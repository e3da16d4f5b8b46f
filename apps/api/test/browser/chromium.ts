/**
 * Browser-test helper: Debian's Chromium driven by playwright-core (never a downloaded browser).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export type Tab = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A page in a fresh context (its own cookies) at `width` × `height`, en-US, each step waiting at
 * most `timeout` ms; `errors` collects what the page logs as errors and its uncaught exceptions,
 * with the URL that logged them, for a spec to expect empty. Logged errors matching `expected`
 * (say, the failed-resource line Chromium logs for a 409 a spec provokes on purpose) are left out.
 */
export async function openTab(
  browser: Browser,
  { width = 1280, height = 800, baseURL, timeout = 30_000, expected }: { width?: number; height?: number; baseURL?: string; timeout?: number; expected?: RegExp } = {},
): Promise<Tab> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US', baseURL });
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !expected?.test(m.text())) errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return { context, page, errors };
}
