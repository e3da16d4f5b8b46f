import type { BotCheckAction } from '@storefront/domain/bot-check';

/** The part of the provider's `grecaptcha.enterprise` the bot check uses. */
export type GrecaptchaEnterprise = {
  ready(callback: () => void): void;
  render(container: HTMLElement, parameters: { sitekey: string; badge?: 'bottomright' | 'bottomleft' | 'inline'; size?: 'invisible' }): number;
  execute(widgetOrSiteKey: number | string, options: { action: BotCheckAction }): Promise<string>;
  reset(widget?: number): void;
};

declare global {
  interface Window {
    grecaptcha?: { enterprise?: GrecaptchaEnterprise };
    __storefrontRecaptchaLoaded?: () => void;
  }
}

/** The provider's script (SPEC 7: loaded with the site key, on demand). Published pages' CSP allows exactly this path. */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/enterprise.js';
/** Loading the script may take this long before the check counts as failed. */
export const RECAPTCHA_LOAD_TIMEOUT_MS = 20_000;

let loading: Promise<GrecaptchaEnterprise> | null = null;

/**
 * Loads the provider's script once per page (explicit rendering, so each form renders its own
 * inline badge), resolving when `grecaptcha.enterprise` is ready. A failed load is forgotten, so
 * the next attempt tries again.
 */
export function loadRecaptcha(doc: Document = document): Promise<GrecaptchaEnterprise> {
  const win = doc.defaultView as Window | null;
  const ready = win?.grecaptcha?.enterprise;
  if (ready) return new Promise((resolve) => ready.ready(() => resolve(ready)));
  loading ??= new Promise<GrecaptchaEnterprise>((resolve, reject) => {
    const fail = (message: string) => {
      loading = null;
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail('The CAPTCHA could not be loaded.'), RECAPTCHA_LOAD_TIMEOUT_MS);
    if (win) {
      win.__storefrontRecaptchaLoaded = () => {
        clearTimeout(timer);
        const enterprise = win.grecaptcha?.enterprise;
        if (!enterprise) return fail('The CAPTCHA could not be loaded.');
        enterprise.ready(() => resolve(enterprise));
      };
    }
    const script = doc.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT_URL}?render=explicit&onload=__storefrontRecaptchaLoaded`;
    script.async = true;
    script.addEventListener('error', () => {
      clearTimeout(timer);
      script.remove();
      fail('The CAPTCHA could not be loaded.');
    });
    doc.head.appendChild(script);
  });
  return loading;
}

/** Forgets a load in progress (tests). */
export function forgetRecaptchaLoad(): void {
  loading = null;
}
