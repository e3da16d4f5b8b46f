import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The owner app (/config): a build of its own, so published pages never load a byte of it and the
 * islands bundle stays as it is. Served at `/static/owner/`; the API reads
 * `dist/owner/.vite/manifest.json` (entry key `src/owner/main.tsx`). Built after the islands,
 * whose build empties `dist/`.
 */
export default defineConfig({
  base: '/static/owner/',
  // web/public (the islands' static files) belongs to the islands' build only.
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: {
      '@storefront/domain': fileURLToPath(new URL('../domain/src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist/owner',
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    rolldownOptions: {
      input: 'src/owner/main.tsx',
      output: {
        // The libraries every screen needs, each in a chunk of its own beside the app's code: no chunk
        // passes Vite's 500 kB warning, and a change to the app alone leaves their files (and the
        // browser's cached copies) as they were. The page still loads them all at once (the entry's
        // budget in scripts/bundle-budget.mjs counts them); lazy screens keep their own chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            { name: 'state', test: /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|redux|react-redux|redux-thunk|immer|reselect|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
});
