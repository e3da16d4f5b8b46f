/** The bot check: inject `BotCheck` and call `verify` (see bot-check.ts). */
export { BotCheckModule } from './bot-check.module';
export { BotCheck } from './bot-check';
export { AltchaCheck } from './altcha-check';
export { RecaptchaCheck } from './recaptcha-check';
export type { BotCheckAction, BotCheckFailure, BotCheckMethod, BotCheckRequest, BotCheckResult } from './bot-check.types';
