/**
 * Global setup of the browser and process suites (jest.browser.config.js): the seeded demo
 * directory that their servers start from, made once before the first suite (see prepareSeededDemo).
 */
import { prepareSeededDemo } from './built-app';

export default async function browserGlobalSetup(): Promise<void> {
  const started = Date.now();
  const template = await prepareSeededDemo();
  process.stdout.write(`\nseeded demo directory ${template} ready in ${Math.round((Date.now() - started) / 1000)} s\n`);
}
