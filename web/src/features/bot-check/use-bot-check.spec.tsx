/** @jest-environment ./web/test/dom-environment.cjs */
import type { BotCheckAction, BotCheckMethod } from '@storefront/domain/bot-check';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { webcrypto } from 'node:crypto';
import { useImperativeHandle, forwardRef, createRef } from 'react';
import { fakeFetch } from '../../../test/fake-fetch';
import { forgetRecaptchaLoad, type GrecaptchaEnterprise } from './recaptcha';
import { BOT_CHECK_STRINGS, useBotCheck, type BotCheckHandle, type BotCheckOptions } from './use-bot-check';

const SECRET = 'hook-spec-secret';
const KEY_SECRET = 'hook-spec-key-secret';
const newChallenge = (counter = 700) =>
  createChallenge({ algorithm: 'SHA-256', cost: 1, counter, deriveKey, expiresAt: Math.floor(Date.now() / 1000) + 600, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET });

const verify = async (token: string) => {
  const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  return (await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET })).verified;
};

/** A form as an island renders one: a field, the bot check's element, a button. */
const Form = forwardRef<BotCheckHandle, { method: BotCheckMethod; action?: BotCheckAction; options?: BotCheckOptions }>(function Form({ method, action = 'FORM_BLOCK_SUBMISSION', options }, ref) {
  const check = useBotCheck(method, action, options);
  useImperativeHandle(ref, () => check, [check]);
  return (
    <form>
      <label>
        Email <input name="email" />
      </label>
      {check.element}
      <button type="submit">Submit</button>
    </form>
  );
});

