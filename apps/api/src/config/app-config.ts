import type { CartStoreSettings, CheckoutSettings } from '@storefront/domain';
import { resolve } from 'node:path';
import { parseSiteUrl, readSettings, type SettingsEnv } from './settings';

export { ConfigError, parseSiteUrl, parseTrustProxy } from './settings';

/**
 * Process roles: `all` (embedded default: HTTP plus in-process projections), `api` (HTTP only,
 * scaled out behind a load balancer), `worker` (projections only).
 */
export type ProcessRole = 'all' | 'api' | 'worker';

/** A token bucket: `burst` at once (0: no limit), `refillPerSecond` regained per second. */
export type RateLimit = { burst: number; refillPerSecond: number };

/**
 * The cart's part (CART_SETTINGS). `storeSettings.multipleQuantityAllowedForServices` (SPEC 3 'Site
 * context' storeSettings) is the default for a store whose owner has not set it in the website's
 * settings (their stored value wins: `storeSettingsOf`); the rate limits are per process (see
 * `cart/cart-rate-limiter.ts`).
 */
export type CartSettings = {
  storeSettings: CartStoreSettings;
  /** Writes per cart. */
  rateLimit: RateLimit;
  /** Per client address, over cart writes and checkouts together, cookie or not. */
  clientRateLimit: RateLimit;
};

/** The checkout process's part (CHECKOUT_PROCESS_SETTINGS). */
export type CheckoutProcessSettings = {
  /** A checkout whose last step is older than this is taken over by the recovery worker. */
  recoveryDeadlineMs: number;
  /** How often the recovery worker looks (0: never, for tests that run it by hand). */
  recoveryIntervalMs: number;
  /** Tests only (NODE_ENV=test): the checkout event type after which a checkout request stops for good. */
  testPauseAfter: string | null;
};

/** How one kind of key (an email, a client IP) slows down and then refuses repeated failures. */
export type ThrottleRule = {
  /** Failures allowed without any delay. */
  freeFailures: number;
  /** From this many failures on, answer 429 without checking the password (see SignInThrottle for whom). */
  lockAfter: number;
};

/** Owner sign-in throttling (SIGN_IN_THROTTLE_OPTIONS). */
export type SignInThrottleOptions = {
  /** Delay after `freeFailures` failures; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this (since the last attempt) are forgotten. */
  windowSeconds: number;
  email: ThrottleRule;
  /** Looser, as several owners may share an office IP. */
  ip: ThrottleRule;
};

/**
 * The app's configuration, read once at start from the environment (`loadConfig`; every setting
 * is listed in `settings.ts`). Contexts receive their part through Nest DI (APP_CONFIG, or their
 * own token provided from it), never from process.env.
 */
export type AppConfig = {
  port: number;
  host: string;
  /** PGlite data directory, used when no databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  role: ProcessRole;
  ownerEmail: string;
  /** When unset on first start, a random password is generated and printed once. */
  ownerPassword?: string;
  /** Seed the demo store on first start. */
  seedDemo: boolean;
  /** Mark cookies Secure (behind HTTPS). */
  secureCookies: boolean;
  logLevel: 'info' | 'silent';
  /** Directory of the built web bundle (vite build output). */
  webDistDir: string;
  /** Where the theme's templates are, when not the default (see `theme/templates-dir.ts`). */
  themeTemplatesDir?: string;
  /**
   * The published site's own address (scheme, host, port, no trailing slash) for the sitemap,
   * robots.txt and canonical links: never taken from the request's Host header.
   */
  siteUrl: string;
  /** SITE_URL was unset, so `siteUrl` is this process's own http://HOST:PORT (main.ts fills in the port PORT=0 picked). */
  siteUrlDefaulted: boolean;
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For) and protocol: `false`
   * (none: the socket's peer is the client), a hop count, or addresses and CIDR ranges (also the
   * names `loopback`, `linklocal`, `uniquelocal`). Fastify's `trustProxy` option.
   */
  trustProxy: false | number | string[];
  cart: CartSettings;
  /** The default checkout minimum, for a store whose owner has not set one in the website's settings. */
  checkout: CheckoutSettings;
  checkoutProcess: CheckoutProcessSettings;
  signInThrottle: SignInThrottleOptions;
  forms: FormSettings;
  restock: RestockSettings;
  analyticsReports: AnalyticsReportsSettings;
  mail: MailSettings;
  botCheck: BotCheckSettings;
  /** The tracker on published pages (docs/ANALYTICS.md 'Tracker'): off under the disabling flag; the cookie policy it follows. */
  tracking: { disabled: boolean; cookiePolicy: 'permissive' | 'restrictive' };
  analytics: AnalyticsSettings;
};

/** The census endpoints (apps/api/src/analytics). */
export type AnalyticsSettings = {
  /** Per client address, over every census call. */
  rateLimit: RateLimit;
  /** How long a batch is retried while the database is unavailable before its calls answer 503. */
  appendRetryMs: number;
  /** Count headless browsers as visitors (browser tests). */
  countHeadless: boolean;
};

/** Outgoing mail (apps/api/src/mail): SMTP when set, else the local outbox. */
export type MailSettings = {
  smtpUrl?: string;
  from: string;
  retryBaseMs: number;
  maxAttempts: number;
  /** 0: the sender runs only when asked (a send in this process, or a test). */
  pollIntervalMs: number;
  /** How long a sender holds a claimed message before another (or it, restarted) may try it again. */
  claimSeconds: number;
  /** Messages sent at once by one process (pooled SMTP connections). */
  sendConcurrency: number;
};

