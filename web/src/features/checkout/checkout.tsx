import type { CartPageIslandData } from '@storefront/domain/cart/cart-page-view';
import { SHIPPING_COUNTRIES } from '@storefront/domain/checkout/shipping-address';
import { CART_PAGE_STRINGS, CHECKOUT_STRINGS, SUBSCRIPTION_STRINGS } from '@storefront/domain/shared/commerce-strings';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { apiProblem } from '../../app/api-error';
import { readIslandData } from '../cart-page/island-data';
import { usePlaceOrderMutation, usePlaceSubscriptionMutation } from './checkout-api';
import {
  answeredElsewhere, attemptFor, checkoutBody, EMPTY_FIELDS, emptyCheckoutText, fieldProblems, FIELD_ORDER, fieldsOfBody, forgetAttempt, loadAttempt, refusalOf,
  regionLabel, resumable, saveAttempt, subscriptionCheckedOut, subscriptionCheckoutBody, type CheckoutAlert, type CheckoutFields, type FieldErrors, type FieldName, type StoredAttempt,
} from './checkout-state';

export type CheckoutEnvironment = {
  /** This tab's session storage (null: none). */
  storage: Storage | null;
  /** Goes to a page of the site (the order confirmed page). */
  navigate(url: string): void;
  newKey(): string;
  /**
   * The checkout page as the server renders it now (the cart changed since it was shown): puts its
   * order summary in place of the one on the page and answers the island's new data (null: the
   * page could not be read).
   */
  refreshPage(url: string): Promise<CartPageIslandData | null>;
  /**
   * Asked after a request failed without an answer: whether this page is being left (a reload, a
   * link). The browser cancels a leaving page's requests, which says nothing about the order: the
   * attempt must stay in flight for the next page to follow, not be recorded as failed.
   */
  leavingPage(): Promise<boolean>;
};

/** Whether this document is being left: set on pagehide, cleared when it is shown again (back/forward cache). */
let pageHidden = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (pageHidden = true));
  window.addEventListener('pageshow', () => (pageHidden = false));
}

/**
 * How long a failed request waits before it counts as failed: a leaving page's requests are
 * cancelled before its pagehide, and its timers never fire once it is gone, so a page that is
 * being left never gets to record the failure.
 */
const LEAVING_SETTLE_MS = 250;

const browserEnvironment = (): CheckoutEnvironment => ({
  storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
  navigate: (url) => window.location.replace(url),
  newKey: () => crypto.randomUUID(),
  leavingPage: () => new Promise((resolve) => setTimeout(() => resolve(pageHidden), LEAVING_SETTLE_MS)),
  refreshPage: async (url) => {
    try {
      const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'text/html' } });
      if (!res.ok) return null;
      const page = new DOMParser().parseFromString(await res.text(), 'text/html');
      const summary = page.querySelector('.checkout-summary');
      const current = document.querySelector('.checkout-summary');
      if (summary && current) current.replaceWith(document.importNode(summary, true));
      return readIslandData(page.querySelector<HTMLElement>('[data-checkout]')?.dataset.checkout);
    } catch {
      return null;
    }
  },
});

type Status = 'idle' | 'placing' | 'resuming' | 'done';

const CARDS: { token: string; label: string }[] = [
  { token: 'tok_visa', label: CHECKOUT_STRINGS.cardVisa },
  { token: 'tok_chargeDeclined', label: CHECKOUT_STRINGS.cardDeclined },
  { token: 'tok_insufficientFunds', label: CHECKOUT_STRINGS.cardInsufficientFunds },
];

/**
 * The checkout form's island (issue 13). The server rendered the same form; this checks it with
 * the API's own rules, places the order once (an Idempotency-Key per body, remembered in this
 * tab, so a double click, a retry or a reload never makes a second order or charge), says every
 * failure in words, and goes on to the order confirmed page.
 */
