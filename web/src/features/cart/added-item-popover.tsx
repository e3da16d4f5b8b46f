import { PRODUCT_PAGE_STRINGS } from '@storefront/domain/shared/strings';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ADDED_ITEM_POPOVER_MS, popoverClosed, selectAddedItem } from './added-item-slice';

/**
 * The added-item popover of a list grid's button (SPEC 4): what was added and a link to the cart,
 * shown under the button that added it; removed on close, after 3 s, or when another appears.
 * A status region, so screen readers hear it without losing their place.
 */
export function AddedItemPopover({ source }: { source: string }) {
  const shown = useAppSelector(selectAddedItem);
  const dispatch = useAppDispatch();
  const mine = shown?.source === source ? shown : null;
  const id = mine?.id;

  useEffect(() => {
    if (id === undefined) return;
    const timer = setTimeout(() => dispatch(popoverClosed({ id })), ADDED_ITEM_POPOVER_MS);
    return () => clearTimeout(timer);
  }, [dispatch, id]);

  // The status region is always there (a live region must exist before its news); the popover comes and goes in it.
  return (
    <div className="added-item-status" role="status">
      {mine && (
        <div className={`added-item-popover${mine.image ? ' added-item-popover--with-image' : ''}`}>
          {mine.image && (
            // Decorative: the text names what was added.
            <img className="added-item-popover__image" src={mine.image.src} srcSet={mine.image.srcset || undefined} sizes={mine.image.sizes || undefined} alt="" width={48} height={48} />
          )}
          <p className="added-item-popover__text">
            <strong>{PRODUCT_PAGE_STRINGS.addedToCart}</strong> {mine.title}
            {mine.quantity > 1 ? ` × ${mine.quantity}` : ''}
          </p>
          <a className="added-item-popover__link" href="/cart">
            {PRODUCT_PAGE_STRINGS.viewCart}
          </a>
          <button className="added-item-popover__close" type="button" aria-label={PRODUCT_PAGE_STRINGS.close} onClick={() => dispatch(popoverClosed({ id: mine.id }))}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