beforeAll(() => {
  Object.defineProperty(window, 'crypto', { value: webcrypto, configurable: true });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete window.grecaptcha;
  forgetRecaptchaLoad();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('useBotCheck', () => {
  it("'none' shows nothing and gives no token", async () => {
    const handle = createRef<BotCheckHandle>();
    const { container } = render(<Form ref={handle} method="none" />);
    expect(container.querySelector('[data-bot-check]')).toBeNull();
    await expect(handle.current!.getToken()).resolves.toBeUndefined();
  });

  it("'altcha' starts the proof of work when the visitor focuses the form, says so, and gives a token the server accepts, once", async () => {
    const server = fakeFetch({ 'GET /api/bot-check/altcha/challenge': async () => ({ body: await newChallenge() }) });
    const handle = createRef<BotCheckHandle>();
    render(<Form ref={handle} method="altcha" />);
    const status = screen.getByRole('status');
    expect(status).toHaveProperty('textContent', BOT_CHECK_STRINGS.idle);
    expect(server.calls).toHaveLength(0);
    fireEvent.focusIn(screen.getByLabelText('Email'));
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('solved'));
    expect(status.textContent).toContain(BOT_CHECK_STRINGS.solved);
    const token = await act(() => handle.current!.getToken());
    expect(await verify(token!)).toBe(true);
    expect(server.calls).toHaveLength(1);
    // The next submission gets a new challenge and a new token.
    const second = await act(() => handle.current!.getToken());
    expect(second).not.toBe(token);
    expect(await verify(second!)).toBe(true);
    expect(server.calls).toHaveLength(2);
  });

  it("'altcha' solves on submit when the form was never focused, and reset starts again", async () => {
    fakeFetch({ 'GET /api/bot-check/altcha/challenge': async () => ({ body: await newChallenge(20) }) });
    const handle = createRef<BotCheckHandle>();
    render(<Form ref={handle} method="altcha" />);
    const token = await act(() => handle.current!.getToken());
    expect(await verify(token!)).toBe(true);
    act(() => handle.current!.reset());
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('idle');
  });

  it("'altcha' refuses with the SPEC's message when no challenge can be had, and tries again next time", async () => {
    let up = false;
    fakeFetch({ 'GET /api/bot-check/altcha/challenge': async () => (up ? { body: await newChallenge(5) } : { status: 503, body: {} }) });
    const handle = createRef<BotCheckHandle>();
    render(<Form ref={handle} method="altcha" />);
    await expect(handle.current!.getToken()).rejects.toThrow('Complete CAPTCHA before submitting.');
    await waitFor(() => expect(screen.getByRole('status').getAttribute('data-state')).toBe('error'));
    expect(screen.getByRole('status').textContent).toContain('Complete CAPTCHA before submitting.');
    up = true;
    expect(await verify((await act(() => handle.current!.getToken()))!)).toBe(true);
  });

  it("'recaptcha' without a site key refuses with the SPEC's message and loads nothing", async () => {
    const handle = createRef<BotCheckHandle>();
    render(<Form ref={handle} method="recaptcha" options={{ siteKey: null }} />);
    await expect(handle.current!.getToken()).rejects.toThrow('Enterprise V3 ReCaptcha site key not found');
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });

  it("'recaptcha' reads the page's site key, renders the provider's inline badge in its element and executes with the SPEC action", async () => {
    document.body.insertAdjacentHTML('beforeend', '<script id="site-context" type="application/json">{"website":{"id":"w","captchaSettings":{"siteKey":"site-key-1"}}}</script>');
    const calls: unknown[][] = [];
    const enterprise: GrecaptchaEnterprise = {
      ready: (cb) => cb(),
      render: (container, parameters) => (calls.push(['render', container.parentElement?.getAttribute('data-bot-check'), parameters]), 7),
      execute: async (id, options) => (calls.push(['execute', id, options]), 'recaptcha-token'),
      reset: (id) => void calls.push(['reset', id]),
    };
    window.grecaptcha = { enterprise };
    const handle = createRef<BotCheckHandle>();
    render(<Form ref={handle} method="recaptcha" action="NEWSLETTER_BLOCK_SUBMISSION" />);
    const token = await act(() => handle.current!.getToken());
    expect(token).toBe('recaptcha-token');
    act(() => handle.current!.reset());
    expect(calls).toEqual([
      ['render', 'recaptcha', { sitekey: 'site-key-1', badge: 'inline', size: 'invisible' }],
      ['execute', 7, { action: 'NEWSLETTER_BLOCK_SUBMISSION' }],
      ['reset', 7],
    ]);
    document.getElementById('site-context')!.remove();
  });

  it("'recaptcha' loads the provider's script on demand, once, with explicit rendering", async () => {
    const handle = createRef<BotCheckHandle>();
    render(<Form ref={handle} method="recaptcha" options={{ siteKey: 'k' }} />);
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
    fireEvent.focusIn(screen.getByLabelText('Email'));
    const pending = handle.current!.getToken();
    // The loader is a chunk of its own, imported on demand: the script tag follows once it has arrived.
    await waitFor(() => expect(document.querySelectorAll('script[src*="recaptcha"]')).toHaveLength(1));
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[src*="recaptcha"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://www.google.com/recaptcha/enterprise.js?render=explicit&onload=__storefrontRecaptchaLoaded');
    // The provider's script arrives.
    window.grecaptcha = { enterprise: { ready: (cb) => cb(), render: () => 1, execute: async () => 'late-token', reset: () => undefined } };
    act(() => window.__storefrontRecaptchaLoaded!());
    await expect(pending).resolves.toBe('late-token');
  });

  it('is compact in a container narrower than 320 px (SPEC 5)', () => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { width: this.getAttribute('data-bot-check') ? 300 : 0 } as DOMRect;
    });
    const { rerender } = render(<Form method="altcha" />);
    rerender(<Form method="altcha" />);
    const status = screen.getByRole('status');
    expect(status.className).toContain('bot-check--compact');
    expect(status.textContent).toBe(BOT_CHECK_STRINGS.idleShort);
  });

  it('is not compact at 320 px and wider', () => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: 320 }) as DOMRect);
    render(<Form method="altcha" />);
    expect(screen.getByRole('status').className).not.toContain('bot-check--compact');
  });
});
