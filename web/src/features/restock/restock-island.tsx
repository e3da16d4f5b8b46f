/**
 * The back-in-stock sign-up (issue 15, SPEC 4 'Restock sign-up states'): on a product page whose
 * chosen variant is sold out and offers it (the product's restockNotificationViews), an email
 * field, the optional mailing-list box (ticked per mailingListOptInByDefault) and the bot check
 * with the action PRODUCT_WAITLIST_SUBMISSION. On submit the error is cleared and the email
 * checked with the domain's own check (the server's words: 'Email cannot be blank', 'Email is
 * invalid'); then a bot-check token; then the request, with the page's language. Success replaces
 * the form with the owner's success text (default 'Signed up!'); a failure shows the server's
 * message, else 'Unable to submit form. Please try again later.'
 */
import type { BotCheckMethod } from '@storefront/domain/bot-check';
import { checkRestockEmail } from '@storefront/domain/restock/sign-up-request';
import { RESTOCK_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useBotCheck } from '../bot-check';
// Types only: the product's data and the visitor's choice come from the entry (islands.tsx), so this
// chunk imports none of the entry's modules (which would split the entry into shared chunks).
import type { ProductData, ProductVariantData } from '../product/product-data';
import { signUpForRestock, type RestockSignUpOutcome, type RestockSignUpPayload } from './restock-calls';
import './restock.css';

/** One entry of the product's restockNotificationViews, with its variant's sku (the theme adds it). */
export type RestockView = { variantId: string; sku: string | null; hiddenByDefault: boolean };

/** The form's words as the server printed them (the owner's, or our defaults). */
export type RestockTexts = { title: string; label: string; placeholder: string; button: string; mailingList: string | null };

export type RestockIslandProps = {
  productId: string;
  /** The product the page shows (the visitor's choice of variant lives under its key); null: only the views decide. */
  product: ProductData | null;
  /** The visitor's chosen variant of `product` (a hook: the entry's useProductChoice). */
  useChosenVariant?: (product: ProductData) => ProductVariantData | null;
  views: RestockView[];
  texts: RestockTexts;
  /** The box is shown only when mailingListSignUpEnabled; its first state is mailingListOptInByDefault (or what the visitor ticked before). */
  optInDefault: boolean;
  successText: string;
  botCheckMethod: BotCheckMethod;
  language: string | null;
  initialEmail?: string;
  /** Told whether the form is shown (the chosen variant is sold out and offers it). */
  onShown?: (shown: boolean) => void;
  submit?: (payload: RestockSignUpPayload) => Promise<RestockSignUpOutcome>;
};

const soldOut = (v: ProductVariantData) => !v.unlimited && v.qtyInStock <= 0;

/** The variant the form is for: the visitor's sold-out choice that offers it; before a choice, a view shown by default. */
export function restockVariant(views: RestockView[], product: ProductData | null, chosen: ProductVariantData | null): string | null {
  if (chosen) {
    if (!soldOut(chosen)) return null;
    return views.find((v) => v.sku !== null && v.sku === chosen.sku)?.variantId ?? null;
  }
  return product && product.variants.length > 1 && product.optionNames.length > 0 ? null : (views.find((v) => !v.hiddenByDefault)?.variantId ?? null);
}

type Phase = { kind: 'editing'; error: string | null } | { kind: 'submitting' } | { kind: 'done' };

export function RestockIsland(props: RestockIslandProps) {
  return props.product && props.useChosenVariant ? (
    <WithChoice {...props} product={props.product} useChosenVariant={props.useChosenVariant} />
  ) : (
    <RestockForm {...props} variantId={restockVariant(props.views, null, null)} />
  );
}

function WithChoice(props: RestockIslandProps & { product: ProductData; useChosenVariant: (product: ProductData) => ProductVariantData | null }) {
  const variant = props.useChosenVariant(props.product);
  return <RestockForm {...props} variantId={restockVariant(props.views, props.product, variant)} />;
}

