import { STRINGS } from '@storefront/domain/shared/strings';
import { useEffect, useRef, useState } from 'react';
import { ADD_TO_CART_ERROR_TITLE } from './add-to-cart-error';
import { readProductForm, variantsOf } from './product-form';
import { useAddToCart } from './use-add-to-cart';
import './add-to-cart-button.css';

type AddToCartButtonProps = {
  itemId: string;
  /** Empty when the product has options: the variant is read from its product form at the click. */
  sku: string;
  label?: string;
  quantity?: number;
  soldOut?: boolean;
};

/** SPEC 4: with no option chosen the button says 'Select Option' and is disabled for 2000 ms. */
const SELECT_OPTION_MS = 2000;

/** A product's add-to-cart button, with an alert region for a failed add. */
export function AddToCartButton({ itemId, sku, label = STRINGS.addToCartButton.addToCart, quantity = 1, soldOut = false }: AddToCartButtonProps) {
  const { status, error, add } = useAddToCart({ itemId, sku, quantity, additionalFields: null });
  const [selectOption, setSelectOption] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!selectOption) return;
    const timer = setTimeout(() => setSelectOption(false), SELECT_OPTION_MS);
    return () => clearTimeout(timer);
  }, [selectOption]);

  const busy = status === 'adding' || status === 'succeeded';
  const strings = STRINGS.addToCartButton;
  const text = soldOut ? strings.soldOut : selectOption ? strings.selectOption : busy ? strings.adding : status === 'added' ? strings.added : label;

  function onClick() {
    if (sku) return void add();
    // The island's element sits inside the product's form on a product page; on a list there is none.
    const form = root.current?.closest('[data-product-form]') ?? null;
    const choice = readProductForm(form, variantsOf(form));
    if (choice.kind === 'incomplete') return setSelectOption(true);
    void add({ sku: choice.sku, quantity: choice.quantity });
  }

  return (
    <div className="add-to-cart" ref={root}>
      <button
        type="button"
        className="add-to-cart__button button"
        data-status={soldOut ? 'sold-out' : status}
        disabled={soldOut || selectOption || status !== 'idle'}
        aria-busy={busy}
        onClick={onClick}
      >
        {text}
      </button>
      <div className="add-to-cart__error" role="alert">
        {error && (
          <>
            <strong>{ADD_TO_CART_ERROR_TITLE}</strong> {error}
          </>
        )}
      </div>
    </div>
  );
}
