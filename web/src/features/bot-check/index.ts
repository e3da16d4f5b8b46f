/** The bot check of the storefront's forms: `useBotCheck(method, action)` (use-bot-check.tsx); its altcha solver and reCAPTCHA loader load only when a form uses them. */
export { useBotCheck, BOT_CHECK_STRINGS, ALTCHA_CHALLENGE_URL, type BotCheckHandle, type BotCheckOptions } from './use-bot-check';
