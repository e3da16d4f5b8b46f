import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The tracker script (issue 16, docs/ANALYTICS.md 'Tracker'): a build of its own, one classic
 * script (IIFE) that every published page loads with `defer`, framework-free, at most 3 KB
 * gzipped (scripts/bundle-budget.mjs). Served at `/static/tracker/`; the API reads
 * `dist/tracker/.vite/manifest.json` (entry key `src/tracker/main.ts`). Built after the islands,
 * whose build empties `dist/`.
 */
export default defineConfig({
  base: '/static/tracker/',
  publicDir: false,
  resolve: {
    alias: { '@storefront/domain': fileURLToPath(new URL('../domain/src', import.meta.url)) },
  },
  build: {
    outDir: 'dist/tracker',
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    modulePreload: false,
    rollupOptions: { input: 'src/tracker/main.ts', output: { format: 'iife' } },
  },
});
