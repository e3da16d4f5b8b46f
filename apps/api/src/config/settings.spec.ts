import { resolve } from 'node:path';
import { ConfigError, DEFAULT_CONFIG, loadConfig, type AppConfig } from './app-config';
import { readSettings, SETTING_NAMES } from './settings';

/** The message loadConfig throws for `env`, or null when it is accepted. */
function problemsOf(env: Record<string, string>): string[] | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

describe('settings: defaults', () => {
  it('with nothing set, every setting has its default', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('.data'),
      databaseUrl: undefined,
      role: 'all',
      ownerEmail: 'owner@example.com',
      ownerPassword: undefined,
      seedDemo: true,
      secureCookies: false,
      logLevel: 'info',
      webDistDir: resolve(__dirname, '../../../../web/dist'),
      themeTemplatesDir: undefined,
      siteUrl: 'http://127.0.0.1:3000',
      siteUrlDefaulted: true,
      trustProxy: false,
      cart: {
        storeSettings: { multipleQuantityAllowedForServices: true },
        rateLimit: { burst: 40, refillPerSecond: 4 },
        clientRateLimit: { burst: 60, refillPerSecond: 10 },
      },
      checkout: { minimumSubtotalCents: 0 },
      analytics: { rateLimit: { burst: 120, refillPerSecond: 20 }, appendRetryMs: 5000, countHeadless: false },
      checkoutProcess: { recoveryDeadlineMs: 15_000, recoveryIntervalMs: 5_000, testPauseAfter: null },
      signInThrottle: {
        baseDelayMs: 250, maxDelayMs: 5000, windowSeconds: 900,
        email: { freeFailures: 3, lockAfter: 10 },
        ip: { freeFailures: 10, lockAfter: 50 },
      },
      forms: { visitorRateLimit: { burst: 10, refillPerSecond: 0.2 }, formRateLimit: { burst: 600, refillPerSecond: 50 } },
      restock: { botCheck: 'none', rateLimit: { burst: 10, refillPerSecond: 0.5 } },
      analyticsReports: { rawRetentionDays: 30, retentionIntervalMs: 3_600_000 },
      mail: { smtpUrl: undefined, from: 'Storefront <no-reply@localhost>', retryBaseMs: 30_000, maxAttempts: 12, pollIntervalMs: 5_000, claimSeconds: 120, sendConcurrency: 4 },
      botCheck: {
        altchaHmacKey: undefined,
        recaptcha: { verifyUrl: 'https://recaptchaenterprise.googleapis.com/v1/projects/{projectId}/assessments', projectId: undefined, apiKey: undefined, scoreThreshold: 0.5 },
      },
      tracking: { disabled: false, cookiePolicy: 'permissive' },
    } satisfies AppConfig);
    expect(DEFAULT_CONFIG).toEqual(config);
  });

  it('an empty or blank value is the same as unset', () => {
    const blank = Object.fromEntries(SETTING_NAMES.map((name, i) => [name, i % 2 ? '' : '  ']));
    expect(loadConfig(blank)).toEqual(loadConfig({}));
  });

  it('the site address defaults to this process\'s HOST and PORT (an IPv6 host in brackets)', () => {
    expect(loadConfig({ HOST: '::1', PORT: '8080' })).toMatchObject({ siteUrl: 'http://[::1]:8080', siteUrlDefaulted: true });
    expect(loadConfig({ SITE_URL: 'https://shop.example.com/' })).toMatchObject({ siteUrl: 'https://shop.example.com', siteUrlDefaulted: false });
  });
});

