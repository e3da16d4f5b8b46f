import { CHECKOUT_PROCESS_EVENT_TYPES } from '@storefront/domain';
import { isIP } from 'node:net';
import { resolve } from 'node:path';

/**
 * Every setting of the product, in one list: the environment variable, what it accepts, its
 * default, what it does and which part reads it. `readSettings` parses and checks them all once
 * at start (`loadConfig` builds the app's config from the result), and the README's configuration
 * table is generated from the same list (`npm run docs:config`, checked by settings-readme.spec.ts).
 *
 * An unset variable and an empty (or blank) one are the same: the default applies.
 */
export type Setting<T> = {
  /** The environment variable. */
  readonly name: string;
  /** What a value may be, as the README and the error messages say it ("an integer from 0 to 65535"). */
  readonly accepts: string;
  /** The default, as the README shows it. */
  readonly defaultText: string;
  /** What it does (README, Markdown). */
  readonly description: string;
  /** Which part of the product reads it (README). */
  readonly usedBy: string;
  /** The value when unset. */
  readonly fallback: () => T;
  /** A set value to its typed value; throws `InvalidSettingValue` (or an Error naming the variable) when it is not accepted. */
  readonly parse: (raw: string) => T;
};

/** A set value a setting does not accept; `readSettings` words the message from the setting's `accepts`. */
export class InvalidSettingValue extends Error {
  readonly name = 'InvalidSettingValue';
}

/** One or more settings have values they do not accept; `problems` has one line per setting. */
export class ConfigError extends Error {
  readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration (${problems.length} settings):\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
}

type Described = { name: string; description: string; usedBy: string };

const INTEGER = /^[0-9]+$/;
const DECIMAL = /^([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;

function integer(d: Described & { default: number; min: number; max?: number; defaultText?: string }): Setting<number> {
  const max = d.max ?? Number.MAX_SAFE_INTEGER;
  return {
    ...d,
    accepts: d.max === undefined ? `an integer, ${d.min} or more` : `an integer from ${d.min} to ${d.max}`,
    defaultText: d.defaultText ?? `\`${d.default}\``,
    fallback: () => d.default,
    parse: (raw) => {
      const text = raw.trim();
      const value = Number(text);
      if (!INTEGER.test(text) || !Number.isSafeInteger(value) || value < d.min || value > max) throw new InvalidSettingValue();
      return value;
    },
  };
}

function decimal(d: Described & { default: number; min: number }): Setting<number> {
  return {
    ...d,
    accepts: `a number, ${d.min} or more (decimals allowed)`,
    defaultText: `\`${d.default}\``,
    fallback: () => d.default,
    parse: (raw) => {
      const text = raw.trim();
      const value = Number(text);
      if (!DECIMAL.test(text) || !Number.isFinite(value) || value < d.min) throw new InvalidSettingValue();
      return value;
    },
  };
}

function boolean(d: Described & { default: boolean }): Setting<boolean> {
  return {
    ...d,
    accepts: '`true` or `false`',
    defaultText: `\`${d.default}\``,
    fallback: () => d.default,
    parse: (raw) => {
      const text = raw.trim();
      if (text !== 'true' && text !== 'false') throw new InvalidSettingValue();
      return text === 'true';
    },
  };
}

function oneOf<const V extends string>(d: Described & { values: readonly V[]; default: V }): Setting<V>;
function oneOf<const V extends string>(d: Described & { values: readonly V[] }): Setting<V | undefined>;
function oneOf<const V extends string>(d: Described & { values: readonly V[]; default?: V }): Setting<V | undefined> {
  return {
    ...d,
    accepts: `one of ${d.values.map((v) => `\`${v}\``).join(', ')}`,
    defaultText: d.default === undefined ? 'unset' : `\`${d.default}\``,
    fallback: () => d.default,
    parse: (raw) => {
      const text = raw.trim();
      if (!(d.values as readonly string[]).includes(text)) throw new InvalidSettingValue();
      return text as V;
    },
  };
}

/** A value with its own parser (which throws an Error naming the variable). */
function custom<T>(d: Described & { accepts: string; defaultText: string; default: () => T; parse: (raw: string) => T }): Setting<T> {
  return { ...d, fallback: d.default };
}

