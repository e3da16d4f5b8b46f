/**
 * Dependency boundaries of docs/ARCHITECTURE.md, checked by `npm run depcheck` (part of `npm run lint`
 * and of .ci/run). Every path is relative to the repository root. Type-only imports count: a boundary
 * holds for types too.
 */

// apps/api/src: shared layers (config ← infrastructure ← security) and contexts.
const API = '^apps/api/src/';
const SHARED = ['config', 'infrastructure', 'security'];
const CONTEXTS = ['accounts', 'media', 'catalog', 'cart', 'checkout', 'content', 'forms', 'rendering', 'theme', 'first-start', 'storefront', 'health', 'demo', 'mail', 'bot-check', 'restock', 'analytics', 'analytics-reports'];
const any = (names) => `(${names.join('|')})`;
/** Contexts that build on one another, highest first. */
const CHAIN = ['checkout', 'cart', 'catalog', 'media'];
const CONTEXT = `${API}${any(CONTEXTS)}/`;
/** A context's public surface: its index.ts. */
const PUBLIC_SURFACE = `${API}${any(CONTEXTS)}/index\\.ts$`;
/** The composition root: the files directly in apps/api/src. */
const COMPOSITION_ROOT = `${API}[^/]+\\.ts$`;

// Test code: spec files, test helpers in a `testing/` folder, and apps/api/test.
const SPEC = '\\.spec\\.tsx?$';
const TEST_HELPER = '(^|/)(test|testing)/';
const TEST_CODE = [SPEC, TEST_HELPER];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No module reaches itself again through its imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves (an unresolved @storefront/* import would escape every rule here).',
      from: {},
      to: { couldNotResolve: true },
    },

    // Package layers: domain ← eventstore ← projections ← apps/api, apps/cli, bench; web → domain only.
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      comment: 'domain/ is pure: it imports no other package of this repository.',
      from: { path: '^domain/' },
      to: { path: '^(eventstore|projections|apps|bench|web)/' },
    },
    {
      name: 'eventstore-imports-domain-only',
      severity: 'error',
      from: { path: '^eventstore/' },
      to: { path: '^(projections|apps|bench|web)/' },
    },
    {
      name: 'projections-import-domain-and-eventstore-only',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^(apps|bench|web)/' },
    },
    {
      name: 'web-imports-domain-only',
      severity: 'error',
      comment:
        'web/ talks to apps/api over HTTP and imports only pure rules from domain/. Its browser specs may ' +
        'start the built app with the helpers in apps/api/test.',
      from: { path: '^web/', pathNot: SPEC },
      to: { path: '^(eventstore|projections|apps|bench)/' },
    },
    {
      name: 'web-specs-reach-apps-only-through-test-helpers',
      severity: 'error',
      from: { path: `^web/.*${SPEC}` },
      to: { path: '^(eventstore|projections|apps|bench)/', pathNot: '^apps/api/test/' },
    },
    {
      name: 'islands-and-owner-app-apart',
      severity: 'error',
      comment:
        'The published pages\' islands (web/src outside owner/) and the owner app (web/src/owner) are two ' +
        'bundles: neither imports the other, so published pages never load a byte of the editor.',
      from: { path: '^web/src/(?!owner/)' },
      to: { path: '^web/src/owner/' },
    },
    {
      name: 'owner-app-apart-from-islands',
      severity: 'error',
      from: { path: '^web/src/owner/' },
      to: { path: '^web/src/(?!owner/)' },
    },
    {
      name: 'not-to-other-apps',
      severity: 'error',
      comment:
        'Nothing imports an app but bench (which measures apps/api); an app imports no other app, except ' +
        "the CLI reading its settings (DATABASE_URL, DATA_DIR) from the one settings list, apps/api/src/config/settings.ts.",
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^(apps|bench|web)/', pathNot: ['^apps/$1/', '^apps/api/src/config/settings\\.ts$'] },
    },
    {
      name: 'bench-imports-no-web-or-cli',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^(web|apps/cli)/' },
    },

    // Test code stays out of production code, and packages' public index files export no test helpers.
    {
      name: 'production-code-imports-no-test-code',
      severity: 'error',
      comment:
        'Code that ships (anything but a spec file or a test helper under test/ or testing/) imports no ' +
        'test helper: test helpers are imported by their own path (e.g. @storefront/eventstore/testing).',
      from: { pathNot: TEST_CODE },
      to: { path: TEST_HELPER },
    },

    // apps/api/src: layers (of the code that ships; spec files test through the whole app).
    {
      name: 'api-config-imports-nothing-else',
      severity: 'error',
      from: { path: `${API}config/`, pathNot: TEST_CODE },
      to: { path: API, pathNot: `${API}config/` },
    },
    {
      name: 'api-infrastructure-imports-config-only',
      severity: 'error',
      from: { path: `${API}infrastructure/`, pathNot: TEST_CODE },
      to: { path: API, pathNot: `${API}(config|infrastructure)/` },
    },
    {
      name: 'api-security-imports-config-and-infrastructure-only',
      severity: 'error',
      from: { path: `${API}security/`, pathNot: TEST_CODE },
      to: { path: API, pathNot: `${API}(config|infrastructure|security)/` },
    },
    {
      name: 'api-rendering-imports-no-context',
      severity: 'error',
      comment: 'rendering/ (template engine, formatters, conformance runner) knows no context.',
      from: { path: `${API}rendering/`, pathNot: TEST_CODE },
      to: { path: API, pathNot: `${API}(${SHARED.join('|')}|rendering)/` },
    },
    {
      name: 'api-theme-imports-rendering-only',
      severity: 'error',
      comment: 'theme/ (templates, stylesheet, view helpers) builds on rendering/ and the shared layers only.',
      from: { path: `${API}theme/`, pathNot: TEST_CODE },
      to: { path: API, pathNot: `${API}(${SHARED.join('|')}|rendering|theme)/` },
    },
    {
      name: 'api-contexts-import-no-storefront-demo-or-root',
      severity: 'error',
      comment:
        'storefront/ sits on top of the contexts, demo/ (with its own entry point, demo/main.ts) on top of ' +
        'everything, and the composition root (apps/api/src/*.ts) puts them together: no context imports them.',
      from: { path: CONTEXT, pathNot: [`${API}(storefront|demo)/`, ...TEST_CODE] },
      to: { path: `${API}(storefront/|demo/|[^/]+\\.ts$)` },
    },
    // The chain of contexts in docs/ARCHITECTURE.md: checkout → cart → catalog → media, never back up.
    ...CHAIN.slice(1).map((lower, i) => ({
      name: `api-${lower}-imports-no-context-above-it`,
      severity: 'error',
      from: { path: `${API}${lower}/`, pathNot: TEST_CODE },
      to: { path: `${API}${any(CHAIN.slice(0, i + 1))}/` },
    })),
    {
      name: 'api-only-seeding-and-root-import-first-start',
      severity: 'error',
      comment: 'first-start/ prepares a new database: only demo/, the composition root and tests use it.',
      from: { pathNot: [`${API}(first-start|demo)/`, COMPOSITION_ROOT, ...TEST_CODE] },
      to: { path: `${API}first-start/` },
    },
    {
      name: 'api-standalone-contexts-import-no-context',
      severity: 'error',
      comment: 'content/, accounts/, health/ and media/ (the bottom of the chain) build on the shared layers only.',
      from: { path: `${API}(content|accounts|health|media)/`, pathNot: TEST_CODE },
      to: { path: CONTEXT, pathNot: `${API}$1/` },
    },
    {
      name: 'api-storefront-imports-its-listed-contexts-only',
      severity: 'error',
      comment: 'The published site reads content, catalog, cart and checkout (order pages), and renders with theme and rendering.',
      from: { path: `${API}storefront/`, pathNot: TEST_CODE },
      to: { path: CONTEXT, pathNot: `${API}(storefront|content|catalog|cart|checkout|theme|rendering)/` },
    },
    {
      name: 'api-storefront-imports-no-demo-or-root',
      severity: 'error',
      from: { path: `${API}storefront/`, pathNot: TEST_CODE },
      to: { path: `${API}(demo/|[^/]+\\.ts$)` },
    },
    {
      name: 'api-only-test-code-and-root-import-demo',
      severity: 'error',
      comment:
        'The demo store, site, images and seeders are reached only from the composition root (through ' +
        'demo/index.ts), spec files, the helpers in apps/api/test, and bench (which renders the demo site).',
      from: { pathNot: [`${API}demo/`, COMPOSITION_ROOT, '^bench/', ...TEST_CODE] },
      to: { path: `${API}demo/` },
    },

    // apps/api/src: a context reaches another only through its public surface.
    {
      name: 'api-context-through-public-surface',
      severity: 'error',
      comment:
        "A context imports another context only through that context's index.ts; a deep import into " +
        "another context's files is refused.",
      from: { path: `${API}([^/]+)/`, pathNot: TEST_CODE },
      to: { path: CONTEXT, pathNot: [`${API}$1/`, PUBLIC_SURFACE] },
    },
    {
      name: 'api-context-tests-through-public-surface-or-testing',
      severity: 'error',
      comment: "A context's spec files and test helpers may also use another context's testing/ helpers.",
      from: { path: `${API}([^/]+)/(.*${SPEC}|testing/|.*/testing/)` },
      to: { path: CONTEXT, pathNot: [`${API}$1/`, PUBLIC_SURFACE, `${API}[^/]+/(testing/|.*/testing/)`] },
    },
    {
      name: 'api-root-through-public-surface',
      severity: 'error',
      comment: "The composition root imports a context only through that context's index.ts.",
      from: { path: COMPOSITION_ROOT, pathNot: SPEC },
      to: { path: CONTEXT, pathNot: PUBLIC_SURFACE },
    },
    {
      name: 'api-known-folders',
      severity: 'error',
      comment:
        'Every folder of apps/api/src is a shared layer or a context listed in .dependency-cruiser.cjs, so ' +
        'that the rules above cover it (add a new context there).',
      from: { path: `${API}[^/]+/`, pathNot: `${API}(${[...SHARED, ...CONTEXTS].join('|')})/` },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|\\.data|test-artifacts)/' },
    tsPreCompilationDeps: true,
    // Resolves @storefront/* to the sources, as Jest does (tsconfig.tests.json's paths).
    tsConfig: { fileName: 'tsconfig.tests.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
