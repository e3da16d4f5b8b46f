// ESLint for the whole repository (npm run lint). Layer and context boundaries are checked by
// dependency-cruiser (.dependency-cruiser.cjs), types by tsc (npm run typecheck).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', '**/coverage/', '**/.data/', '**/test-artifacts/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding kept for its position or to leave a property out of a rest.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.cjs', 'jest.config.js', 'jest.browser.config.js', 'jest.unit.config.js', 'scripts/jest-summary-reporter.js', 'eventstore/testing/swc-register.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.spec.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
]);
