import { cartPageView, fillString, type CartPageIslandData, type CartPageLine } from '@storefront/domain/cart/cart-page-view';
import { MAX_QUANTITY } from '@storefront/domain/cart/quantity';
import { CART_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { CART_PAGE_STRINGS, CHECKOUT_STRINGS } from '@storefront/domain/shared/commerce-strings';
import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { apiProblem } from '../../app/api-error';
import { useGetCartQuery } from '../cart/cart-api';
import { useChangeCartEntryQuantityMutation, useRemoveCartEntryMutation } from './cart-page-api';
import {
  editOf, evolveCartPage, hasPendingEdits, initialCartPageState, QUANTITY_PAUSE_MS, quantityOverrides, shownQuantity,
  type CartPageEvent, type EntryEdit,
} from './cart-page-state';

type Dispatch = (event: CartPageEvent) => void;

/**
 * The cart page's island (issue 13): the server rendered the same markup from the same view
 * (`cartPageView`); this takes over to change quantities and remove entries. The cart shown is the
 * one every island shares (RTK Query's getCart, which each edit's answer updates), falling back to
 * the one the page was rendered from until it is known.
 */
export function CartPage({ data, navigate = (url) => window.location.assign(url) }: { data: CartPageIslandData; navigate?: (url: string) => void }) {
  const { data: fetched } = useGetCartQuery(undefined, { skip: data.cart === null });
  const cart = fetched ?? data.cart;
  const [state, dispatch] = useReducer(evolveCartPage, initialCartPageState);
  const view = useMemo(() => cartPageView(cart, data.meta, data.settings, quantityOverrides(state)), [cart, data, state]);
  const [checkingOut, setCheckingOut] = useState(false);
  const pending = hasPendingEdits(state);
  const status = useRef<HTMLParagraphElement>(null);
  const refocus = useRef<{ gone: string; next: string | null } | null>(null);

  // After a removal, focus goes to the next line's Remove (else the previous one's), or to Continue Shopping once the cart is empty.
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || view.lines.some((l) => l.id === wanted.gone)) return;
    refocus.current = null;
    const root = status.current?.parentElement;
    const nextLine = [...(root?.querySelectorAll<HTMLElement>('.cart-line') ?? [])].find((l) => l.dataset.entryId === wanted.next);
    const next = nextLine?.querySelector<HTMLElement>('.cart-line__remove');
    (next ?? root?.querySelector<HTMLElement>('.cart-empty a'))?.focus();
  }, [view.lines]);

  // Checkout waits for the edits still on their way, then goes: the checkout page shows the saved cart.
  useEffect(() => {
    if (checkingOut && !pending) navigate(data.urls.checkout);
  }, [checkingOut, pending, data.urls.checkout, navigate]);

  function checkout(event: MouseEvent<HTMLAnchorElement>) {
    if (!pending) return;
    event.preventDefault();
    setCheckingOut(true);
  }

  function focusAfterRemoval(entryId: string) {
    const at = view.lines.findIndex((l) => l.id === entryId);
    const next = view.lines[at + 1] ?? view.lines[at - 1] ?? null;
    refocus.current = { gone: entryId, next: next?.id ?? null };
  }

  const s = CART_PAGE_STRINGS;
  return (
    <>
      {view.empty ? (
        <div className="cart-empty">
          <p className="cart-empty__text">{CART_ERROR_MESSAGES.CART_NOT_FOUND}</p>
          <a className="button" href={data.urls.continue}>{s.continueShopping}</a>
        </div>
      ) : (
        <div className="cart__layout">
          <section className="cart__items" aria-labelledby="cart-items-title">
            <h2 className="visually-hidden" id="cart-items-title">{s.itemsHeading}</h2>
            <ul className="cart-lines">
              {view.lines.map((line) => (
                <CartLine
                  key={line.id}
                  line={line}
                  edit={editOf(state, line.id)}
                  cartQuantity={cart?.entries.find((e) => e.id === line.id)?.quantity ?? line.quantity}
                  hurry={checkingOut}
                  dispatch={dispatch}
                  onRemoved={focusAfterRemoval}
                />
              ))}
            </ul>
          </section>
          <aside className="cart-summary" aria-labelledby="cart-summary-title">
            <h2 className="cart-summary__title" id="cart-summary-title">{CHECKOUT_STRINGS.orderSummary}</h2>
            <dl className="cart-summary__rows">
              <div className="cart-summary__row cart-summary__row--total">
                <dt>{s.subtotal}</dt>
                <dd>{view.subtotal}</dd>
              </div>
            </dl>
            {view.minimumMessage && <p className="cart-summary__minimum">{view.minimumMessage}</p>}
            {view.canCheckout ? (
              <a className="button button--block cart-summary__checkout" href={data.urls.checkout} onClick={checkout} aria-busy={checkingOut || undefined}>
                {CHECKOUT_STRINGS.title}
              </a>
            ) : (
              <button className="button button--block cart-summary__checkout" type="button" disabled>{CHECKOUT_STRINGS.title}</button>
            )}
            <a className="button button--secondary button--block" href={data.urls.continue}>{s.continueShopping}</a>
          </aside>
        </div>
      )}
      <p className="visually-hidden" role="status" ref={status}>
        {state.announcement}
      </p>
    </>
  );
}

