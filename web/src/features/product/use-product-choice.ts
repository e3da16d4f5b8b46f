import { useAppSelector } from '../../app/hooks';
import type { ProductData } from './product-data';
import { chosenVariant, selectChoice, type ProductChoice } from './product-choices-slice';

/** The visitor's choice for `product` and the variant it names (null until every option is chosen, or for a combination no variant has). */
export function useProductChoice(product: ProductData) {
  const choice: ProductChoice = useAppSelector((state) => selectChoice(state, product.key));
  return { choice, variant: chosenVariant(product, choice) };
}
