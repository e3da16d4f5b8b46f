import type { Page } from 'playwright-core';
import type { RunningServer } from '../built-app';

/** The owner account every built test server is started with (built-app.ts). */
export const BUILT_OWNER = { email: 'owner@example.com', password: 'browser-test-password' };

/**
 * Signs `page` in through the sign-in page as an owner (by default the built server's) and
 * waits for the owner app to show its panel.
 */
export async function signInOwner(page: Page, server: RunningServer, owner = BUILT_OWNER): Promise<void> {
  await page.goto(`${server.url}/config/login`);
  await page.fill('#email', owner.email);
  await page.fill('#password', owner.password);
  await page.click('button[type=submit]');
  await page.waitForURL(`${server.url}/config`);
  // Attached, not visible: on a phone the panel is folded behind the Menu button.
  await page.locator('#ow-panel').waitFor({ state: 'attached' });
}
