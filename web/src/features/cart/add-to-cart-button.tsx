import { ADD_TO_CART_ERROR_TITLE } from './add-to-cart-error';
import { useAddToCart } from './use-add-to-cart';
import './add-to-cart-button.css';

type AddToCartButtonProps = {
  itemId: string;
  sku: string;
  label?: string;
  quantity?: number;
};

/** A product's add-to-cart button, with an alert region for a failed add. */
export function AddToCartButton({ itemId, sku, label = 'Add To Cart', quantity = 1 }: AddToCartButtonProps) {
  const { status, error, add } = useAddToCart({ itemId, sku, quantity, additionalFields: null });
  const busy = status === 'adding' || status === 'succeeded';
  const text = busy ? 'Adding…' : status === 'added' ? 'Added!' : label;

  return (
    <div className="add-to-cart">
      <button
        type="button"
        className="add-to-cart__button"
        data-status={status}
        disabled={status !== 'idle'}
        aria-busy={busy}
        onClick={add}
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