/** Free text, used as given; unset is `undefined` unless there is a default. */
function text(d: Described & { accepts: string; defaultText: string }): Setting<string | undefined>;
function text(d: Described & { accepts: string; defaultText: string; default: () => string }): Setting<string>;
function text(d: Described & { accepts: string; defaultText: string; default?: () => string }): Setting<string | undefined> {
  return { ...d, fallback: d.default ?? (() => undefined), parse: (raw) => raw };
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset, `false` or `0` trusts none; a number trusts that many hops; else a comma-separated list of addresses, CIDRs or range names. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^[0-9]+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter((e) => e !== '');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 4 ? 32 : 128;
    const ok = PROXY_RANGE_NAMES.has(entry) || (family !== 0 && extra === undefined && (bits === undefined || (/^[0-9]+$/.test(bits) && Number(bits) <= maxBits)));
    if (!ok) throw new Error(`TRUST_PROXY must be false, a hop count, or addresses and CIDR ranges (or loopback, linklocal, uniquelocal), got "${entry}"`);
  }
  return entries;
}

/** SITE_URL: an http(s) origin, optionally with a path; defaults to http://HOST:PORT of this process. */
export function parseSiteUrl(value: string | undefined, host: string, port: number): string {
  if (value === undefined || value.trim() === '') return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`SITE_URL must be an http or https address, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new Error(`SITE_URL must be an http or https address without credentials, query or fragment, got "${value}"`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** SMTP_URL: an smtp:// or smtps:// address with a host. */
export function parseSmtpUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new InvalidSettingValue();
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') throw new InvalidSettingValue();
  return raw.trim();
}

const MAIL_ADDRESS = /^[^\s@<>",;]{1,64}@[^\s@<>",;]{1,255}$/;

/** MAIL_FROM: `address` or `Name <address>`, on one line. */
export function parseMailFrom(raw: string): string {
  const text = raw.trim();
  const named = /^([^<>\r\n"]{0,100})<([^<>]+)>$/.exec(text);
  const address = named ? named[2]!.trim() : text;
  if (/[\r\n]/.test(text) || !MAIL_ADDRESS.test(address)) throw new InvalidSettingValue();
  return text;
}

/** An http(s) address (the template's `{projectId}` allowed). */
function parseHttpUrl(name: string): (raw: string) => string {
  return (raw) => {
    let url: URL;
    try {
      url = new URL(raw.trim().replace('{projectId}', 'p'));
    } catch {
      throw new Error(`${name} must be an http or https address, got ${JSON.stringify(raw)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https address, got ${JSON.stringify(raw)}`);
    return raw.trim();
  };
}

/** The built web bundle beside the sources: `web/dist` of the repository (this file is in apps/api/{src,dist}/config). */
const REPO_WEB_DIST = resolve(__dirname, '../../../../web/dist');

/**
 * The list. Its order is the README table's order. `usedBy` names the part that reads the value
 * (through the app's config, never from process.env).
 */
export const SETTINGS = {
  port: integer({
    name: 'PORT', min: 0, max: 65535, default: 3000, usedBy: 'HTTP server',
    description: 'HTTP port to listen on (`0` picks a free one)',
  }),
  host: text({
    name: 'HOST', accepts: 'an address or host name', defaultText: '`127.0.0.1`', default: () => '127.0.0.1', usedBy: 'HTTP server',
    description: 'Address to listen on',
  }),
  dataDir: text({
    name: 'DATA_DIR', accepts: 'a directory path', defaultText: '`./.data`', default: () => '.data', usedBy: 'database, CLI',
    description:
      'PGlite data directory (embedded mode), relative to the working directory. One process at a time: a second one on the same ' +
      'directory refuses to start (lock file `.storefront.lock`; a stale one left by a crash is taken over)',
  }),
  databaseUrl: text({
    name: 'DATABASE_URL', accepts: 'a PostgreSQL connection string', defaultText: 'unset', usedBy: 'database, CLI',
    description: 'Use this PostgreSQL server instead of PGlite, e.g. `postgres://postgres@127.0.0.1:5432/storefront`',
  }),
  role: oneOf({
    name: 'ROLE', values: ['all', 'api', 'worker'], default: 'all', usedBy: 'process',
    description: '`all`: HTTP and projections in one process; `api`: HTTP only; `worker`: projections (and checkout recovery) only',
  }),
  ownerEmail: text({
    name: 'OWNER_EMAIL', accepts: 'an email address', defaultText: '`owner@example.com`', default: () => 'owner@example.com', usedBy: 'accounts',
    description: 'The owner account created on first start (trimmed, lower-cased)',
  }),
  ownerPassword: text({
    name: 'OWNER_PASSWORD', accepts: 'a password of at least 12 characters', defaultText: 'random, printed once', usedBy: 'accounts',
    description: 'The owner account\'s password on first start (ignored once the account exists)',
  }),
  seedDemo: boolean({
    name: 'SEED_DEMO', default: true, usedBy: 'demo',
    description: 'The demo entry point (`npm start`, `apps/api/dist/demo/main.js`): seed the demo store, site and images on first start (`false`: its website and an empty store only; not in `ROLE=worker`). The product\'s own entry point never seeds the demo',
  }),
  secureCookies: boolean({
    name: 'SECURE_COOKIES', default: false, usedBy: 'accounts, cart, storefront',
    description: 'Mark cookies `Secure` (set behind HTTPS)',
  }),
  siteUrl: custom<string | undefined>({
    name: 'SITE_URL', accepts: 'an `http` or `https` address without credentials, query or fragment', defaultText: '`http://HOST:PORT`', usedBy: 'storefront',
    default: () => undefined, parse: (raw) => parseSiteUrl(raw, '', 0),
    description:
      'The published site\'s address for the sitemap, robots.txt and canonical and Open Graph links (the request\'s `Host` header ' +
      'is never used), e.g. `https://shop.example.com`; a trailing slash is dropped. With `PORT=0` the default is the port actually picked',
  }),
  trustProxy: custom<false | number | string[]>({
    name: 'TRUST_PROXY', accepts: '`false`, a hop count, or addresses and CIDR ranges', defaultText: 'unset (off)', usedBy: 'HTTP server',
    default: () => false, parse: parseTrustProxy,
    description:
      'Which proxies may set the client address (`X-Forwarded-For`) and protocol: a hop count (`1`), or addresses and CIDR ranges, ' +
      'comma-separated (`10.0.0.0/8,192.168.1.7`; also `loopback`, `linklocal`, `uniquelocal`); `false` or `0` is off. Off, the ' +
      'socket\'s peer is the client, as the per-address sign-in limits need',
  }),
  logLevel: oneOf({
    name: 'LOG_LEVEL', values: ['info', 'silent'], default: 'info', usedBy: 'HTTP server, projections',
    description: '`silent` turns off the JSON request logs, Nest\'s log and the projection runner\'s log lines',
  }),
  webDistDir: text({
    name: 'WEB_DIST_DIR', accepts: 'a directory path', defaultText: '`web/dist` of the repository', default: () => REPO_WEB_DIST, usedBy: 'storefront',
    description: 'The built web bundle (islands, precompressed files) served under `/static/`',
  }),
  themeTemplatesDir: text({
    name: 'THEME_TEMPLATES_DIR', accepts: 'a directory path', defaultText: 'the theme\'s `templates/` in the sources', usedBy: 'storefront',
    description: 'Where the theme\'s templates are, for a deployment that ships them elsewhere (must hold `site.jsont`; else the default is used)',
  }),
  formVisitorRateLimitBurst: integer({
    name: 'FORM_VISITOR_RATE_LIMIT_BURST', min: 0, default: 10, usedBy: 'forms',
    description: 'Form submissions (validate, key, save) one visitor may make at once (token bucket per process; over it: 429). `0` turns it off',
  }),
  formVisitorRateLimitPerSecond: decimal({
    name: 'FORM_VISITOR_RATE_LIMIT_PER_SECOND', min: 0, default: 0.2, usedBy: 'forms',
    description: 'Per-visitor form submission limit: submissions regained per second',
  }),
  formRateLimitBurst: integer({
    name: 'FORM_RATE_LIMIT_BURST', min: 0, default: 600, usedBy: 'forms',
    description: 'Submissions one form takes at once from all visitors together (token bucket per process; over it: 429). `0` turns it off',
  }),
  formRateLimitPerSecond: decimal({
    name: 'FORM_RATE_LIMIT_PER_SECOND', min: 0, default: 50, usedBy: 'forms',
    description: 'Per-form submission limit: submissions regained per second',
  }),
  visitorTracking: boolean({
    name: 'VISITOR_TRACKING', default: true, usedBy: 'storefront (tracker)',
    description: 'Visitor tracking on the published site (the tracker script\'s census hits, web vitals and error reports; docs/ANALYTICS.md). `false` is the disabling flag: the tracker sends nothing and sets no cookie',
  }),
  cookiePolicy: oneOf({
    name: 'COOKIE_POLICY', values: ['permissive', 'restrictive'], default: 'permissive', usedBy: 'storefront (tracker)',
    description: 'The published site\'s cookie policy. `restrictive`: the tracker sets the census cookies and tracks only when the visitor\'s consent cookie `ss_cookie_consent` allows `performance`; otherwise it clears `ss_cid`, `ss_cpvisit`, `ss_cvisit`, `ss_cvr`, `ss_cvt` and sends nothing',
  }),
  restockBotCheck: oneOf({
    name: 'RESTOCK_BOT_CHECK', values: ['none', 'altcha', 'recaptcha'], default: 'none', usedBy: 'restock',
    description: 'The bot check a back-in-stock sign-up must pass (action PRODUCT_WAITLIST_SUBMISSION): none, the self-hosted proof of work, or reCAPTCHA',
  }),
  restockRateLimitBurst: integer({
    name: 'RESTOCK_RATE_LIMIT_BURST', min: 0, default: 10, usedBy: 'restock',
    description: 'Back-in-stock sign-ups one client address may make at once (token bucket per process; over it: 429). `0` turns it off',
  }),
  restockRateLimitPerSecond: decimal({
    name: 'RESTOCK_RATE_LIMIT_PER_SECOND', min: 0, default: 0.5, usedBy: 'restock',
    description: 'Per-address back-in-stock sign-up limit: sign-ups regained per second',
  }),
  analyticsRateLimitBurst: integer({
    name: 'ANALYTICS_RATE_LIMIT_BURST', min: 0, default: 120, usedBy: 'analytics',
    description:
      'Census calls (hits, button, form and overlay calls, quick views, performance records, error reports) one client address may ' +
      'make at once (token bucket per process; over it: 429). `0` turns it off (the RecordHit benchmark does)',
  }),
  analyticsRateLimitPerSecond: decimal({
    name: 'ANALYTICS_RATE_LIMIT_PER_SECOND', min: 0, default: 20, usedBy: 'analytics',
    description: 'Per-address census call limit: calls regained per second',
  }),
  analyticsAppendRetryMs: integer({
    name: 'ANALYTICS_APPEND_RETRY_MS', min: 0, max: 600_000, default: 5_000, usedBy: 'analytics',
    description:
      'How long (milliseconds) a batch of accepted census calls is retried while the database is unavailable before its calls are ' +
      'answered 503; a call is acknowledged only once its batch is stored',
  }),
  analyticsCountHeadless: boolean({
    name: 'ANALYTICS_COUNT_HEADLESS', default: false, usedBy: 'analytics (tests)',
    description: 'Count visits from headless browsers (browser tests set it); other known bots are never counted',
  }),
  analyticsRawRetentionDays: integer({
    name: 'ANALYTICS_RAW_RETENTION_DAYS', min: 1, max: 3650, default: 30, usedBy: 'analytics reports',
    description:
      'Days (UTC) the raw visit tables keep their rows: the retention job drops older day partitions once the rollups cover them. ' +
      'Reports read the rollups, which are kept',
  }),
  analyticsRetentionIntervalMs: integer({
    name: 'ANALYTICS_RETENTION_INTERVAL_MS', min: 0, default: 3_600_000, defaultText: '`3600000` (1 hour)', usedBy: 'analytics reports',
    description: 'How often a process that runs projections (ROLE=all or worker) runs the raw-partition retention and refreshes the analysts\' SQL views. `0` turns it off',
  }),
  multipleQuantityAllowedForServices: boolean({
    name: 'MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES', default: true, usedBy: 'cart, storefront',
    description:
      'Whether a service can be bought more than once per cart entry (the store setting `multipleQuantityAllowedForServices`) until ' +
      'the owner sets it in Settings (`PUT /api/site/settings`): the stored setting wins once set',
  }),
  cartRateLimitBurst: integer({
    name: 'CART_RATE_LIMIT_BURST', min: 0, default: 40, usedBy: 'cart',
    description: 'Per-cart write limit: writes a cart may make at once (token bucket per process; over it: 429). `0` turns it off',
  }),
  cartRateLimitPerSecond: decimal({
    name: 'CART_RATE_LIMIT_PER_SECOND', min: 0, default: 4, usedBy: 'cart',
    description: 'Per-cart write limit: writes regained per second',
  }),
  clientRateLimitBurst: integer({
    name: 'CLIENT_RATE_LIMIT_BURST', min: 0, default: 60, usedBy: 'cart, checkout',
    description:
      'Per-client-address limit over cart writes and checkouts together, with or without a cart cookie: requests at once (token ' +
      'bucket per process; over it: 429 with `Retry-After`). `0` turns it off (the HTTP benchmark does)',
  }),
  clientRateLimitPerSecond: decimal({
    name: 'CLIENT_RATE_LIMIT_PER_SECOND', min: 0, default: 10, usedBy: 'cart, checkout',
    description: 'Per-client-address limit: requests regained per second',
  }),
  checkoutMinimumSubtotalCents: integer({
    name: 'CHECKOUT_MINIMUM_SUBTOTAL_CENTS', min: 0, default: 0, usedBy: 'checkout',
    description:
      'Smallest cart subtotal that may check out, in minor units of the store currency (`0`: no minimum), until the owner sets ' +
      '`checkoutMinimumSubtotalCents` in Settings (`PUT /api/site/settings`): the stored setting wins once set',
  }),
  checkoutRecoveryDeadlineMs: integer({
    name: 'CHECKOUT_RECOVERY_DEADLINE_MS', min: 0, default: 15_000, usedBy: 'checkout',
    description: 'A checkout whose last step is older than this (milliseconds) is completed or compensated by the recovery worker',
  }),
  checkoutRecoveryIntervalMs: integer({
    name: 'CHECKOUT_RECOVERY_INTERVAL_MS', min: 0, default: 5_000, usedBy: 'checkout',
    description:
      'How often (milliseconds) the recovery worker looks, in `ROLE=all` and `ROLE=worker`, one active instance at a time (a lease ' +
      'of three intervals, at least one second); `0` turns it off',
  }),
  checkoutTestPauseAfter: oneOf({
    name: 'CHECKOUT_TEST_PAUSE_AFTER', values: CHECKOUT_PROCESS_EVENT_TYPES, usedBy: 'checkout (tests)',
    description:
      'Tests only (honoured only with `NODE_ENV=test`): a checkout stream event type, e.g. `CheckoutCartClosed`; a checkout request ' +
      'stops for good after recording it and prints `checkout <id> paused after <type>`, so a test can kill the process there',
  }),
  nodeEnv: text({
    name: 'NODE_ENV', accepts: 'any text', defaultText: 'unset', usedBy: 'checkout (tests)',
    description: 'Only `test` means anything here: it lets `CHECKOUT_TEST_PAUSE_AFTER` work',
  }),
  signInDelayBaseMs: integer({
    name: 'SIGN_IN_DELAY_BASE_MS', min: 0, default: 250, usedBy: 'accounts',
    description:
      'Owner sign-in: the delay (milliseconds) once a count passes its free failures, doubling with each further failure. ' +
      'Failures are counted per email (from anywhere; not for an address the owner signed in from in the last 90 days), per ' +
      'address and email, and per address; the longest of their delays applies',
  }),
  signInDelayMaxMs: integer({
    name: 'SIGN_IN_DELAY_MAX_MS', min: 0, default: 5_000, usedBy: 'accounts',
    description: 'Owner sign-in: the longest delay (milliseconds)',
  }),
  signInWindowSeconds: integer({
    name: 'SIGN_IN_WINDOW_SECONDS', min: 0, default: 900, usedBy: 'accounts',
    description: 'Owner sign-in: a count is forgotten after this many seconds without attempts; a refusal says to wait this long',
  }),
  signInEmailFreeFailures: integer({
    name: 'SIGN_IN_EMAIL_FREE_FAILURES', min: 0, default: 3, usedBy: 'accounts',
    description: 'Owner sign-in: failures on one email (per address, and from everywhere) before its attempts are delayed',
  }),
  signInEmailLockAfter: integer({
    name: 'SIGN_IN_EMAIL_LOCK_AFTER', min: 0, default: 10, usedBy: 'accounts',
    description:
      'Owner sign-in: from this many failures on one email, the address that made them is refused (429 `Too many sign-in ' +
      'attempts. Please try again in N minutes.`, the password not checked); from this many on it from everywhere, so is every ' +
      'address the owner has not signed in from in the last 90 days',
  }),
  signInIpFreeFailures: integer({
    name: 'SIGN_IN_IP_FREE_FAILURES', min: 0, default: 10, usedBy: 'accounts',
    description: 'Owner sign-in: failures from one client address, whatever the email, before its attempts are delayed',
  }),
  signInIpLockAfter: integer({
    name: 'SIGN_IN_IP_LOCK_AFTER', min: 0, default: 50, usedBy: 'accounts',
    description: 'Owner sign-in: from this many failures from one client address, whatever the email, that address is refused (429)',
  }),
  smtpUrl: custom<string | undefined>({
    name: 'SMTP_URL', accepts: 'an `smtp://` or `smtps://` address', defaultText: 'unset (local outbox)', usedBy: 'mail',
    default: () => undefined, parse: parseSmtpUrl,
    description:
      'Where outgoing mail (form notifications) is sent, e.g. `smtp://user:password@mail.example.com:587` (STARTTLS when the ' +
      'server offers it) or `smtps://…:465`. Unset: mail is kept in the local outbox the owner reads (`GET /api/config/mail-outbox`)',
  }),
  mailFrom: custom<string>({
    name: 'MAIL_FROM', accepts: 'an email address, optionally with a name (`Shop <shop@example.com>`)', defaultText: '`Storefront <no-reply@localhost>`', usedBy: 'mail',
    default: () => 'Storefront <no-reply@localhost>', parse: parseMailFrom,
    description: 'The sender of outgoing mail',
  }),
  mailRetryBaseMs: integer({
    name: 'MAIL_RETRY_BASE_MS', min: 1, default: 30_000, usedBy: 'mail',
    description: 'A failed delivery is tried again after this long (milliseconds), doubling with each failure up to an hour',
  }),
  mailMaxAttempts: integer({
    name: 'MAIL_MAX_ATTEMPTS', min: 1, max: 100, default: 12, usedBy: 'mail',
    description: 'Delivery attempts before a message is marked failed (it stays in the outbox with its last error); a permanent refusal (5xx) fails at once',
  }),
  mailClaimSeconds: integer({
    name: 'MAIL_CLAIM_SECONDS', min: 1, max: 3600, default: 120, usedBy: 'mail',
    description: 'How long (seconds) a sender holds a message it is sending; a message still held after that (its sender crashed) is tried again, with the same Message-ID',
  }),
  mailSendConcurrency: integer({
    name: 'MAIL_SEND_CONCURRENCY', min: 1, max: 32, default: 4, usedBy: 'mail',
    description: 'Messages one process sends at once (each on its own pooled SMTP connection); also the most a crash can leave in flight, to be sent again with the same Message-ID',
  }),
  mailPollIntervalMs: integer({
    name: 'MAIL_POLL_INTERVAL_MS', min: 0, default: 5_000, usedBy: 'mail',
    description: 'How often (milliseconds) the mail sender looks for due messages, in `ROLE=all` and `ROLE=worker`; `0` only on demand (tests)',
  }),
  altchaHmacKey: custom<string | undefined>({
    name: 'ALTCHA_HMAC_KEY', accepts: 'a secret of at least 32 characters', defaultText: 'derived from the database\'s server secret', usedBy: 'bot check',
    default: () => undefined,
    parse: (raw) => {
      if (raw.trim().length < 32) throw new InvalidSettingValue();
      return raw.trim();
    },
    description: 'The key that signs proof-of-work (altcha) challenges; unset, one is derived from the secret stored in the database, the same for every process',
  }),
  recaptchaVerifyUrl: custom<string>({
    name: 'RECAPTCHA_VERIFY_URL', accepts: 'an `http` or `https` address', defaultText: '`https://recaptchaenterprise.googleapis.com/v1/projects/{projectId}/assessments`', usedBy: 'bot check',
    default: () => 'https://recaptchaenterprise.googleapis.com/v1/projects/{projectId}/assessments', parse: parseHttpUrl('RECAPTCHA_VERIFY_URL'),
    description: 'The reCAPTCHA Enterprise assessment endpoint (`{projectId}` is replaced by `RECAPTCHA_PROJECT_ID`); tests point it at a local stand-in',
  }),
  recaptchaProjectId: text({
    name: 'RECAPTCHA_PROJECT_ID', accepts: 'a Google Cloud project id', defaultText: 'unset', usedBy: 'bot check',
    description: 'The Google Cloud project of the reCAPTCHA Enterprise key',
  }),
  recaptchaApiKey: text({
    name: 'RECAPTCHA_API_KEY', accepts: 'an API key', defaultText: 'unset', usedBy: 'bot check',
    description: 'The API key sent with each assessment (`?key=`). Without it (or the project id), forms using reCAPTCHA are refused as not set up',
  }),
  recaptchaScoreThreshold: custom<number>({
    name: 'RECAPTCHA_SCORE_THRESHOLD', accepts: 'a number from 0 to 1', defaultText: '`0.5`', usedBy: 'bot check',
    default: () => 0.5,
    parse: (raw) => {
      const value = Number(raw.trim());
      if (!DECIMAL.test(raw.trim()) || !(value >= 0 && value <= 1)) throw new InvalidSettingValue();
      return value;
    },
    description: 'A reCAPTCHA assessment scoring below this is refused',
  }),
};