type CartLineProps = {
  line: CartPageLine;
  edit: EntryEdit;
  /** The saved quantity (what a failed change goes back to). */
  cartQuantity: number;
  /** Checkout is waiting: send at once. */
  hurry: boolean;
  dispatch: Dispatch;
  onRemoved(entryId: string): void;
};

/** One entry: its quantity stepper (− input +), Remove, the line total and the line's error. */
function CartLine({ line, edit, cartQuantity, hurry, dispatch, onRemoved }: CartLineProps) {
  const [changeQuantity] = useChangeCartEntryQuantityMutation();
  const [removeEntry] = useRemoveCartEntryMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const quantity = shownQuantity(edit, cartQuantity);
  const { id, labels } = line;

  // Send the asked-for quantity after a pause, once nothing else of this line is on its way.
  useEffect(() => {
    if (edit.wanted === null || edit.sending !== null || edit.removing) return;
    const wanted = edit.wanted;
    const timer = setTimeout(async () => {
      dispatch({ type: 'quantitySent', entryId: id, quantity: wanted });
      const result = await changeQuantity({ entryId: id, quantity: wanted });
      if ('error' in result && result.error) dispatch({ type: 'quantityFailed', entryId: id, message: apiProblem(result.error).message });
      else dispatch({ type: 'quantitySaved', entryId: id, quantity: wanted, announcement: CART_PAGE_STRINGS.updated });
    }, hurry ? 0 : QUANTITY_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [edit.wanted, edit.sending, edit.removing, hurry, id, changeQuantity, dispatch]);

  async function remove() {
    if (edit.removing) return;
    dispatch({ type: 'removeRequested', entryId: id });
    const result = await removeEntry({ entryId: id });
    if ('error' in result && result.error) {
      dispatch({ type: 'removeFailed', entryId: id, message: apiProblem(result.error).message });
      return;
    }
    onRemoved(id);
    dispatch({ type: 'removed', entryId: id, announcement: fillString(CART_PAGE_STRINGS.removed, { title: line.title }) });
  }

  const want = (next: number) => dispatch({ type: 'quantityWanted', entryId: id, quantity: next });

  /** A typed quantity: a whole number from 1 to 9999; 0 removes the entry. */
  function commitDraft() {
    if (draft === null) return;
    setDraft(null);
    const text = draft.trim();
    if (text === '' || String(quantity) === text) return;
    if (!/^-?\d+(\.\d+)?$/.test(text)) return dispatch({ type: 'invalidQuantity', entryId: id, message: CART_ERROR_MESSAGES.QUANTITY_NOT_A_NUMBER });
    const n = Number(text);
    if (!Number.isInteger(n)) return dispatch({ type: 'invalidQuantity', entryId: id, message: CART_ERROR_MESSAGES.QUANTITY_NOT_WHOLE });
    if (n === 0) return void remove();
    if (n < 1 || n > MAX_QUANTITY) return dispatch({ type: 'invalidQuantity', entryId: id, message: CART_ERROR_MESSAGES.QUANTITY_OUT_OF_RANGE });
    want(n);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  }

  const busy = edit.removing || edit.sending !== null;
  return (
    <li className={`cart-line${busy ? ' cart-line--busy' : ''}`} data-entry-id={id} aria-busy={busy || undefined}>
      <div className="cart-line__media">
        {line.image ? (
          <img
            src={line.image.src}
            srcSet={line.image.srcset || undefined}
            sizes={line.image.sizes || undefined}
            alt=""
            width={line.image.width ?? undefined}
            height={line.image.height ?? undefined}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="cart-line__placeholder" />
        )}
      </div>
      <div className="cart-line__info">
        <h3 className="cart-line__title">{line.url ? <a href={line.url}>{line.title}</a> : line.title}</h3>
        {line.options.length > 0 && (
          <p className="cart-line__options">
            {line.options.map((o) => (
              <span className="cart-line__option" key={o.name}>
                {o.name}: {o.value}
              </span>
            ))}
          </p>
        )}
        {line.additionalFields.length > 0 && (
          <ul className="line-fields">
            {line.additionalFields.map((f, i) => (
              <li className="line-fields__item" key={i}>
                <span className="line-fields__label">{f.caption}</span> {f.value}
              </li>
            ))}
          </ul>
        )}
        <p className="cart-line__each">{line.each}</p>
      </div>
      <div className="cart-line__controls">
        <div className="quantity-stepper" role="group" aria-label={labels.quantity}>
          <button className="quantity-stepper__button" type="button" aria-label={labels.decrease} disabled={edit.removing || quantity <= 1} onClick={() => want(quantity - 1)}>
            −
          </button>
          <input
            className="quantity-stepper__input"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            step={1}
            value={draft ?? String(quantity)}
            aria-label={labels.quantity}
            disabled={edit.removing}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commitDraft}
            onKeyDown={onKeyDown}
          />
          <button
            className="quantity-stepper__button"
            type="button"
            aria-label={labels.increase}
            disabled={edit.removing || quantity >= MAX_QUANTITY}
            onClick={() => want(quantity + 1)}
          >
            +
          </button>
        </div>
        <button className="cart-line__remove" type="button" aria-label={labels.remove} disabled={edit.removing} onClick={() => void remove()}>
          {CART_PAGE_STRINGS.remove}
        </button>
      </div>
      <p className="cart-line__total">{line.lineTotal}</p>
      <div className="cart-line__error" role="alert">
        {edit.error && (
          <>
            <strong>{edit.error.title}</strong> {edit.error.message}
          </>
        )}
      </div>
    </li>
  );
}
