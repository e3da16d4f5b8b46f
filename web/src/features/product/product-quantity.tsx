import { MAX_QUANTITY, MIN_QUANTITY } from '@storefront/domain/cart/quantity';
import { useLayoutEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { ProductData } from './product-data';
import { quantityTyped } from './product-choices-slice';
import { useProductChoice } from './use-product-choice';

/**
 * SPEC 5 'Quantity input: number, min 1, max 9999, step 1, default 1, size 4'. What the visitor
 * types is kept as typed and checked when they add ('Quantity must be a number.').
 */
export function ProductQuantity({ product, initial }: { product: ProductData; initial?: string }) {
  const { choice } = useProductChoice(product);
  const dispatch = useAppDispatch();
  useLayoutEffect(() => {
    // What the server's input held when the island took over.
    if (initial !== undefined && initial !== '1') dispatch(quantityTyped({ key: product.key, quantity: initial }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { id, label } = product.quantityInput;
  return (
    <>
      <label className="quantity-label" htmlFor={id}>
        {label}:
      </label>
      <input
        id={id}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={MIN_QUANTITY}
        max={MAX_QUANTITY}
        step={1}
        size={4}
        value={choice.quantity}
        onChange={(event) => dispatch(quantityTyped({ key: product.key, quantity: event.target.value }))}
      />
    </>
  );
}
