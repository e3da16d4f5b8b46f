import { domainError } from '../shared/error-catalogue';
import { isSupportedCurrency } from '../shared/money';
import { checkLink, checkSiteTitle, checkText, isEpochMs, notAnOption, SITE_LIMITS, templatedError, type Check } from './site-limits';

/** The site's time zone until the owner picks one (SPEC 3, Website). */
export const DEFAULT_TIME_ZONE = 'America/New_York';
/** A new website's title until its owner names it. */
export const DEFAULT_WEBSITE_TITLE = 'My Site';
/** A new website's currency until its owner changes it. */
export const DEFAULT_CURRENCY = 'USD';

/**
 * Site statuses the SPEC names (section 3 'Subscription statuses', section 4 'Site status'). The SPEC
 * does not show their numbers: these are ours, stable once stored.
 */
export const SITE_STATUS_VALUES = { trial: 1, paid: 2, expired: 3, pastdue: 4, beta: 5, removed: 6, internal: 7, comped: 8 } as const;
export type SiteStatusName = keyof typeof SITE_STATUS_VALUES;

/** Website types (SPEC 4: parking and cover pages never count as expired). Numbers are ours. */
export const WEBSITE_TYPES = { website: 1, 'cover-page': 2, 'parking-page': 3 } as const;
export type WebsiteTypeName = keyof typeof WEBSITE_TYPES;

/** Share buttons an owner can switch on (Website.shareButtonOptions). */
export const SHARE_BUTTONS = ['facebook', 'twitter', 'pinterest', 'linkedin', 'reddit', 'tumblr', 'email'] as const;
export type ShareButton = (typeof SHARE_BUTTONS)[number];
export type ShareButtonOptions = Record<ShareButton, boolean>;

/** SPEC 3 'Social link': serviceName ('email' is special: its profile link is a mailto: address). */
export type SocialAccount = { serviceName: string; userName: string; profileUrl: string };

/**
 * A line of text across the top of every page (with an optional link), on or off. Our own: the
 * SPEC lists the header and footer html; the announcement bar is the short notice owners change
 * most often, so it has fields of its own.
 */
export type AnnouncementBar = { enabled: boolean; text: string; url: string | null };
export const DEFAULT_ANNOUNCEMENT_BAR: AnnouncementBar = { enabled: false, text: '', url: null };

/** What the owner sets about the website (SPEC 3 'Website' plus title, tag line, currency, logo). */
export type WebsiteSettings = {
  siteTitle: string;
  siteTagLine: string;
  /** IANA time zone; SPEC default America/New_York. */
  timeZone: string;
  language: string;
  currency: string;
  useCLDRMoneyFormat: boolean;
  siteStatus: SiteStatusName;
  /** Epoch ms the trial or subscription ends; null when it does not. */
  expiration: number | null;
  websiteType: WebsiteTypeName;
  commentsEnabled: boolean;
  simpleLikingEnabled: boolean;
  disqusShortname: string | null;
  shareButtonOptions: ShareButtonOptions;
  socialAccounts: SocialAccount[];
  /** An image id of the media library (stored as given). */
  logoImageId: string | null;
  /** Website.captchaSettings.siteKey */
  captchaSiteKey: string | null;
  announcementBar: AnnouncementBar;
  /** SPEC 3 storeSettings.expressCheckout (SPEC 4: with it on, a successful add goes straight to checkout). */
  expressCheckout: boolean;
  /**
   * SPEC 3 storeSettings.multipleQuantityAllowedForServices. Null until the owner sets it: then the
   * environment's MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES decides (see `storeSettingsOf`).
   */
  multipleQuantityAllowedForServices: boolean | null;
  /**
   * The smallest cart subtotal that may check out, in minor units of the store currency (0: no
   * minimum; SPEC 5 'Checkout minimum'). Null until the owner sets it: then the environment's
   * CHECKOUT_MINIMUM_SUBTOTAL_CENTS decides.
   */
  checkoutMinimumSubtotalCents: number | null;
};

export type WebsiteSettingsChanges = Partial<Omit<WebsiteSettings, 'shareButtonOptions' | 'announcementBar'>> & {
  shareButtonOptions?: Partial<ShareButtonOptions>;
  announcementBar?: Partial<AnnouncementBar>;
};

export const DEFAULT_SHARE_BUTTONS: ShareButtonOptions = {
  facebook: true, twitter: true, pinterest: false, linkedin: false, reddit: false, tumblr: false, email: false,
};

export function defaultWebsiteSettings(created: { title: string; currency: string; timeZone: string }): WebsiteSettings {
  return {
    siteTitle: created.title,
    siteTagLine: '',
    timeZone: created.timeZone || DEFAULT_TIME_ZONE,
    language: 'en-US',
    currency: created.currency,
    useCLDRMoneyFormat: true,
    siteStatus: 'paid',
    expiration: null,
    websiteType: 'website',
    commentsEnabled: true,
    simpleLikingEnabled: true,
    disqusShortname: null,
    shareButtonOptions: DEFAULT_SHARE_BUTTONS,
    socialAccounts: [],
    logoImageId: null,
    captchaSiteKey: null,
    announcementBar: DEFAULT_ANNOUNCEMENT_BAR,
    expressCheckout: false,
    multipleQuantityAllowedForServices: null,
    checkoutMinimumSubtotalCents: null,
  };
}

