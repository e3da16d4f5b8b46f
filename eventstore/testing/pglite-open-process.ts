/**
 * Child process for pglite-data-dir-lock.int.spec.ts (started with `node -r ./swc-register.js`):
 * opens a PGliteDatabase on DATA_DIR as the app does, prints "ready" and keeps it open until
 * SIGTERM (closes, exits 0). If the open fails it prints the error and exits 1, as the app does.
 */
import { openDatabase } from '../src/open-database';

async function main(): Promise<void> {
  const db = await openDatabase({ dataDir: process.env.DATA_DIR });
  await db.query('SELECT 1');
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    void db.close().then(() => process.exit(0));
  });
  setInterval(() => undefined, 60_000); // stay up
}

main().catch((err) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