/** The typed value of each setting. */
export type SettingValues = { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K] extends Setting<infer T> ? T : never };

/** The environment the settings are read from (process.env, or a test's own object). */
export type SettingsEnv = Readonly<Record<string, string | undefined>>;

/**
 * Every setting from `env`, checked. Unset (or blank) ones take their defaults. Throws one
 * `ConfigError` listing every value that is not accepted, each naming the variable, what it got
 * and what it accepts.
 */
export function readSettings(env: SettingsEnv): SettingValues;
/** Only the named settings (the CLI reads the database ones): the others are neither read nor checked. */
export function readSettings<K extends keyof SettingValues>(env: SettingsEnv, only: readonly K[]): Pick<SettingValues, K>;
export function readSettings(env: SettingsEnv, only?: readonly (keyof SettingValues)[]): Partial<SettingValues> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, setting] of Object.entries(SETTINGS) as [keyof SettingValues, Setting<unknown>][]) {
    if (only && !only.includes(key)) continue;
    const raw = env[setting.name];
    if (raw === undefined || raw.trim() === '') {
      values[key] = setting.fallback();
      continue;
    }
    try {
      values[key] = setting.parse(raw);
    } catch (error) {
      problems.push(
        error instanceof InvalidSettingValue || !(error instanceof Error)
          ? `${setting.name} must be ${setting.accepts.replace(/`/g, '')}, got ${JSON.stringify(raw)}`
          : error.message,
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return values as Partial<SettingValues>;
}

/** Every setting's variable name, in the list's order. */
export const SETTING_NAMES: readonly string[] = Object.values(SETTINGS).map((s: Setting<unknown>) => s.name);
