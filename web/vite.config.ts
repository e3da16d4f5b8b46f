import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Storefront islands. The API serves `web/dist` at `/static/` and reads
 * `dist/.vite/manifest.json` (entry key `src/main.tsx`) to write the script and stylesheet tags.
 *
 * The islands are written against React's API and run on Preact's compatibility layer
 * (`preact/compat`, about 10 KB gzipped against react-dom's 64 KB): a product page's JavaScript
 * must stay under 60 KB gzipped (issue 13), which react-dom alone would pass. The owner app
 * (`vite.owner.config.ts`) and the component tests run React itself; the browser specs run this build.
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
export default defineConfig({
  base: '/static/',
  plugins: [react()],
  resolve: {
    alias: [
      // Pure rules shared with the server; import specific files, e.g. '@storefront/domain/cart/cart-pill'.
      { find: '@storefront/domain', replacement: fileURLToPath(new URL('../domain/src', import.meta.url)) },
      ...PREACT_ALIASES,
    ],
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
