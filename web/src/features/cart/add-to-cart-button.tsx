import { ADD_TO_CART_BUTTON_STRINGS } from '@storefront/domain/shared/strings';
import { useRef, useState, type ReactNode } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { addToCartAlertTitle } from './add-to-cart-error';
import { isBusy } from './add-to-cart-state';
import { itemAdded, type AddedItemImage } from './added-item-slice';
import { AddedItemPopover } from './added-item-popover';
import { dispatchAddToCartTracked, type AddToCartTracking } from './track-add-to-cart';
import { useAddToCart } from './use-add-to-cart';

/** What a click adds: an entry, a refusal with the SPEC's message (checked before any request), or a list grid's request for an option. */
export type AddToCartChoice = { kind: 'add'; sku: string; quantity: number } | { kind: 'refuse'; message: string } | { kind: 'selectOption' };

export type AddToCartButtonProps = {
  itemId: string;
  /** SPEC 4 'Add-to-cart label' (worked out by the server). */
  label: string;
  /** The product's title, kept visually hidden in the button's name: 'Add To Cart: Stoneware Mug'. */
  title?: string;
  soldOut?: boolean;
  /** SPEC 3 storeSettings.expressCheckout. */
  express?: boolean;
  /** A subscribable product ('Subscribe'): the click goes to a subscription checkout, leaving the cart alone. */
  subscribe?: boolean;
  giftCard?: boolean;
  /** Reads the visitor's choice at the click. */
  choose: () => AddToCartChoice;
  /** A list grid's button shows the added-item popover under this key. */
  popoverKey?: string;
  /** The popover's thumbnail: what the button adds (its variant's own image, else the main one). */
  popoverImage?: AddedItemImage | null;
  navigate?: (url: string) => void;
  /**
   * A product with an additional-fields form (issue 14): after the choice is checked, the click
   * renders this (the extra-fields lightbox) instead of adding; its answers go out with the add as
   * `additionalFields`. Either way it ends, focus comes back to the button.
   */
  askExtraFields?: ((props: ExtraFieldsAskProps) => ReactNode) | null;
  /** Where the button is and what it adds, for the tracker's add-to-cart event after a successful add; null: not tracked. */
  tracking?: AddToCartTracking | null;
};

export type ExtraFieldsAskProps = { onSubmit: (additionalFields: Record<string, unknown>) => void; onClose: () => void };

/** A product's add-to-cart button and the alert of a failed add (SPEC 4, 5 and 8). */
export function AddToCartButton({
  itemId, label, title, soldOut = false, express = false, subscribe = false, giftCard = false, choose, popoverKey, popoverImage = null, navigate, askExtraFields = null,
  tracking = null,
}: AddToCartButtonProps) {
  const dispatch = useAppDispatch();
  const { status, error, add, refuse, askForOption } = useAddToCart({
    express,
    subscribe,
    navigate,
    onStored: (response) => {
      if (tracking) dispatchAddToCartTracked(tracking, itemId, response.shoppingCart.id);
    },
    onAdded: (response) => {
      if (popoverKey) dispatch(itemAdded({ source: popoverKey, title: title ?? response.newlyAdded.title, quantity: response.newlyAdded.quantity, image: popoverImage }));
    },
  });
  const button = useRef<HTMLButtonElement>(null);
  // The checked choice waiting for the lightbox's answers; null while it is closed.
  const [asking, setAsking] = useState<{ sku: string; quantity: number } | null>(null);
  const strings = ADD_TO_CART_BUTTON_STRINGS;
  const text = soldOut
    ? strings.soldOut
    : status === 'selectOption'
      ? strings.selectOption
      : isBusy(status)
        ? strings.adding
        : status === 'added'
          ? strings.added
          : label;
  // While it waits the button keeps focus (aria-disabled): a keyboard user stays where they were.
  const waiting = status !== 'idle';

  function onClick() {
    if (soldOut || waiting || asking) return;
    const choice = choose();
    if (choice.kind === 'selectOption') return askForOption();
    if (choice.kind === 'refuse') return refuse(choice.message);
    if (askExtraFields) return setAsking({ sku: choice.sku, quantity: choice.quantity });
    void add({ itemId, sku: choice.sku, quantity: choice.quantity, additionalFields: null });
  }

  function onExtraFields(additionalFields: Record<string, unknown>) {
    if (!asking) return;
    setAsking(null);
    button.current?.focus();
    void add({ itemId, sku: asking.sku, quantity: asking.quantity, additionalFields });
  }

  function onExtraFieldsClosed() {
    setAsking(null);
    button.current?.focus();
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className="add-to-cart__button button"
        data-status={soldOut ? 'sold-out' : status}
        disabled={soldOut}
        aria-disabled={waiting || undefined}
        aria-busy={isBusy(status) || undefined}
        aria-haspopup={askExtraFields ? 'dialog' : undefined}
        onClick={onClick}
      >
        {text}
        {title && <span className="visually-hidden">: {title}</span>}
      </button>
      <div className="add-to-cart__error" role="alert">
        {error && (
          <>
            {/* Subscribe goes straight to a checkout, as express checkout does: its failure is 'Unable to Purchase Item'. */}
            <strong className="add-to-cart__error-title">{addToCartAlertTitle({ express: express || subscribe, giftCard })}</strong> {error}
          </>
        )}
      </div>
      {popoverKey && <AddedItemPopover source={popoverKey} />}
      {asking && askExtraFields ? <ExtraFieldsSlot render={askExtraFields} onSubmit={onExtraFields} onClose={onExtraFieldsClosed} /> : null}
    </>
  );
}

/** Renders the caller's lightbox (its element keeps one type across renders, so it keeps its state). */
function ExtraFieldsSlot({ render, ...props }: ExtraFieldsAskProps & { render: (props: ExtraFieldsAskProps) => ReactNode }) {
  return render(props);
}
