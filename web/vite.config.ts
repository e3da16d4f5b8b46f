import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Storefront islands. The API serves `web/dist` at `/static/` and reads
 * `dist/.vite/manifest.json` (entry key `src/main.tsx`) to write the script and stylesheet tags.
 */
export default defineConfig({
  base: '/static/',
  plugins: [react()],
  resolve: {
    alias: {
      // Pure rules shared with the server; import specific files, e.g. '@storefront/domain/cart/cart-pill'.
      '@storefront/domain': fileURLToPath(new URL('../domain/src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    rollupOptions: { input: 'src/main.tsx' },
  },
});