/** The largest checkout minimum an owner may set, in minor units (a billion dollars, or ¥100,000,000,000). */
export const MAX_CHECKOUT_MINIMUM_MINOR = 100_000_000_000;

/** What the store falls back on for a store setting its owner has not set: the environment's values. */
export type StoreSettingDefaults = { multipleQuantityAllowedForServices: boolean; checkoutMinimumSubtotalCents: number };

/** The store's settings in force (SPEC 3 'Site context' storeSettings, plus the checkout minimum). */
export type StoreSettings = {
  selectedCurrency: string;
  expressCheckout: boolean;
  multipleQuantityAllowedForServices: boolean;
  checkoutMinimumSubtotalCents: number;
};

/**
 * The store settings in force: what the owner set wins; a setting never set (null) is the
 * environment's (`defaults`). Old websites, whose settings predate these fields, count as never set.
 */
export function storeSettingsOf(settings: WebsiteSettings, defaults: StoreSettingDefaults): StoreSettings {
  return {
    selectedCurrency: settings.currency,
    expressCheckout: settings.expressCheckout ?? false,
    multipleQuantityAllowedForServices: settings.multipleQuantityAllowedForServices ?? defaults.multipleQuantityAllowedForServices,
    checkoutMinimumSubtotalCents: settings.checkoutMinimumSubtotalCents ?? defaults.checkoutMinimumSubtotalCents,
  };
}

/**
 * The settings restoring an earlier version brings back (issue 12), with the header and footer: not
 * the subscription's status, expiry or the website's type, which are not the owner's design.
 */
export const WEBSITE_RESTORED_SETTINGS = [
  'siteTitle', 'siteTagLine', 'timeZone', 'language', 'currency', 'useCLDRMoneyFormat', 'commentsEnabled', 'simpleLikingEnabled', 'disqusShortname',
  'shareButtonOptions', 'socialAccounts', 'logoImageId', 'captchaSiteKey', 'announcementBar', 'expressCheckout',
  'multipleQuantityAllowedForServices', 'checkoutMinimumSubtotalCents',
] as const satisfies readonly (keyof WebsiteSettings)[];

