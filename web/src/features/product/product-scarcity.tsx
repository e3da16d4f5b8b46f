import { useEffect } from 'react';
import { scarcityNote } from './scarcity';
import type { ProductData } from './product-data';
import { useProductChoice } from './use-product-choice';

/**
 * SPEC 4 'Scarcity block': the owner's text for the chosen variant ('Only 2 left in this
 * combination'), for a limited variant with stock left; before a choice only when shown by
 * default. `onShown` hides the mount element while there is nothing to say.
 */
export function ProductScarcity({ product, onShown }: { product: ProductData; onShown: (shown: boolean) => void }) {
  const { variant } = useProductChoice(product);
  const text = scarcityNote(product, variant);
  useEffect(() => onShown(text !== null), [onShown, text]);
  return <>{text ?? ''}</>;
}
