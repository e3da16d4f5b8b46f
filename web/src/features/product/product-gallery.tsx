import { PRODUCT_PAGE_STRINGS } from '@storefront/domain/shared/strings';
import { useAppDispatch } from '../../app/hooks';
import { ProductImage } from './product-image';
import type { ProductData } from './product-data';
import { imagePicked, shownImage } from './product-choices-slice';
import { useProductChoice } from './use-product-choice';

const THUMB_SIZES = '72px';

/**
 * The product page's gallery: the main image follows the chosen variant (SPEC 4) or the
 * thumbnail the visitor picks. The thumbnails are the server's links to each full-size image,
 * taken over here to switch the main image in place.
 */
export function ProductGallery({ product }: { product: ProductData }) {
  const { choice } = useProductChoice(product);
  const dispatch = useAppDispatch();
  const index = shownImage(product, choice);
  const count = product.images.length;
  const main = product.images[index]!;
  return (
    <>
      <div className="product-gallery__main">
        <ProductImage image={main} eager />
      </div>
      <ul className="product-gallery__thumbs">
        {product.images.map((image, i) => (
          <li key={image.src}>
            <a
              className="product-gallery__thumb"
              href={largest(image)}
              aria-label={PRODUCT_PAGE_STRINGS.showImage.replace('{n}', String(i + 1)).replace('{count}', String(count))}
              aria-current={i === index ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                dispatch(imagePicked({ key: product.key, index: i }));
              }}
            >
              <ProductImage image={{ ...image, sizes: THUMB_SIZES, alt: '', loading: 'lazy', fetchpriority: '' }} />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The image a product card or block shows: the chosen variant's own, else the main one. */
export function ProductCardImage({ product }: { product: ProductData }) {
  const { choice } = useProductChoice(product);
  const index = shownImage(product, choice);
  return <ProductImage image={product.images[index]!} eager={index !== 0} />;
}

function largest(image: { src: string; srcset: string }): string {
  return image.srcset.split(',').map((c) => c.trim().split(/\s+/)[0]).filter(Boolean).pop() ?? image.src;
}
