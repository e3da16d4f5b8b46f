import { BOT_CHECK_MESSAGES, CAPTCHA_COMPACT_BELOW_PX, type BotCheckAction, type BotCheckMethod } from '@storefront/domain/bot-check';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { readSiteContext } from '../../app/site-context';
// The solver and the reCAPTCHA loader are loaded only by a form whose bot check uses them: most forms have none.
import type { AltchaChallenge } from './altcha-solver';
import type { GrecaptchaEnterprise } from './recaptcha';
import './bot-check.css';

export const ALTCHA_CHALLENGE_URL = '/api/bot-check/altcha/challenge';

export const BOT_CHECK_STRINGS = {
  idle: 'This form checks that you are human when you send it.',
  idleShort: 'Human check',
  solving: 'Checking that you are human…',
  solvingShort: 'Checking…',
  solved: 'Checked: you can send the form.',
  solvedShort: 'Checked',
  failed: BOT_CHECK_MESSAGES.incomplete,
  recaptchaLabel: 'Protected by reCAPTCHA',
} as const;

export type BotCheckHandle = {
  /** What the form shows for its bot check (null for 'none'): render it inside the form, above the button. */
  element: ReactElement | null;
  /**
   * The token to send as `captchaKey` (undefined for 'none'). Each token is good for one
   * submission: the next call makes a new one. Rejects with an Error whose message is for the
   * visitor ('Complete CAPTCHA before submitting.', or 'Enterprise V3 ReCaptcha site key not found').
   */
  getToken(): Promise<string | undefined>;
  /** Starts again (SPEC: on a failed submission the captcha resets). */
  reset(): void;
};

export type BotCheckOptions = {
  /** The reCAPTCHA site key; by default the page's (site context website.captchaSettings.siteKey). */
  siteKey?: string | null;
  challengeUrl?: string;
};

type AltchaState = 'idle' | 'solving' | 'solved' | 'error';

function siteKeyOfPage(): string | null {
  if (typeof document === 'undefined') return null;
  const website = readSiteContext(document).website as { captchaSettings?: { siteKey?: unknown } } | undefined;
  const key = website?.captchaSettings?.siteKey;
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : null;
}

/** Whether the element is narrower than the SPEC's 320 px, kept up to date as it resizes. */
function useCompact(ref: { current: HTMLElement | null }): boolean {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // 0: not laid out (hidden, or no layout at all): nothing to measure yet.
    const measure = () => {
      const { width } = element.getBoundingClientRect();
      setCompact(width > 0 && width < CAPTCHA_COMPACT_BELOW_PX);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  });
  return compact;
}

/** Calls `start` once, the first time focus enters the form around `ref` (the visitor begins filling it in). */
function useOnFormFocus(ref: { current: HTMLElement | null }, start: () => void, enabled: boolean) {
  useEffect(() => {
    const form = enabled ? ref.current?.closest('form') : null;
    if (!form) return;
    const onFocus = () => start();
    form.addEventListener('focusin', onFocus, { once: true });
    return () => form.removeEventListener('focusin', onFocus);
  }, [ref, start, enabled]);
}

/**
 * The bot check of one form: `method` as its definition says ('none', 'altcha' or 'recaptcha')
 * and the SPEC action for the kind of submission. The proof of work starts when the visitor first
 * focuses the form (or at the latest when it is sent); the reCAPTCHA script is loaded then too,
 * with the site key, and only on pages whose form uses it.
 */
