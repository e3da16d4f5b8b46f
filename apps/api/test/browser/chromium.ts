/**
 * Browser-test helper: Debian's Chromium driven by playwright-core (never a downloaded browser).
 */
import { chromium, type Browser } from 'playwright-core';


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
