/**
 * The bot check shared by the server (apps/api/src/bot-check) and the browser
 * (web/src/features/bot-check): the methods a form may use, the SPEC's captcha actions (section 7)
 * and its messages (sections 8 and 9).
 */

/** How a form checks for bots: not at all, a self-hosted proof of work (altcha), or reCAPTCHA Enterprise v3. */
export type BotCheckMethod = 'none' | 'altcha' | 'recaptcha';
export const BOT_CHECK_METHODS: readonly BotCheckMethod[] = ['none', 'altcha', 'recaptcha'];

/** SPEC 7: the enterprise captcha's actions, one per kind of submission. */
export const BOT_CHECK_ACTIONS = ['FORM_BLOCK_SUBMISSION', 'NEWSLETTER_BLOCK_SUBMISSION', 'PRODUCT_WAITLIST_SUBMISSION', 'PROMO_POPUP_SUBMISSION'] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

export function isBotCheckMethod(value: unknown): value is BotCheckMethod {
  return typeof value === 'string' && (BOT_CHECK_METHODS as readonly string[]).includes(value);
}

export function isBotCheckAction(value: unknown): value is BotCheckAction {
  return typeof value === 'string' && (BOT_CHECK_ACTIONS as readonly string[]).includes(value);
}

export const BOT_CHECK_MESSAGES = {
  /** SPEC 8: no solution or token, or one that does not pass. */
  incomplete: 'Complete CAPTCHA before submitting.',
  /** SPEC 9: a reCAPTCHA form on a website without captchaSettings.siteKey. */
  siteKeyMissing: 'Enterprise V3 ReCaptcha site key not found',
  /** The server has no reCAPTCHA project or API key: captcha not set up is a rejection too. */
  recaptchaNotSetUp: 'Enterprise V3 ReCaptcha is not set up on this server',
  /** The verification service could not be reached or answered nonsense. */
  unavailable: 'CAPTCHA could not be checked right now. Please try again.',
} as const;

/** The longest token accepted (an altcha payload or a reCAPTCHA token); longer is refused unread. */
export const BOT_CHECK_TOKEN_MAX_LENGTH = 8192;

/** Compact badge below this container width (SPEC 5). */
export const CAPTCHA_COMPACT_BELOW_PX = 320;
