/**
 * The restock sign-up (SPEC 3 'Restock sign-up payload', SPEC 5 'Restock', SPEC 7
 * `POST /api/site-users/account/notifications/restock`): parsed at the edge with its limits. The
 * island checks the email with the same function before it sends anything, so the browser and
 * the server word a bad email the same way.
 */
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '../accounts/email';
import type { DomainError } from '../shared/decider';
import { errorOf, REQUEST_ERROR_MESSAGES, restockError } from '../shared/error-catalogue';

export type RestockSignUpRequest = {
  productId: string;
  variantId: string;
  /** Lowercased and trimmed: one sign-up per address and variant. */
  email: string;
  isJoinMailingList: boolean;
  /** The bot check's token (`recaptchaEnterpriseV3Token` in the SPEC's payload, whatever the method). */
  botCheckToken: string | null;
  /** A BCP 47 tag the visitor's page was in, for the mail's words; null when none was sent. */
  language: string | null;
};

type Parsed<T> = { ok: true; value: T } | { ok: false; error: DomainError };

export const RESTOCK_LIMITS = { idMax: 100, tokenMax: 20_000, languageMax: 35 } as const;
const LANGUAGE = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;
const invalid = (field: string, message: string): Parsed<never> => ({ ok: false, error: errorOf('INVALID_REQUEST', message, { field }) });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** SPEC 5 'Restock': 'Email cannot be blank', 'Email is invalid'; else the address to keep. */
export function checkRestockEmail(raw: unknown): { ok: true; email: string } | { ok: false; error: DomainError } {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') return { ok: false, error: restockError('RESTOCK_EMAIL_BLANK', { field: 'siteVisitorEmail' }) };
  if (value.length > EMAIL_MAX_LENGTH || !isValidEmail(value)) return { ok: false, error: restockError('RESTOCK_EMAIL_INVALID', { field: 'siteVisitorEmail' }) };
  return { ok: true, email: normalizeEmail(value) };
}

export function parseRestockSignUp(raw: unknown): Parsed<RestockSignUpRequest> {
  if (!isObject(raw)) return { ok: false, error: errorOf('INVALID_REQUEST', REQUEST_ERROR_MESSAGES.INVALID_REQUEST) };
  const { productId, variantId, isJoinMailingList, recaptchaEnterpriseV3Token, language } = raw;
  if (typeof productId !== 'string' || productId === '' || productId.length > RESTOCK_LIMITS.idMax) return invalid('productId', 'productId must be a product id.');
  if (typeof variantId !== 'string' || variantId === '' || variantId.length > RESTOCK_LIMITS.idMax) return invalid('variantId', 'variantId must be a variant id.');
  if (isJoinMailingList !== undefined && isJoinMailingList !== null && typeof isJoinMailingList !== 'boolean') {
    return invalid('isJoinMailingList', 'isJoinMailingList must be true or false.');
  }
  let botCheckToken: string | null = null;
  if (recaptchaEnterpriseV3Token !== undefined && recaptchaEnterpriseV3Token !== null && recaptchaEnterpriseV3Token !== '') {
    if (typeof recaptchaEnterpriseV3Token !== 'string' || recaptchaEnterpriseV3Token.length > RESTOCK_LIMITS.tokenMax) {
      return invalid('recaptchaEnterpriseV3Token', 'recaptchaEnterpriseV3Token must be text.');
    }
    botCheckToken = recaptchaEnterpriseV3Token;
  }
  let lang: string | null = null;
  if (language !== undefined && language !== null && language !== '') {
    if (typeof language !== 'string' || language.length > RESTOCK_LIMITS.languageMax || !LANGUAGE.test(language)) {
      return invalid('language', 'language must be a language tag such as en-US.');
    }
    lang = language;
  }
  const email = checkRestockEmail(raw.siteVisitorEmail);
  if (!email.ok) return email;
  return { ok: true, value: { productId, variantId, email: email.email, isJoinMailingList: isJoinMailingList === true, botCheckToken, language: lang } };
}