describe('settings: every variable is honoured', () => {
  const cases: [string, string, (c: AppConfig) => unknown, unknown][] = [
    ['PORT', '0', (c) => c.port, 0],
    ['PORT', '65535', (c) => c.port, 65535],
    ['HOST', '0.0.0.0', (c) => c.host, '0.0.0.0'],
    ['DATA_DIR', '/tmp/store', (c) => c.dataDir, '/tmp/store'],
    ['DATA_DIR', 'rel/dir', (c) => c.dataDir, resolve('rel/dir')],
    ['DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/x', (c) => c.databaseUrl, 'postgres://postgres@127.0.0.1:5432/x'],
    ['ROLE', 'api', (c) => c.role, 'api'],
    ['ROLE', 'worker', (c) => c.role, 'worker'],
    ['OWNER_EMAIL', ' Owner@Example.COM ', (c) => c.ownerEmail, 'owner@example.com'],
    ['OWNER_PASSWORD', 'a long enough password', (c) => c.ownerPassword, 'a long enough password'],
    ['SEED_DEMO', 'false', (c) => c.seedDemo, false],
    ['SECURE_COOKIES', 'true', (c) => c.secureCookies, true],
    ['SITE_URL', 'https://example.com/store/', (c) => c.siteUrl, 'https://example.com/store'],
    ['TRUST_PROXY', '2', (c) => c.trustProxy, 2],
    ['TRUST_PROXY', 'loopback, 10.0.0.0/8', (c) => c.trustProxy, ['loopback', '10.0.0.0/8']],
    ['TRUST_PROXY', 'false', (c) => c.trustProxy, false],
    ['LOG_LEVEL', 'silent', (c) => c.logLevel, 'silent'],
    ['WEB_DIST_DIR', '/srv/web', (c) => c.webDistDir, '/srv/web'],
    ['THEME_TEMPLATES_DIR', '/srv/theme', (c) => c.themeTemplatesDir, '/srv/theme'],
    ['MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES', 'false', (c) => c.cart.storeSettings.multipleQuantityAllowedForServices, false],
    ['CART_RATE_LIMIT_BURST', '0', (c) => c.cart.rateLimit.burst, 0],
    ['CART_RATE_LIMIT_PER_SECOND', '0.01', (c) => c.cart.rateLimit.refillPerSecond, 0.01],
    ['CLIENT_RATE_LIMIT_BURST', '7', (c) => c.cart.clientRateLimit.burst, 7],
    ['CLIENT_RATE_LIMIT_PER_SECOND', '2.5', (c) => c.cart.clientRateLimit.refillPerSecond, 2.5],
    ['CHECKOUT_MINIMUM_SUBTOTAL_CENTS', '5000', (c) => c.checkout.minimumSubtotalCents, 5000],
    ['CHECKOUT_RECOVERY_DEADLINE_MS', '2000', (c) => c.checkoutProcess.recoveryDeadlineMs, 2000],
    ['CHECKOUT_RECOVERY_INTERVAL_MS', '0', (c) => c.checkoutProcess.recoveryIntervalMs, 0],
    ['SIGN_IN_DELAY_BASE_MS', '40', (c) => c.signInThrottle.baseDelayMs, 40],
    ['SIGN_IN_DELAY_MAX_MS', '0', (c) => c.signInThrottle.maxDelayMs, 0],
    ['SIGN_IN_WINDOW_SECONDS', '60', (c) => c.signInThrottle.windowSeconds, 60],
    ['SIGN_IN_EMAIL_FREE_FAILURES', '1', (c) => c.signInThrottle.email.freeFailures, 1],
    ['SIGN_IN_EMAIL_LOCK_AFTER', '6', (c) => c.signInThrottle.email.lockAfter, 6],
    ['SIGN_IN_IP_FREE_FAILURES', '8', (c) => c.signInThrottle.ip.freeFailures, 8],
    ['SIGN_IN_IP_LOCK_AFTER', '100000', (c) => c.signInThrottle.ip.lockAfter, 100000],
  ];
  it.each(cases)('%s=%p', (name, value, read, expected) => {
    expect(read(loadConfig({ [name]: value }))).toEqual(expected);
  });

  it('CHECKOUT_TEST_PAUSE_AFTER is honoured only with NODE_ENV=test', () => {
    expect(loadConfig({ CHECKOUT_TEST_PAUSE_AFTER: 'CheckoutCartClosed', NODE_ENV: 'test' }).checkoutProcess.testPauseAfter).toBe('CheckoutCartClosed');
    expect(loadConfig({ CHECKOUT_TEST_PAUSE_AFTER: 'CheckoutCartClosed', NODE_ENV: 'production' }).checkoutProcess.testPauseAfter).toBeNull();
    expect(loadConfig({ CHECKOUT_TEST_PAUSE_AFTER: 'CheckoutCartClosed' }).checkoutProcess.testPauseAfter).toBeNull();
  });

  it('reads sign-in throttle overrides and keeps defaults otherwise (was signInThrottleOptionsFromEnv)', () => {
    const options = loadConfig({ SIGN_IN_DELAY_BASE_MS: '10', SIGN_IN_EMAIL_LOCK_AFTER: '5' }).signInThrottle;
    expect(options).toEqual({ ...DEFAULT_CONFIG.signInThrottle, baseDelayMs: 10, email: { freeFailures: 3, lockAfter: 5 } });
  });

  it('knows every variable the product read before there was one list, and no others', () => {
    expect([...SETTING_NAMES].sort()).toEqual([
      'CART_RATE_LIMIT_BURST', 'CART_RATE_LIMIT_PER_SECOND', 'CHECKOUT_MINIMUM_SUBTOTAL_CENTS', 'CHECKOUT_RECOVERY_DEADLINE_MS',
      'CHECKOUT_RECOVERY_INTERVAL_MS', 'CHECKOUT_TEST_PAUSE_AFTER', 'CLIENT_RATE_LIMIT_BURST', 'CLIENT_RATE_LIMIT_PER_SECOND',
      'DATABASE_URL', 'DATA_DIR', 'FORM_RATE_LIMIT_BURST', 'FORM_RATE_LIMIT_PER_SECOND', 'FORM_VISITOR_RATE_LIMIT_BURST', 'FORM_VISITOR_RATE_LIMIT_PER_SECOND', 'HOST', 'LOG_LEVEL', 'MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES', 'NODE_ENV', 'OWNER_EMAIL',
      'OWNER_PASSWORD', 'PORT', 'ROLE', 'SECURE_COOKIES', 'SEED_DEMO', 'SIGN_IN_DELAY_BASE_MS', 'SIGN_IN_DELAY_MAX_MS',
      'SIGN_IN_EMAIL_FREE_FAILURES', 'SIGN_IN_EMAIL_LOCK_AFTER', 'SIGN_IN_IP_FREE_FAILURES', 'SIGN_IN_IP_LOCK_AFTER',
      'SIGN_IN_WINDOW_SECONDS', 'SITE_URL', 'THEME_TEMPLATES_DIR', 'TRUST_PROXY', 'WEB_DIST_DIR',
      // Issue 14: mail and the bot check.
      'ALTCHA_HMAC_KEY', 'MAIL_FROM', 'MAIL_MAX_ATTEMPTS', 'MAIL_POLL_INTERVAL_MS', 'MAIL_RETRY_BASE_MS', 'RECAPTCHA_API_KEY',
      'RECAPTCHA_PROJECT_ID', 'RECAPTCHA_SCORE_THRESHOLD', 'RECAPTCHA_VERIFY_URL', 'SMTP_URL',
      // Issue 15: back-in-stock sign-ups.
      'RESTOCK_BOT_CHECK', 'RESTOCK_RATE_LIMIT_BURST', 'RESTOCK_RATE_LIMIT_PER_SECOND',
      // Issue 16: the census calls.
      'ANALYTICS_RATE_LIMIT_BURST', 'ANALYTICS_RATE_LIMIT_PER_SECOND', 'ANALYTICS_APPEND_RETRY_MS', 'ANALYTICS_COUNT_HEADLESS',
      // Issue 16: the tracker's disabling flag and cookie policy.
      'VISITOR_TRACKING', 'COOKIE_POLICY',
      // Issue 16: raw visit retention of the analytics reports.
      'ANALYTICS_RAW_RETENTION_DAYS', 'ANALYTICS_RETENTION_INTERVAL_MS',
      // Issue 15: the outbox's claim time (a crashed sender's message) and its send concurrency.
      'MAIL_CLAIM_SECONDS', 'MAIL_SEND_CONCURRENCY',
    ].sort());
  });
});

