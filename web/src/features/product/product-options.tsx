import { variantFor } from '@storefront/domain/cart/product-choice';
import { useLayoutEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { ProductData } from './product-data';
import { optionChosen } from './product-choices-slice';
import { useProductChoice } from './use-product-choice';

/**
 * The product's option selects (the server's markup, now driving the shared choice). `initial`:
 * what the server's selects held when the island took over (a quick hand, or the browser restoring
 * the form on reload), chosen before the first paint.
 */
export function ProductOptions({ product, initial = {} }: { product: ProductData; initial?: Record<string, string> }) {
  const { choice } = useProductChoice(product);
  const dispatch = useAppDispatch();

  useLayoutEffect(() => {
    const options: Record<string, string> = {};
    for (const name of product.optionNames) {
      const value = initial[name];
      if (!value) continue;
      options[name] = value;
      const variant = variantFor(product.variants, product.optionNames, options);
      dispatch(optionChosen({ key: product.key, name, value, variantImage: variant?.image ?? null }));
    }
    // Once, for the values the server's controls held.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function choose(name: string, value: string) {
    const options: Record<string, string> = { ...choice.options, [name]: value };
    if (value === '') delete options[name];
    const next = variantFor(product.variants, product.optionNames, options);
    dispatch(optionChosen({ key: product.key, name, value, variantImage: next?.image ?? null }));
  }

  return (
    <>
      {product.options.map((option) => (
        <div className="variant-option" key={option.name}>
          <label className="variant-option-title" htmlFor={option.id}>
            {option.label}:
          </label>
          <div className="variant-select-wrapper">
            <select
              id={option.id}
              name={option.name}
              data-variant-option-name={option.name}
              value={choice.options[option.name] ?? ''}
              onChange={(event) => choose(option.name, event.target.value)}
            >
              <option value="">{option.selectText}</option>
              {option.values.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        </div>
      ))}
    </>
  );
}
