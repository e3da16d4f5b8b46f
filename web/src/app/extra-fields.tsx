import { lazy, Suspense } from 'react';
import type { ExtraFieldsAskProps } from '../features/cart/add-to-cart-button';
import type { ExtraFieldsFormData } from '../features/product/product-data';

/**
 * The extra-fields lightbox (issue 14) joined to the add-to-cart button: its code (the form
 * fields, the forms' validation) is a chunk of its own, which only a page with a product that has
 * an additional-fields form loads — as soon as such a button mounts, so the click opens it at once.
 */
const load = () => import('../features/forms/extra-fields-lightbox');
const ExtraFieldsLightbox = lazy(load);

export function preloadExtraFields(): void {
  load().catch((error: unknown) => console.error('The extra-fields lightbox failed to load', error));
}

/** The button's `askExtraFields` for a product's form; null without one (the button adds at once). */
export function extraFieldsAsk(form: ExtraFieldsFormData | null | undefined, productTitle: string) {
  if (!form) return null;
  return (props: ExtraFieldsAskProps) => (
    <Suspense fallback={null}>
      <ExtraFieldsLightbox form={form} productTitle={productTitle} onSubmit={props.onSubmit} onClose={props.onClose} />
    </Suspense>
  );
}
