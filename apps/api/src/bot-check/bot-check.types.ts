import type { BotCheckAction, BotCheckMethod } from '@storefront/domain';

export type { BotCheckAction, BotCheckMethod } from '@storefront/domain';

/** What a submission brings for the bot check: the form's method, the token its browser made, the SPEC action. */
export type BotCheckRequest = { method: BotCheckMethod; token?: string; action: BotCheckAction };

/**
 * Why a check refused: no token; a token that does not pass (bad, expired, for another action,
 * scoring too low); one already used; the method not set up (no site key, no credentials); the
 * verification service unreachable.
 */
export type BotCheckFailure = 'missing' | 'invalid' | 'expired' | 'replayed' | 'wrong-action' | 'low-score' | 'not-set-up' | 'unavailable' | 'unknown-method';

/** `message` is what the visitor is shown (the SPEC's wording); `reason` is for the caller and the logs. */
export type BotCheckResult = { ok: true } | { ok: false; message: string; reason?: BotCheckFailure };

/** One method's check (AltchaCheck, RecaptchaCheck). */
export interface BotCheckVerifier {
  verify(token: string | undefined, action: BotCheckAction): Promise<BotCheckResult>;
}