function RestockForm({
  productId, views, texts, optInDefault, successText, botCheckMethod, language, initialEmail = '', onShown, submit = signUpForRestock, variantId,
}: RestockIslandProps & { variantId: string | null }) {
  const [email, setEmail] = useState(initialEmail);
  const [optIn, setOptIn] = useState(optInDefault);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing', error: null });
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const botCheck = useBotCheck(botCheckMethod, 'PRODUCT_WAITLIST_SUBMISSION');
  const inputRef = useRef<HTMLInputElement | null>(null);
  const doneRef = useRef<HTMLParagraphElement | null>(null);
  const busy = useRef(false);
  const id = useId();
  const shown = variantId !== null && views.length > 0;
  const done = phase.kind === 'done' && doneFor === variantId;

  useEffect(() => {
    onShown?.(shown);
  }, [onShown, shown]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current || variantId === null) return;
    busy.current = true;
    setPhase({ kind: 'submitting' });
    const fail = (message: string) => {
      busy.current = false;
      setPhase({ kind: 'editing', error: message });
      requestAnimationFrame(() => inputRef.current?.focus());
    };
    const checked = checkRestockEmail(email);
    if (!checked.ok) return fail(checked.error.message);
    let token: string | undefined;
    try {
      token = await botCheck.getToken();
    } catch (error) {
      return fail(error instanceof Error && error.message ? error.message : RESTOCK_ERROR_MESSAGES.RESTOCK_SUBMIT_FAILED);
    }
    const outcome = await submit({
      isJoinMailingList: texts.mailingList !== null && optIn,
      productId,
      variantId,
      siteVisitorEmail: email.trim(),
      ...(token ? { recaptchaEnterpriseV3Token: token } : {}),
      ...(language ? { language } : {}),
    });
    if (outcome.ok) {
      busy.current = false;
      setDoneFor(variantId);
      setPhase({ kind: 'done' });
    } else {
      botCheck.reset();
      fail(outcome.message);
    }
  };

  if (!shown) return null;
  if (done) {
    return (
      <p className="restock__done" role="status" tabIndex={-1} ref={doneRef} data-restock-done>
        {successText}
      </p>
    );
  }
  const submitting = phase.kind === 'submitting';
  const error = phase.kind === 'editing' ? phase.error : null;
  return (
    <>
      <h2 className="restock__title">{texts.title}</h2>
      <form className="restock__form" method="post" data-restock-island noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={submitting}>
        <label className="restock__label" htmlFor={`${id}-email`}>
          {texts.label}
        </label>
        <div className="restock__row">
          <input
            ref={inputRef}
            className="input"
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={320}
            placeholder={texts.placeholder}
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            readOnly={submitting}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setPhase({ kind: 'editing', error: null });
            }}
          />
          <button className="button" type="submit" aria-disabled={submitting || undefined}>
            {texts.button}
          </button>
        </div>
        {error ? (
          <p className="restock__error" id={`${id}-error`} role="alert" data-restock-error>
            {error}
          </p>
        ) : null}
        {texts.mailingList !== null ? (
          <label className="restock__optin">
            <input type="checkbox" name="isJoinMailingList" checked={optIn} disabled={submitting} onChange={(e) => setOptIn(e.target.checked)} /> {texts.mailingList}
          </label>
        ) : null}
        {botCheck.element}
      </form>
    </>
  );
}

/** The theme always prints the success text; this is the same default (domain DEFAULT_RESTOCK_SUCCESS_TEXT) for markup that lacks it. */
const RESTOCK_SUCCESS_TEXT_DEFAULT = 'Signed up!';

const METHODS: readonly BotCheckMethod[] = ['none', 'altcha', 'recaptcha'];

function parseViews(raw: string | undefined): RestockView[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((v: unknown) => {
      const view = v as { variantId?: unknown; sku?: unknown; hiddenByDefault?: unknown };
      return typeof view?.variantId === 'string'
        ? [{ variantId: view.variantId, sku: typeof view.sku === 'string' ? view.sku : null, hiddenByDefault: view.hiddenByDefault === true }]
        : [];
    });
  } catch {
    return [];
  }
}

/** The island for the theme's `[data-island="restock"]` element; null (the server's markup stays) when it offers nothing. */
export function renderRestockIsland(element: HTMLElement, choice: { product: ProductData | null; useChosenVariant: (product: ProductData) => ProductVariantData | null }) {
  const productId = element.dataset.productId;
  const views = parseViews(element.dataset.views);
  if (!productId || views.length === 0) return null;
  const text = (selector: string) => element.querySelector(selector)?.textContent?.trim() ?? '';
  const input = element.querySelector<HTMLInputElement>('input[name="email"]');
  const box = element.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]');
  const method = METHODS.find((m) => m === element.dataset.botCheck) ?? 'none';
  return (
    <RestockIsland
      productId={productId}
      product={choice.product}
      useChosenVariant={choice.useChosenVariant}
      views={views}
      texts={{
        title: text('.restock__title'),
        label: text('.restock__label'),
        placeholder: input?.placeholder ?? '',
        button: text('button[type="submit"]'),
        mailingList: box ? text('.restock__optin') : null,
      }}
      optInDefault={box?.checked ?? false}
      successText={element.dataset.successText || RESTOCK_SUCCESS_TEXT_DEFAULT}
      botCheckMethod={method}
      language={element.ownerDocument.documentElement.lang || null}
      initialEmail={input?.value ?? ''}
      onShown={(shown) => {
        element.hidden = !shown;
      }}
    />
  );
}
