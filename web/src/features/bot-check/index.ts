/** The bot check of the storefront's forms: `useBotCheck(method, action)` (use-bot-check.tsx). */
export { useBotCheck, BOT_CHECK_STRINGS, ALTCHA_CHALLENGE_URL, type BotCheckHandle, type BotCheckOptions } from './use-bot-check';
export { solveAltcha, altchaToken, type AltchaChallenge, type AltchaSolution } from './altcha-solver';
