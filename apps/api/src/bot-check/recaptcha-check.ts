import { Inject, Injectable, Logger } from '@nestjs/common';
import { BOT_CHECK_MESSAGES, BOT_CHECK_TOKEN_MAX_LENGTH, WEBSITE_STREAM_ID, websiteDecider, type BotCheckAction, type WebsiteEvent, type WebsiteState } from '@storefront/domain';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CommandExecutor } from '../infrastructure/command-executor';
import type { BotCheckFailure, BotCheckResult, BotCheckVerifier } from './bot-check.types';

/** How long the assessment may take before the check counts as unavailable. */
export const RECAPTCHA_TIMEOUT_MS = 5_000;
/** The largest assessment answer read. */
const RESPONSE_MAX_BYTES = 64 * 1024;

/** The parts of a reCAPTCHA Enterprise assessment this check reads. */
type Assessment = {
  tokenProperties?: { valid?: unknown; invalidReason?: unknown; action?: unknown };
  riskAnalysis?: { score?: unknown };
};

const refuse = (reason: BotCheckFailure, message: string = BOT_CHECK_MESSAGES.incomplete): BotCheckResult => ({ ok: false, message, reason });

/**
 * reCAPTCHA Enterprise v3: the browser runs the provider's script with the website's site key
 * (Website captchaSettings.siteKey) and the SPEC action, and sends the token; this asks the
 * assessment endpoint (RECAPTCHA_VERIFY_URL with RECAPTCHA_PROJECT_ID and RECAPTCHA_API_KEY) and
 * passes a token that is valid, made for this action and scoring at least
 * RECAPTCHA_SCORE_THRESHOLD. Not set up (no site key, or no project or API key) is a refusal. The
 * real service cannot be reached from here: the tests run it against a local stand-in of the
 * endpoint (bot-check.e2e.spec.ts).
 */
@Injectable()
export class RecaptchaCheck implements BotCheckVerifier {
  private readonly logger = new Logger('RecaptchaCheck');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly executor: CommandExecutor,
  ) {}

  /** The website's reCAPTCHA site key (captchaSettings.siteKey), or null when the owner has set none. */
  async siteKey(): Promise<string | null> {
    const state = await this.executor.peek<WebsiteState, WebsiteEvent>(websiteDecider, WEBSITE_STREAM_ID);
    const key = state.status === 'created' ? state.settings.captchaSiteKey : null;
    return key && key.trim() !== '' ? key.trim() : null;
  }

  async verify(token: string | undefined, action: BotCheckAction): Promise<BotCheckResult> {
    const siteKey = await this.siteKey();
    if (siteKey === null) return refuse('not-set-up', BOT_CHECK_MESSAGES.siteKeyMissing);
    const { projectId, apiKey, verifyUrl, scoreThreshold } = this.config.botCheck.recaptcha;
    if (!projectId || !apiKey) return refuse('not-set-up', BOT_CHECK_MESSAGES.recaptchaNotSetUp);
    if (token === undefined || token === '') return refuse('missing');
    if (typeof token !== 'string' || token.length > BOT_CHECK_TOKEN_MAX_LENGTH) return refuse('invalid');

    const url = new URL(verifyUrl.replace('{projectId}', encodeURIComponent(projectId)));
    url.searchParams.set('key', apiKey);
    let assessment: Assessment;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ event: { token, siteKey, expectedAction: action } }),
        signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
        redirect: 'error',
      });
      const body = await response.text();
      if (body.length > RESPONSE_MAX_BYTES) throw new Error(`answer of ${body.length} bytes`);
      if (response.status === 400) return refuse('invalid');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      assessment = JSON.parse(body) as Assessment;
      if (typeof assessment !== 'object' || assessment === null) throw new Error('answer is not an object');
    } catch (error) {
      this.logger.warn(`reCAPTCHA assessment failed: ${error instanceof Error ? error.message : String(error)}`);
      return refuse('unavailable', BOT_CHECK_MESSAGES.unavailable);
    }
    const properties = assessment.tokenProperties ?? {};
    if (properties.valid !== true) return refuse('invalid');
    if (properties.action !== action) return refuse('wrong-action');
    const score = assessment.riskAnalysis?.score;
    if (typeof score !== 'number' || !Number.isFinite(score) || score < scoreThreshold) return refuse('low-score');
    return { ok: true };
  }
}
