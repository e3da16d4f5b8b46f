/**
 * SPEC 7 `POST /api/site-users/account/notifications/restock` with SPEC 3's sign-up payload.
 * Plain fetch: the island's chunk stays small. A failure answers the server's message, else
 * SPEC 8's 'Unable to submit form. Please try again later.'
 */
import { RESTOCK_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';

export const RESTOCK_SIGN_UP_PATH = '/api/site-users/account/notifications/restock';

export type RestockSignUpPayload = {
  isJoinMailingList: boolean;
  productId: string;
  variantId: string;
  siteVisitorEmail: string;
  recaptchaEnterpriseV3Token?: string;
  language?: string;
};

export type RestockSignUpOutcome = { ok: true } | { ok: false; message: string };

const XSRF_COOKIE = 'xsrf_token';

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  // A signed-in owner browsing the store echoes the session's XSRF token, as the other islands do.
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  if (match) h['X-XSRF-Token'] = decodeURIComponent(match.slice(XSRF_COOKIE.length + 1));
  return h;
}

/** The server's message of a refused sign-up, else SPEC 8's. */
export function restockFailureMessage(body: unknown): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : RESTOCK_ERROR_MESSAGES.RESTOCK_SUBMIT_FAILED;
}

export async function signUpForRestock(payload: RestockSignUpPayload): Promise<RestockSignUpOutcome> {
  try {
    const res = await fetch(new URL(RESTOCK_SIGN_UP_PATH, window.location.origin).toString(), {
      method: 'POST', credentials: 'same-origin', headers: headers(), body: JSON.stringify(payload),
    });
    if (res.ok) return { ok: true };
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    return { ok: false, message: restockFailureMessage(body) };
  } catch {
    return { ok: false, message: RESTOCK_ERROR_MESSAGES.RESTOCK_SUBMIT_FAILED };
  }
}
