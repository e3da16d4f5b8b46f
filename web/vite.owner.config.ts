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
    rollupOptions: { input: 'src/owner/main.tsx' },
  },
});
