/**
 * The owner's form builder in Chromium against the built demo server: an owner adds a required
 * field to the Contact page's form by keyboard, moves it, saves; the published page shows it and a
 * visitor's submission through it reaches the submissions screen, where the owner deletes it.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/forms
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, openTab, type Tab } from '../../../../../apps/api/test/browser/chromium';
import { signInOwner } from '../../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'forms');

describe('owner form builder (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    server = await startBuiltServer();
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const tab of tabs.splice(0)) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('builds a field into the Contact form, the published page takes answers through it, and the owner reads and deletes them', async () => {
    const ownerTab = await openTab(browser, { width: 1280, height: 900 });
    tabs.push(ownerTab);
    const page = ownerTab.page;
    await signInOwner(page, server);
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Forms', exact: true }).click();
    await page.getByRole('link', { name: 'Write to the studio', exact: true }).click();
    await page.getByRole('tab', { name: 'Build' }).waitFor();

    // Add a text field by keyboard, title it, make it required, and move it to the top.
    await page.getByLabel('Add a field').selectOption('text');
    await page.getByRole('button', { name: 'Add field' }).press('Enter');
    const added = page.locator('.form-builder__field', { has: page.locator('code', { hasText: /^text_1$/ }) });
    await added.getByLabel('Title').fill('Favourite glaze');
    await added.getByLabel('Required').check();
    const count = await page.locator('.form-builder__field').count();
    for (let i = 0; i < count - 1; i++) await added.getByLabel('Title').press('Alt+ArrowUp');
    await page.waitForFunction(() => document.querySelector('.form-builder__field code')?.textContent === 'text_1');
    expect(await added.getByLabel('Title').evaluate((e) => e === document.activeElement)).toBe(true);

    // The other tabs by arrow keys: the post-submit HTML on Advanced.
    await page.getByRole('tab', { name: 'Build' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Advanced', selected: true }).waitFor();
    await page.getByLabel('Post-submit HTML').fill('<p>Glaze noted. <em>Thanks!</em></p>');
    await page.screenshot({ path: join(ARTIFACTS, 'builder-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save form' }).first().click();
    await page.getByText('Form saved.').waitFor();

    // The published page: the new required field first; a visitor answers it.
    const visitorTab = await openTab(browser, { width: 390, height: 900 });
    tabs.push(visitorTab);
    const visitor = visitorTab.page;
    await visitor.goto(`${server.url}/contact`);
    const form = visitor.locator('form[data-island="form"]');
    await form.locator('.form-island__fields').waitFor({ state: 'attached' });
    expect(await form.locator('[data-field]').first().getAttribute('data-field')).toBe('text_1');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.locator('[data-field="text_1"]').getByText('Required').waitFor();
    await form.getByLabel('Favourite glaze').fill('Tenmoku');
    await form.locator('[data-field="name"]').getByLabel('First name').fill('Grace');
    await form.locator('[data-field="name"]').getByLabel('Last name').fill('Hopper');
    await form.locator('[data-field="email"] input').fill('grace@example.com');
    await form.locator('[data-field="topic"] select').selectOption('Something else');
    await form.locator('[data-field="message"] textarea').fill('Hello <b>studio</b>');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Glaze noted.').waitFor();

    // The owner's submissions screen shows it, as text; delete asks first.
    await page.getByRole('link', { name: 'Submissions' }).click();
    const entry = page.locator('.forms-submissions > li').first();
    await entry.getByText('Tenmoku').waitFor();
    expect(await entry.getByText('Hello <b>studio</b>').count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'submissions-1280.png'), fullPage: true });
    await entry.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No submissions yet.').waitFor();
  });
});