export function Checkout({ data, environment = browserEnvironment() }: { data: CartPageIslandData; environment?: CheckoutEnvironment }) {
  const env = useRef(environment).current;
  // The cart as the page shows it: the one the server rendered, or the one read again after the
  // store said it changed (the entries a submit expects are these).
  const [cart, setCart] = useState(data.cart);
  const cartId = cart?.id ?? data.purchasedCartId;
  const remembered = cartId ? loadAttempt(env.storage, cartId) : null;
  const [fields, setFields] = useState<CheckoutFields>(() => (cart && remembered ? fieldsOfBody(remembered.body) : EMPTY_FIELDS));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<CheckoutAlert | null>(null);
  // A checkout this tab sent and never heard back about (the page was reloaded, or left and come
  // back to, while it was on its way): the page follows it instead of offering the form again.
  const [status, setStatus] = useState<Status>(() => (resumable(remembered) ? 'resuming' : 'idle'));
  const [placeShoppingOrder] = usePlaceOrderMutation();
  const [placeSubscription] = usePlaceSubscriptionMutation();
  // The subscription checkout: the same form, placed at its own endpoint with the cart's token.
  const subscription = data.subscription ?? null;
  const placeOrder = subscription ? placeSubscription : placeShoppingOrder;
  const strings = subscription
    ? { place: SUBSCRIPTION_STRINGS.place, placing: SUBSCRIPTION_STRINGS.placing, errorTitle: SUBSCRIPTION_STRINGS.errorTitle }
    : { place: CHECKOUT_STRINGS.placeOrder, placing: CHECKOUT_STRINGS.placingOrder, errorTitle: CHECKOUT_STRINGS.errorTitle };
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function send(attempt: StoredAttempt, followed = false): Promise<void> {
    saveAttempt(env.storage, { ...attempt, failed: false });
    const result = await placeOrder({ key: attempt.key, body: attempt.body });
    if ('data' in result && result.data) {
      forgetAttempt(env.storage, attempt.cartId);
      setStatus('done');
      env.navigate(result.data.orderConfirmedUrl);
      return;
    }
    const problem = apiProblem('error' in result ? result.error : undefined);
    // Cancelled because the page is being left (a reload while placing): the next page follows it.
    if (problem.network && (await env.leavingPage())) return;
    if ((followed && answeredElsewhere(problem)) || (subscription && subscriptionCheckedOut(problem))) {
      // The first request's answer reached the browser (it forgot the cart) but not this page:
      // the checkout page, asked again, sends the buyer to that order by its receipt.
      forgetAttempt(env.storage, attempt.cartId);
      setStatus('done');
      env.navigate(data.urls.checkout);
      return;
    }
    const refusal = refusalOf(problem, cart);
    if (refusal.keepAttempt) saveAttempt(env.storage, { ...attempt, failed: true });
    else forgetAttempt(env.storage, attempt.cartId);
    if (problem.code === 'CART_CHANGED' && !(await showCartAsItIs())) return;
    setErrors(refusal.fieldErrors);
    setAlert(refusal.alert);
    setStatus('idle');
    focusProblem(refusal.fieldErrors);
  }

  // A reload while placing the order or after it: asking again with the same key answers the
  // order that checkout made (waiting for it while it is still being placed), and the buyer lands
  // on its confirmation; a cart still open that it never reached is checked out as submitted.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || status !== 'resuming' || !remembered) return;
    resumed.current = true;
    void send(remembered, true);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /**
   * The cart changed (another tab): the summary and the entries the next submit expects become
   * the cart's as it is now, so placing the order again buys what the page shows. False when there
   * is no open cart any more: the page is loaded again and says so.
   */
  async function showCartAsItIs(): Promise<boolean> {
    const fresh = await env.refreshPage(data.urls.checkout);
    if (fresh && !fresh.cart) {
      setStatus('done');
      env.navigate(data.urls.checkout);
      return false;
    }
    if (fresh?.cart) setCart(fresh.cart);
    return true;
  }

  /** The first field with a problem gets the focus; otherwise the alert. */
  function focusProblem(found: FieldErrors) {
    requestAnimationFrame(() => {
      const first = FIELD_ORDER.find((f) => found[f]);
      const target = first ? formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) : alertRef.current;
      target?.focus();
    });
  }

  // Set at once (state is only seen on the next render): a second click of a double click, however
  // fast, finds the first one's submit under way.
  const submitting = useRef(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!cart || status !== 'idle' || submitting.current) return;
    const found = fieldProblems(fields, cart.requiresShipping);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert({ message: CHECKOUT_STRINGS.fixFields, reviewCart: false });
      focusProblem(found);
      return;
    }
    setAlert(null);
    setStatus('placing');
    submitting.current = true;
    const body = subscription ? subscriptionCheckoutBody(fields, cart, subscription.cartToken) : checkoutBody(fields, cart);
    void send(attemptFor(body, cart.id, loadAttempt(env.storage, cart.id), env.newKey)).finally(() => {
      submitting.current = false;
    });
  }

  const set = (name: FieldName) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  if (!cart) {
    return (
      <div className="checkout-empty">
        {status === 'resuming' || status === 'done' ? (
          <p className="checkout-empty__text" role="status">{CHECKOUT_STRINGS.resuming}</p>
        ) : (
          <>
            <p className="checkout-empty__text">{alert ? alert.message : emptyCheckoutText(data.purchasedCartId !== null, subscription !== null)}</p>
            <a className="button" href={data.urls.continue}>{CART_PAGE_STRINGS.continueShopping}</a>
          </>
        )}
      </div>
    );
  }

  const busy = status !== 'idle';
  const field = (name: FieldName, label: string, input: ReactNode) => (
    <div className="form-field">
      <label className="form-field__label" htmlFor={`checkout-${idOf(name)}`}>{label}</label>
      {input}
      {errors[name] && <p className="form-field__error" id={`checkout-${idOf(name)}-error`}>{errors[name]}</p>}
    </div>
  );
  const text = (name: FieldName, type: string, autoComplete: string, maxLength: number, required: boolean) => (
    <input
      className="input"
      id={`checkout-${idOf(name)}`}
      name={name}
      type={type}
      autoComplete={autoComplete}
      maxLength={maxLength}
      required={required}
      value={fields[name]}
      onChange={(e) => set(name)(e.target.value)}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `checkout-${idOf(name)}-error` : undefined}
      disabled={busy}
    />
  );

  return (
    <form className="checkout-form" noValidate aria-describedby="checkout-alert" onSubmit={onSubmit} ref={formRef} aria-busy={busy || undefined}>
      {status === 'resuming' && <p className="checkout-form__resuming" role="status">{CHECKOUT_STRINGS.resuming}</p>}
      <div className="checkout-form__alert" id="checkout-alert" role="alert" tabIndex={-1} ref={alertRef}>
        {alert && (
          <>
            <strong>{strings.errorTitle}</strong>
            <p>{alert.message}</p>
            {alert.reviewCart && <a href={data.urls.cart}>{CHECKOUT_STRINGS.reviewCart}</a>}
          </>
        )}
      </div>
      <fieldset className="checkout-form__section">
        <legend className="checkout-form__legend">{CHECKOUT_STRINGS.contact}</legend>
        {field('email', CHECKOUT_STRINGS.email, text('email', 'email', 'email', 256, true))}
      </fieldset>
      {cart.requiresShipping ? (
        <fieldset className="checkout-form__section">
          <legend className="checkout-form__legend">{CHECKOUT_STRINGS.shippingAddress}</legend>
          {field(
            'country',
            CHECKOUT_STRINGS.country,
            <select
              className="input"
              id="checkout-country"
              name="country"
              autoComplete="country"
              value={fields.country}
              onChange={(e) => set('country')(e.target.value)}
              aria-invalid={errors.country ? true : undefined}
              aria-describedby={errors.country ? 'checkout-country-error' : undefined}
              disabled={busy}
            >
              {Object.entries(SHIPPING_COUNTRIES).map(([code, name]) => (
                <option key={code} value={code}>{name}</option>
              ))}
            </select>,
          )}
          {field('name', CHECKOUT_STRINGS.name, text('name', 'text', 'name', 100, true))}
          {field('line1', CHECKOUT_STRINGS.line1, text('line1', 'text', 'address-line1', 200, true))}
          {field('line2', CHECKOUT_STRINGS.line2, text('line2', 'text', 'address-line2', 200, false))}
          <div className="checkout-form__row">
            {field('city', CHECKOUT_STRINGS.city, text('city', 'text', 'address-level2', 100, true))}
            {field('region', regionLabel(fields.country), text('region', 'text', 'address-level1', 100, false))}
            {field('postalCode', CHECKOUT_STRINGS.postalCode, text('postalCode', 'text', 'postal-code', 12, true))}
          </div>
        </fieldset>
      ) : (
        <p className="checkout-form__note">{CHECKOUT_STRINGS.noShipping}</p>
      )}
      <fieldset className="checkout-form__section">
        <legend className="checkout-form__legend">{CHECKOUT_STRINGS.payment}</legend>
        <fieldset className="test-cards" aria-describedby={errors.paymentToken ? 'checkout-payment-token-error' : undefined}>
          <legend className="form-field__label">{CHECKOUT_STRINGS.testCard}</legend>
          {CARDS.map((card) => (
            <label className="test-card" key={card.token}>
              <input
                type="radio"
                name="paymentToken"
                value={card.token}
                checked={fields.paymentToken === card.token}
                onChange={() => set('paymentToken')(card.token)}
                disabled={busy}
              />{' '}
              <span>{card.label}</span>
            </label>
          ))}
          {errors.paymentToken && <p className="form-field__error" id="checkout-payment-token-error">{errors.paymentToken}</p>}
        </fieldset>
      </fieldset>
      <button className="button button--block checkout-form__submit" type="submit" disabled={busy} aria-disabled={busy || undefined}>
        {busy ? strings.placing : strings.place}
      </button>
    </form>
  );
}

/** Field names as the form's ids spell them (`postalCode` → `postal-code`). */
const idOf = (name: FieldName) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