export function applySettingsChanges(settings: WebsiteSettings, changes: WebsiteSettingsChanges): WebsiteSettings {
  const next: WebsiteSettings = { ...settings };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (key === 'shareButtonOptions') next.shareButtonOptions = { ...settings.shareButtonOptions, ...(value as Partial<ShareButtonOptions>) };
    else if (key === 'announcementBar') next.announcementBar = { ...(settings.announcementBar ?? DEFAULT_ANNOUNCEMENT_BAR), ...(value as Partial<AnnouncementBar>) };
    else (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

/** True when `timeZone` names an IANA zone this runtime knows (Intl), e.g. 'Europe/Paris'. */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function checkTimeZone(timeZone: string): Check {
  return isValidTimeZone(timeZone) ? null : templatedError('INVALID_TIME_ZONE', { timeZone: String(timeZone).slice(0, 100) });
}

export function isValidLanguage(language: string): boolean {
  if (typeof language !== 'string' || language.length === 0 || language.length > 35) return false;
  try {
    return Intl.getCanonicalLocales(language).length === 1;
  } catch {
    return false;
  }
}

const SERVICE_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

export function checkSocialAccount(account: SocialAccount): Check {
  const { serviceName, userName, profileUrl } = account;
  if (typeof serviceName !== 'string' || !SERVICE_NAME.test(serviceName)) return domainError('INVALID_SOCIAL_ACCOUNT', { serviceName });
  if (typeof userName !== 'string' || userName.length > SITE_LIMITS.nameMaxLength) return domainError('INVALID_SOCIAL_ACCOUNT', { serviceName });
  if (serviceName === 'email') {
    const address = profileUrl.startsWith('mailto:') ? profileUrl.slice('mailto:'.length) : profileUrl;
    return EMAIL.test(address) && profileUrl.length <= 256 ? null : domainError('INVALID_SOCIAL_ACCOUNT', { serviceName });
  }
  if (!/^https?:/i.test(profileUrl)) return templatedError('INVALID_LINK', { val: String(profileUrl).slice(0, 100) }, { field: 'socialAccounts.profileUrl' });
  return checkLink(profileUrl, 'socialAccounts.profileUrl');
}

/** Every rule the website's settings must satisfy; the first broken one. */
export function validateWebsiteSettings(s: WebsiteSettings): Check {
  return (
    checkSiteTitle(s.siteTitle) ||
    checkText(s.siteTagLine, 'siteTagLine', SITE_LIMITS.tagLineMaxLength) ||
    checkTimeZone(s.timeZone) ||
    (isValidLanguage(s.language) ? null : domainError('INVALID_LANGUAGE', { language: s.language })) ||
    (isSupportedCurrency(s.currency) ? null : domainError('UNSUPPORTED_CURRENCY', { currency: s.currency })) ||
    (Object.prototype.hasOwnProperty.call(SITE_STATUS_VALUES, s.siteStatus) ? null : notAnOption(String(s.siteStatus), 'siteStatus')) ||
    (s.expiration === null || isEpochMs(s.expiration) ? null : domainError('INVALID_DATE', { field: 'expiration' })) ||
    (s.siteStatus === 'trial' && s.expiration === null ? domainError('INVALID_SITE_STATUS') : null) ||
    (Object.prototype.hasOwnProperty.call(WEBSITE_TYPES, s.websiteType) ? null : notAnOption(String(s.websiteType), 'websiteType')) ||
    checkText(s.disqusShortname, 'disqusShortname', SITE_LIMITS.nameMaxLength) ||
    checkShareButtons(s.shareButtonOptions) ||
    (s.socialAccounts.length > SITE_LIMITS.socialAccounts
      ? domainError('INVALID_SOCIAL_ACCOUNT', { limit: SITE_LIMITS.socialAccounts }, `At most ${SITE_LIMITS.socialAccounts} social accounts.`)
      : null) ||
    s.socialAccounts.map(checkSocialAccount).find((e) => e !== null) ||
    checkText(s.logoImageId, 'logoImageId', SITE_LIMITS.idMaxLength) ||
    checkText(s.captchaSiteKey, 'captchaSiteKey', SITE_LIMITS.idMaxLength) ||
    checkAnnouncementBar(s.announcementBar) ||
    checkFlag(s.expressCheckout, 'expressCheckout') ||
    (s.multipleQuantityAllowedForServices === null ? null : checkFlag(s.multipleQuantityAllowedForServices, 'multipleQuantityAllowedForServices')) ||
    checkCheckoutMinimum(s.checkoutMinimumSubtotalCents)
  );
}

function checkFlag(value: unknown, field: string): Check {
  return typeof value === 'boolean' ? null : domainError('INVALID_REQUEST', { field }, `${field} must be true or false.`);
}

/** Null (the environment decides), or whole minor units from 0 to MAX_CHECKOUT_MINIMUM_MINOR. */
export function checkCheckoutMinimum(value: number | null): Check {
  if (value === null) return null;
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_CHECKOUT_MINIMUM_MINOR
    ? null
    : domainError('INVALID_PRICE', { field: 'checkoutMinimumSubtotalCents', max: MAX_CHECKOUT_MINIMUM_MINOR },
        `The checkout minimum must be a whole number of minor units from 0 to ${MAX_CHECKOUT_MINIMUM_MINOR}.`);
}

/** The bar's text is plain text of at most 300 characters, required while it is on; its link follows the link rules (SPEC 5). */
export function checkAnnouncementBar(bar: AnnouncementBar): Check {
  if (typeof bar.enabled !== 'boolean') {
    return domainError('INVALID_REQUEST', { field: 'announcementBar.enabled' }, 'announcementBar.enabled must be true or false.');
  }
  const tooLong = checkText(bar.text, 'announcementBar.text', SITE_LIMITS.announcementMaxLength);
  if (tooLong) return tooLong;
  if (bar.enabled && bar.text.trim() === '') return domainError('INVALID_TEXT_FIELD', { field: 'announcementBar.text' }, 'Enter the announcement to show it.');
  return bar.url === null ? null : checkLink(bar.url, 'announcementBar.url');
}

function checkShareButtons(options: Record<string, unknown>): Check {
  for (const [name, value] of Object.entries(options)) {
    if (!(SHARE_BUTTONS as readonly string[]).includes(name)) return notAnOption(name, 'shareButtonOptions');
    if (typeof value !== 'boolean') return domainError('INVALID_REQUEST', { field: `shareButtonOptions.${name}` }, `shareButtonOptions.${name} must be true or false.`);
  }
  return null;
}

const DAY_MS = 86_400_000;

/** SPEC 4: trial days remaining = days until expiration plus 1, never below 0. */
export function trialDaysLeft(expiration: number | null, nowMs: number): number | null {
  if (expiration === null) return null;
  return Math.max(0, Math.floor((expiration - nowMs) / DAY_MS) + 1);
}

/**
 * SPEC 4: expired websites, excluding parking-page and cover-page types, count as expired. A trial
 * past its expiration is expired too.
 */
export function isWebsiteExpired(settings: Pick<WebsiteSettings, 'siteStatus' | 'expiration' | 'websiteType'>, nowMs: number): boolean {
  if (settings.websiteType !== 'website') return false;
  if (settings.siteStatus === 'expired') return true;
  return settings.siteStatus === 'trial' && settings.expiration !== null && settings.expiration <= nowMs;
}
