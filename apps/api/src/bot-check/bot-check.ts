import { Injectable } from '@nestjs/common';
import { BOT_CHECK_MESSAGES, isBotCheckAction } from '@storefront/domain';
import { AltchaCheck } from './altcha-check';
import type { BotCheckRequest, BotCheckResult } from './bot-check.types';
import { RecaptchaCheck } from './recaptcha-check';

/**
 * The bot check a form (or a restock sign-up) chooses: 'none' passes; 'altcha' checks a
 * self-hosted proof of work; 'recaptcha' asks reCAPTCHA Enterprise. A method that is not set up
 * refuses (SPEC 9: captcha not set up is a rejection). Never throws for a visitor's input.
 */
@Injectable()
export class BotCheck {
  constructor(
    private readonly altcha: AltchaCheck,
    private readonly recaptcha: RecaptchaCheck,
  ) {}

  async verify(request: BotCheckRequest): Promise<BotCheckResult> {
    if (!isBotCheckAction(request.action)) return { ok: false, message: BOT_CHECK_MESSAGES.incomplete, reason: 'invalid' };
    switch (request.method) {
      case 'none':
        return { ok: true };
      case 'altcha':
        return this.altcha.verify(request.token, request.action);
      case 'recaptcha':
        return this.recaptcha.verify(request.token, request.action);
      default:
        return { ok: false, message: BOT_CHECK_MESSAGES.incomplete, reason: 'unknown-method' };
    }
  }
}
