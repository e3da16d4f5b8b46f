import type { ImageData } from './product-data';

/** One image as the theme's `image` partial prints it. */
export function ProductImage({ image, eager = false }: { image: ImageData; eager?: boolean }) {
  return (
    <img
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={image.sizes || undefined}
      alt={image.alt}
      width={image.width || undefined}
      height={image.height || undefined}
      loading={eager ? 'eager' : image.loading}
      fetchPriority={image.fetchpriority || undefined}
      decoding={image.decoding}
      style={{ objectPosition: image.objectPosition }}
    />
  );
}