/** The bot check (apps/api/src/bot-check). */
export type BotCheckSettings = {
  /** Unset: derived from the database's server secret. */
  altchaHmacKey?: string;
  recaptcha: { verifyUrl: string; projectId?: string; apiKey?: string; scoreThreshold: number };
};

/** The forms' part (FORMS_SETTINGS): rate limits on visitor submissions, per process. */
export type FormSettings = {
  /** Per visitor (cookie, else client address), over validate, key and save calls. */
  visitorRateLimit: RateLimit;
  /** Per form, over every visitor's saves. */
  formRateLimit: RateLimit;
};

/** Back-in-stock sign-ups (apps/api/src/restock). */
export type RestockSettings = {
  botCheck: 'none' | 'altcha' | 'recaptcha';
  /** Per client address, over sign-ups. */
  rateLimit: RateLimit;
};

/** The analytics reports' part (apps/api/src/analytics-reports): raw visit retention. */
export type AnalyticsReportsSettings = {
  /** Raw visit day partitions older than this many UTC days are dropped (the rollups are kept). */
  rawRetentionDays: number;
  /** 0: the retention job runs only when asked. */
  retentionIntervalMs: number;
};

export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * The configuration from the environment, every value checked: a value a setting does not accept
 * throws one `ConfigError` naming each such variable, what it got and what it accepts.
 */
export function loadConfig(env: SettingsEnv = process.env): AppConfig {
  const s = readSettings(env);
  return {
    port: s.port,
    host: s.host,
    dataDir: resolve(s.dataDir),
    databaseUrl: s.databaseUrl,
    role: s.role,
    ownerEmail: s.ownerEmail.trim().toLowerCase(),
    ownerPassword: s.ownerPassword,
    seedDemo: s.seedDemo,
    secureCookies: s.secureCookies,
    logLevel: s.logLevel,
    webDistDir: resolve(s.webDistDir),
    themeTemplatesDir: s.themeTemplatesDir,
    siteUrl: s.siteUrl ?? parseSiteUrl(undefined, s.host, s.port),
    siteUrlDefaulted: s.siteUrl === undefined,
    trustProxy: s.trustProxy,
    cart: {
      storeSettings: { multipleQuantityAllowedForServices: s.multipleQuantityAllowedForServices },
      rateLimit: { burst: s.cartRateLimitBurst, refillPerSecond: s.cartRateLimitPerSecond },
      clientRateLimit: { burst: s.clientRateLimitBurst, refillPerSecond: s.clientRateLimitPerSecond },
    },
    checkout: { minimumSubtotalCents: s.checkoutMinimumSubtotalCents },
    checkoutProcess: {
      recoveryDeadlineMs: s.checkoutRecoveryDeadlineMs,
      recoveryIntervalMs: s.checkoutRecoveryIntervalMs,
      testPauseAfter: s.nodeEnv === 'test' && s.checkoutTestPauseAfter ? s.checkoutTestPauseAfter : null,
    },
    signInThrottle: {
      baseDelayMs: s.signInDelayBaseMs,
      maxDelayMs: s.signInDelayMaxMs,
      windowSeconds: s.signInWindowSeconds,
      email: { freeFailures: s.signInEmailFreeFailures, lockAfter: s.signInEmailLockAfter },
      ip: { freeFailures: s.signInIpFreeFailures, lockAfter: s.signInIpLockAfter },
    },
    forms: {
      visitorRateLimit: { burst: s.formVisitorRateLimitBurst, refillPerSecond: s.formVisitorRateLimitPerSecond },
      formRateLimit: { burst: s.formRateLimitBurst, refillPerSecond: s.formRateLimitPerSecond },
    },
    restock: {
      botCheck: s.restockBotCheck,
      rateLimit: { burst: s.restockRateLimitBurst, refillPerSecond: s.restockRateLimitPerSecond },
    },
    analyticsReports: { rawRetentionDays: s.analyticsRawRetentionDays, retentionIntervalMs: s.analyticsRetentionIntervalMs },
    mail: {
      smtpUrl: s.smtpUrl,
      from: s.mailFrom,
      retryBaseMs: s.mailRetryBaseMs,
      maxAttempts: s.mailMaxAttempts,
      pollIntervalMs: s.mailPollIntervalMs,
      claimSeconds: s.mailClaimSeconds,
      sendConcurrency: s.mailSendConcurrency,
    },
    analytics: {
      rateLimit: { burst: s.analyticsRateLimitBurst, refillPerSecond: s.analyticsRateLimitPerSecond },
      appendRetryMs: s.analyticsAppendRetryMs,
      countHeadless: s.analyticsCountHeadless,
    },
    tracking: { disabled: !s.visitorTracking, cookiePolicy: s.cookiePolicy },
    botCheck: {
      altchaHmacKey: s.altchaHmacKey,
      recaptcha: {
        verifyUrl: s.recaptchaVerifyUrl,
        projectId: s.recaptchaProjectId,
        apiKey: s.recaptchaApiKey,
        scoreThreshold: s.recaptchaScoreThreshold,
      },
    },
  };
}

/** Every setting's default (as `loadConfig` with nothing set). */
export const DEFAULT_CONFIG: Readonly<AppConfig> = loadConfig({});
