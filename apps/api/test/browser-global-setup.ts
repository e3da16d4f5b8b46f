/**
 * Global setup of the browser and process suites (jest.browser.config.js): the seeded demo
 * directory that their servers start from, made once before the first suite (see prepareSeededDemo),
 * its path handed to them in SEEDED_DEMO_ENV.
 */
import { prepareSeededDemo, SEEDED_DEMO_ENV } from './built-app';

export default async function browserGlobalSetup(): Promise<void> {
  const started = Date.now();
  const template = await prepareSeededDemo();
  // The suites run after this in processes that inherit it: none of them walks the builds again.
  process.env[SEEDED_DEMO_ENV] = template;
  process.stdout.write(`\nseeded demo directory ${template} ready in ${Math.round((Date.now() - started) / 1000)} s\n`);
}