export function useBotCheck(method: BotCheckMethod, action: BotCheckAction, options: BotCheckOptions = {}): BotCheckHandle {
  const ref = useRef<HTMLDivElement | null>(null);
  const compact = useCompact(ref);
  const challengeUrl = options.challengeUrl ?? ALTCHA_CHALLENGE_URL;
  const siteKey = method === 'recaptcha' ? (options.siteKey !== undefined ? options.siteKey : siteKeyOfPage()) : null;

  // altcha: one solving at a time; its token is used once.
  const [altchaState, setAltchaState] = useState<AltchaState>('idle');
  const solving = useRef<{ promise: Promise<string>; controller: AbortController } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      solving.current?.controller.abort();
    };
  }, []);
  const setState = (state: AltchaState) => {
    if (mounted.current) setAltchaState(state);
  };

  const startAltcha = useCallback((): Promise<string> => {
    if (solving.current) return solving.current.promise;
    const controller = new AbortController();
    const promise = (async () => {
      setState('solving');
      try {
        const res = await fetch(new URL(challengeUrl, document.baseURI).toString(), { credentials: 'same-origin', signal: controller.signal, headers: { accept: 'application/json' } });
        if (!res.ok) throw new Error(`challenge: HTTP ${res.status}`);
        const challenge = (await res.json()) as AltchaChallenge;
        const { altchaToken, solveAltcha } = await import('./altcha-solver');
        const solution = await solveAltcha(challenge, { signal: controller.signal });
        setState('solved');
        return altchaToken(challenge, solution);
      } catch (error) {
        if (solving.current?.controller === controller) solving.current = null;
        if (!controller.signal.aborted) setState('error');
        throw error;
      }
    })();
    promise.catch(() => undefined);
    solving.current = { promise, controller };
    return promise;
  }, [challengeUrl]);

  // recaptcha: the provider renders its invisible widget and inline badge into our element.
  const widget = useRef<{ enterprise: GrecaptchaEnterprise; id: number } | null>(null);
  const recaptchaLoading = useRef<Promise<{ enterprise: GrecaptchaEnterprise; id: number }> | null>(null);
  const startRecaptcha = useCallback(() => {
    if (!siteKey) return Promise.reject(new Error(BOT_CHECK_MESSAGES.siteKeyMissing));
    recaptchaLoading.current ??= import('./recaptcha').then(({ loadRecaptcha }) => loadRecaptcha()).then(
      (enterprise) => {
        const container = ref.current;
        if (!container) throw new Error(BOT_CHECK_MESSAGES.incomplete);
        const host = document.createElement('div');
        container.appendChild(host);
        widget.current = { enterprise, id: enterprise.render(host, { sitekey: siteKey, badge: 'inline', size: 'invisible' }) };
        return widget.current;
      },
      (error: unknown) => {
        recaptchaLoading.current = null;
        throw error;
      },
    );
    return recaptchaLoading.current;
  }, [siteKey]);

  const start = useCallback(() => {
    if (method === 'altcha') void startAltcha().catch(() => undefined);
    if (method === 'recaptcha') void startRecaptcha().catch(() => undefined);
  }, [method, startAltcha, startRecaptcha]);
  useOnFormFocus(ref, start, method !== 'none');

  const getToken = useCallback(async (): Promise<string | undefined> => {
    if (method === 'none') return undefined;
    if (method === 'recaptcha') {
      const { enterprise, id } = await startRecaptcha();
      try {
        return await enterprise.execute(id, { action });
      } catch {
        throw new Error(BOT_CHECK_MESSAGES.incomplete);
      }
    }
    try {
      const token = await startAltcha();
      // Spent by this submission: the next one solves a new challenge.
      solving.current = null;
      return token;
    } catch {
      throw new Error(BOT_CHECK_MESSAGES.incomplete);
    }
  }, [method, action, startAltcha, startRecaptcha]);

  const reset = useCallback(() => {
    if (method === 'altcha') {
      solving.current?.controller.abort();
      solving.current = null;
      setState('idle');
    }
    if (method === 'recaptcha' && widget.current) widget.current.enterprise.reset(widget.current.id);
  }, [method]);

  const element = useMemo((): ReactElement | null => {
    if (method === 'none') return null;
    const compactClass = compact ? ' bot-check--compact' : '';
    if (method === 'recaptcha') {
      return <div ref={ref} className={`bot-check bot-check--recaptcha${compactClass}`} data-bot-check="recaptcha" aria-label={BOT_CHECK_STRINGS.recaptchaLabel} />;
    }
    const [mark, long, short] =
      altchaState === 'solved' ? ['✓', BOT_CHECK_STRINGS.solved, BOT_CHECK_STRINGS.solvedShort]
      : altchaState === 'solving' ? ['', BOT_CHECK_STRINGS.solving, BOT_CHECK_STRINGS.solvingShort]
      : altchaState === 'error' ? ['!', BOT_CHECK_STRINGS.failed, BOT_CHECK_STRINGS.failed]
      : ['', BOT_CHECK_STRINGS.idle, BOT_CHECK_STRINGS.idleShort];
    return (
      <div ref={ref} className={`bot-check bot-check--altcha bot-check--${altchaState}${compactClass}`} data-bot-check="altcha" data-state={altchaState} role="status" aria-live="polite">
        <span className="bot-check__mark" aria-hidden="true">{mark}</span>
        <span className="bot-check__text">
          {compact ? short : long}
        </span>
      </div>
    );
  }, [method, altchaState, compact]);

  return { element, getToken, reset };
}