describe('settings: a value a setting does not accept fails with a message naming it', () => {
  it.each([
    ['a bad integer', { CART_RATE_LIMIT_BURST: 'abc' }, 'CART_RATE_LIMIT_BURST must be an integer, 0 or more, got "abc"'],
    ['a fraction where an integer is needed', { SIGN_IN_IP_LOCK_AFTER: '2.5' }, 'SIGN_IN_IP_LOCK_AFTER must be an integer, 0 or more, got "2.5"'],
    ['a negative number', { CHECKOUT_MINIMUM_SUBTOTAL_CENTS: '-1' }, 'CHECKOUT_MINIMUM_SUBTOTAL_CENTS must be an integer, 0 or more, got "-1"'],
    ['a number out of range', { PORT: '65536' }, 'PORT must be an integer from 0 to 65535, got "65536"'],
    ['a bad decimal', { CART_RATE_LIMIT_PER_SECOND: '4/s' }, 'CART_RATE_LIMIT_PER_SECOND must be a number, 0 or more (decimals allowed), got "4/s"'],
    ['a bad enum', { ROLE: 'web' }, 'ROLE must be one of all, api, worker, got "web"'],
    ['a log level there is not', { LOG_LEVEL: 'debug' }, 'LOG_LEVEL must be one of info, silent, got "debug"'],
    ['a bad boolean', { SEED_DEMO: 'no' }, 'SEED_DEMO must be true or false, got "no"'],
    ['an unknown checkout step', { CHECKOUT_TEST_PAUSE_AFTER: 'CartClosed' }, expect.stringMatching(/^CHECKOUT_TEST_PAUSE_AFTER must be one of CheckoutStarted, .*, got "CartClosed"$/)],
    ['a bad proxy list', { TRUST_PROXY: '10.0.0.0/33' }, expect.stringMatching(/^TRUST_PROXY must be .*, got "10\.0\.0\.0\/33"$/)],
    ['a bad site address', { SITE_URL: 'shop.example.com' }, 'SITE_URL must be an http or https address, got "shop.example.com"'],
    ['a mail server that is not SMTP', { SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL must be an smtp:// or smtps:// address, got "http://mail.example.com"'],
    ['a sender with a line break', { MAIL_FROM: 'a@example.com\nBcc: x@example.com' }, expect.stringMatching(/^MAIL_FROM must be an email address/)],
    ['a score over 1', { RECAPTCHA_SCORE_THRESHOLD: '1.5' }, 'RECAPTCHA_SCORE_THRESHOLD must be a number from 0 to 1, got "1.5"'],
    ['a short altcha key', { ALTCHA_HMAC_KEY: 'short' }, 'ALTCHA_HMAC_KEY must be a secret of at least 32 characters, got "short"'],
    // Before the one list, the cart and sign-in settings quietly fell back to their defaults on such values.
    ['a bad sign-in setting (was ignored)', { SIGN_IN_IP_LOCK_AFTER: 'x' }, 'SIGN_IN_IP_LOCK_AFTER must be an integer, 0 or more, got "x"'],
  ])('%s', (_what, env, message) => {
    expect(problemsOf(env as Record<string, string>)).toEqual([message]);
    expect(() => loadConfig(env as Record<string, string>)).toThrow(/^Invalid configuration: /);
  });

  it('reports every bad value at once, in the list\'s order', () => {
    let error: unknown;
    try {
      loadConfig({ CART_RATE_LIMIT_BURST: 'abc', ROLE: 'web', PORT: '-1', SIGN_IN_DELAY_MAX_MS: '1e3', HOST: 'fine' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be an integer from 0 to 65535, got "-1"',
      'ROLE must be one of all, api, worker, got "web"',
      'CART_RATE_LIMIT_BURST must be an integer, 0 or more, got "abc"',
      'SIGN_IN_DELAY_MAX_MS must be an integer, 0 or more, got "1e3"',
    ]);
    expect((error as Error).message).toBe(
      'Invalid configuration (4 settings):\n' +
        '  PORT must be an integer from 0 to 65535, got "-1"\n' +
        '  ROLE must be one of all, api, worker, got "web"\n' +
        '  CART_RATE_LIMIT_BURST must be an integer, 0 or more, got "abc"\n' +
        '  SIGN_IN_DELAY_MAX_MS must be an integer, 0 or more, got "1e3"',
    );
  });

  it('surrounding spaces are allowed around numbers, booleans and choices', () => {
    expect(loadConfig({ PORT: ' 8080 ', SEED_DEMO: ' false', ROLE: 'api ' })).toMatchObject({ port: 8080, seedDemo: false, role: 'api' });
  });

  it('reading some settings (the CLI) neither reads nor checks the others', () => {
    expect(readSettings({ DATA_DIR: 'd', ROLE: 'web' }, ['databaseUrl', 'dataDir'])).toEqual({ databaseUrl: undefined, dataDir: 'd' });
  });
});
