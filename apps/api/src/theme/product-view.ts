/**
 * What the product templates need beyond the Product record (domain/src/catalog/product-record.ts).
 *
 * `pricing`: the engine's `product-price` formatter reads a Money's `value` as a decimal amount in
 * major units ('42.00'), as its fixtures show (f-product-price-*), while our records carry minor
 * units in `value` ('4200') and the decimal in `decimalValue`. `pricing` is a copy of the fields
 * `product-price` reads with every Money's value set to its decimal, so `{view.pricing|product-price}`
 * prints $42.00 and not $4,200.00. It keeps the legacy `price`/`salePrice` numbers the engine
 * compares for 'from' prices.
 */
import {
  addToCartButtonLabel, DEFAULT_CURRENCY, installmentContext, installmentMessage, isSoldOut, LOCALIZED_STRING_DEFAULTS, priceDisplay, productStatusLabel, productStatusMark,
  showsQuantityInput, showsVariantOptions, SOLD_OUT_BUTTON_TEXT, unitPriceMinor, PRODUCT_TYPES, PRODUCT_PAGE_STRINGS, PRODUCT_PRICE_STRINGS, installmentStrings,
  type InstallmentContext, type InstallmentLocale, type PriceDisplay, type ProductRecord,
} from '@storefront/domain';
import type { ImageAsset, ImageView } from './image-view';

type Money = { value?: string | null; currency?: string | null; decimalValue?: string | null };

export type EngineMoney = { value: string; currency: string };

export type PricingView = {
  structuredContent: {
    productType: number;
    isSubscribable: boolean;
    subscriptionPlan: unknown;
    onSale: boolean;
    priceMoney: EngineMoney;
    salePriceMoney: EngineMoney;
    variants: {
      onSale: boolean;
      price: number;
      salePrice: number;
      priceMoney: EngineMoney;
      salePriceMoney: EngineMoney;
      pricingOptions?: unknown;
    }[];
  };
};

/** A Money as the engine's price formatters read it: decimalValue when present, else value as is. */
export function engineMoney(money: Money | null | undefined, fallbackCurrency = 'USD'): EngineMoney {
  const currency = money?.currency || fallbackCurrency;
  const decimal = money?.decimalValue;
  return { value: decimal !== undefined && decimal !== null && decimal !== '' ? decimal : (money?.value ?? '0'), currency };
}

export function pricingView(product: ProductRecord): PricingView {
  const content = product.structuredContent;
  const currency = content.priceMoney?.currency ?? content.variants[0]?.priceMoney?.currency ?? 'USD';
  return {
    structuredContent: {
      productType: Number(content.productType),
      isSubscribable: content.isSubscribable === true,
      subscriptionPlan: content.subscriptionPlan ?? null,
      onSale: content.onSale === true,
      priceMoney: engineMoney(content.priceMoney, currency),
      salePriceMoney: engineMoney(content.salePriceMoney, currency),
      variants: content.variants.map((v) => ({
        onSale: v.onSale === true,
        price: v.price,
        salePrice: v.salePrice,
        priceMoney: engineMoney(v.priceMoney, currency),
        salePriceMoney: engineMoney(v.salePriceMoney, currency),
        ...((v as { pricingOptions?: unknown }).pricingOptions !== undefined ? { pricingOptions: (v as { pricingOptions?: unknown }).pricingOptions } : {}),
      })),
    },
  };
}

/** The add-to-cart island's mount data (SPEC 4 'Add-to-cart button' and 'Add-to-cart label'). */
export type AddToCartView = {
  itemId: string;
  /** Kept, visually hidden, in the button's accessible name ('Add To Cart: Stoneware Mug'). */
  title: string;
  /** SPEC 3 add-to-cart tracking's product_page: where the button is. */
  productPage: ProductSource;
  collectionId: string;
  productType: number;
  /** The one variant's sku; '' when the visitor has to choose options first. */
  sku: string;
  label: string;
  soldOut: boolean;
  subscribable: boolean;
  /** A list grid shows 'Select Option' for a product with options (SPEC 4). */
  needsOptions: boolean;
  /**
   * A list grid's added-item popover shows what was added: the one variant's own image, else the
   * product's main image (issue 13). JSON of `{ src, srcset, sizes, alt }` for `data-thumb`; '' for none.
   */
  thumbJson: string;
  /** The product's additional-fields form (`ExtraFieldsForm`) as JSON for `data-extra-fields`; '' for none. */
  extraFieldsJson: string;
};

/**
 * What the extra-fields lightbox needs of a product's additional-fields form (issue 14): the SPEC
 * Form's id, name, fields and button text, from the Product record's `additionalFieldsForm` (which
 * the page context fills from the forms' read model). Null without a form, or with one that asks
 * nothing (only sections and hidden fields): the product adds without the lightbox.
 */
export type ExtraFieldsForm = { id: string; name: string; fields: unknown[]; submitButtonText: string };

export function extraFieldsFormOf(product: ProductRecord): ExtraFieldsForm | null {
  const form = product.structuredContent?.additionalFieldsForm as { id?: unknown; name?: unknown; fields?: unknown; submitButtonText?: unknown } | null | undefined;
  if (!form || typeof form.id !== 'string' || !Array.isArray(form.fields)) return null;
  const fields = form.fields as { type?: unknown }[];
  if (!fields.some((f) => f && f.type !== 'section' && f.type !== 'hidden')) return null;
  return {
    id: form.id,
    name: typeof form.name === 'string' ? form.name : '',
    fields,
    submitButtonText: typeof form.submitButtonText === 'string' ? form.submitButtonText : '',
  };
}

/** The added-item popover's thumbnail: a 48 px square. */
export const POPOVER_THUMB_SIZES = '48px';

export type LocalizedStrings = { productAddToCartText?: string | null; productSubscribeText?: string | null; [key: string]: unknown };

export function addToCartView(product: ProductRecord, strings: LocalizedStrings = {}, productPage: ProductSource = 'plp', thumb: ImageView | null = null): AddToCartView {
  const variants = product.structuredContent.variants;
  const soldOut = isSoldOut(product);
  return {
    itemId: product.id,
    title: product.title,
    productPage,
    collectionId: product.collectionId,
    productType: Number(product.structuredContent.productType),
    sku: variants.length === 1 ? variants[0]!.sku : '',
    label: soldOut ? SOLD_OUT_BUTTON_TEXT : addToCartButtonLabel(product, strings),
    soldOut,
    subscribable: product.structuredContent.isSubscribable === true,
    needsOptions: variants.length > 1,
    thumbJson: thumb ? JSON.stringify({ src: thumb.src, srcset: thumb.srcset, sizes: thumb.sizes, alt: '' }) : '',
    extraFieldsJson: extraFields(product),
  };
}

/**
 * Where a product is shown, as SPEC 3's add-to-cart tracking names it (`product_page`): its product
 * page, a list grid, a product block, or an add-on item (a product block with design 'add-on').
 */
export type ProductSource = 'pdp' | 'plp' | 'product_block' | 'add-on';

/** One variant as the islands read it (prices in minor units). `image`: the index in `images` of its own image, if it has one. */
export type ProductFormVariant = {
  sku: string;
  attributes: Record<string, string>;
  price: number;
  salePrice: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  image: number | null;
};

/**
 * What the product islands read, as JSON in the `data-product` attribute of the element that
 * encloses one product's form (`[data-product-root]`): the product page, a product block, an
 * add-on item. The server renders the same state (no option chosen) from the same rules, so the
 * islands take over without the page moving.
 */
export type ProductFormData = {
  /** Unique on the page: the islands of one product share their state under this key. */
  key: string;
  source: ProductSource;
  itemId: string;
  collectionId: string;
  title: string;
  productType: number;
  currency: string;
  /** The options the visitor chooses, in the product's order (none when options are not shown). */
  optionNames: string[];
  /** The same options as the server prints their selects. */
  options: ProductOptionView[];
  variants: ProductFormVariant[];
  subscriptionPlan: ProductRecord['structuredContent']['subscriptionPlan'];
  label: string;
  soldOut: boolean;
  subscribable: boolean;
  /** The quantity input is shown (SPEC 4 'Quantity input is hidden for …'). */
  quantity: boolean;
  quantityInput: { id: string; label: string };
  priceLabels: { sale: string; original: string };
  /** SPEC 4 'Scarcity block': the owner's text ('Only {qtyInStock} left!'), shown by default or once a variant is chosen. */
  scarcity: { text: string; shownByDefault: boolean } | null;
  /** The images the shown image switches between (the product's, main first). */
  images: ImageView[];
  installments: InstallmentContext | null;
  /** The additional-fields form the lightbox asks before the add (issue 14); null for none. */
  additionalFieldsForm: ExtraFieldsForm | null;
};

export type ProductOptionView = {
  /** The select's DOM id. */
  id: string;
  name: string;
  /** The select's accessible name and first option: 'Select Glaze' (SPEC 8 'Select {variantName}'). */
  selectText: string;
  /** The visible label: the option's name ('Value' for a gift card's denomination). */
  label: string;
  values: string[];
};

/** What the product templates print (the server's rendering of the state before any choice), and the islands' JSON. */
export type ProductView = {
  source: ProductSource;
  key: string;
  /** A product root of its own (page, product block, add-on item): its islands' JSON is printed; a grid card has none. */
  root: boolean;
  addOn: boolean;
  soldOut: boolean;
  price: PriceDisplay;
  /** Sold out takes priority over sale (SPEC 4): the mark's class and its text. */
  mark: { kind: 'sold-out' | 'sale'; label: string } | null;
  options: ProductOptionView[];
  quantity: { id: string; shown: boolean; label: string };
  /** The product has a scarcity text (the island shows it once a variant is chosen). */
  hasScarcity: boolean;
  /** The scarcity text shown before any choice (only when shown by default), else ''. */
  scarcityText: string;
  installment: { text: string; inRange: boolean; provider: string; locale: string; learnMore: string } | null;
  /** Screen-reader names of a sale's two amounts. */
  priceLabels: { sale: string; original: string };
  /** Product page: the main image and, with more than one image, links to each that the island turns into thumbnails. */
  gallery: { main: ImageView; thumbs: { image: ImageView; href: string; label: string; current: boolean }[] } | null;
  /** ProductFormData as JSON, for `data-product`. */
  json: string;
};

export type ProductViewEnv = {
  source: ProductSource;
  key: string;
  /** localizedStrings of the page (SPEC 3). */
  strings?: Record<string, unknown> | null;
  storeSettings?: { selectedCurrency?: string | null; multipleQuantityAllowedForServices?: boolean | null } | null;
  /** The product's productMerchandisingContext entry, when the page has one. */
  merchandising?: Record<string, unknown> | null;
  /** The product's image views, main first, and the assets they were made from (their ids name a variant's image). */
  images?: { view: ImageView; asset: ImageAsset & { id?: string | null } }[];
  /** The store's language, for money formatting and the installment locale ('en-US'). */
  locale: string;
};

/**
 * The image a variant shows: the index among the product's images (main first) of the variant's
 * own image (`imageId`, one of the product's images, issue 13); null when it has none, or its
 * image is not among those shown (a deleted image), or there is only one image to show anyway.
 */
export function variantImageIndex(imageId: string | null | undefined, assets: readonly { id?: string | null }[]): number | null {
  if (!imageId || assets.length < 2) return null;
  const index = assets.findIndex((a) => a.id === imageId);
  return index === -1 ? null : index;
}

function scarcityOf(merch: Record<string, unknown> | null | undefined): ProductFormData['scarcity'] {
  if (!merch || merch.scarcityEnabled !== true || typeof merch.scarcityText !== 'string' || merch.scarcityText.trim() === '') return null;
  return { text: merch.scarcityText, shownByDefault: merch.scarcityShownByDefault === true };
}

/** SPEC 4: a variant's scarcity text, for a limited variant with stock left. */
export function scarcityText(template: string, variant: Pick<ProductFormVariant, 'qtyInStock' | 'unlimited'>, productType: number): string | null {
  const stocked = productType === PRODUCT_TYPES.PHYSICAL || productType === PRODUCT_TYPES.SERVICE;
  if (!stocked || variant.unlimited || variant.qtyInStock <= 0) return null;
  return template.replace(/\{qtyInStock\}/g, String(variant.qtyInStock));
}

const stringOf = (strings: Record<string, unknown> | null | undefined, key: keyof typeof LOCALIZED_STRING_DEFAULTS): string => {
  const value = strings?.[key];
  return typeof value === 'string' && value !== '' ? value : LOCALIZED_STRING_DEFAULTS[key];
};

/**
 * The product's view for its page, a grid card, a product block or an add-on item: the price,
 * mark, options, quantity input, scarcity and installment text as the server prints them before
 * any choice, and the islands' JSON. Prices come from `priceDisplay` (the browser's function too),
 * formatted from minor units in the store's currency.
 */
export function productView(product: ProductRecord, env: ProductViewEnv): ProductView {
  const content = product.structuredContent;
  const productType = Number(content.productType);
  // The currency the record's minor units are in (the store's, which cannot change while it has products).
  const currency = content.variants[0]?.priceMoney?.currency || content.priceMoney?.currency || env.storeSettings?.selectedCurrency || DEFAULT_CURRENCY;
  const images = env.images ?? [];
  const assets = images.map((i) => i.asset);
  const variants: ProductFormVariant[] = content.variants.map((v) => ({
    sku: v.sku,
    attributes: v.attributes ?? {},
    price: Number(v.price ?? v.priceMoney?.value ?? 0),
    salePrice: Number(v.salePrice ?? v.salePriceMoney?.value ?? 0),
    onSale: v.onSale === true,
    qtyInStock: Number(v.qtyInStock ?? 0) || 0,
    unlimited: v.unlimited === true,
    image: variantImageIndex(v.imageId, assets),
  }));
  const optionNames = showsVariantOptions(product) ? [...(content.variantOptionOrdering ?? [])] : [];
  const giftCard = productType === PRODUCT_TYPES.GIFT_CARD;
  const options: ProductOptionView[] = optionNames.map((name, index) => ({
    id: `${env.key}-option-${index + 1}`,
    name,
    label: giftCard ? stringOf(env.strings, 'giftCardValueDisplayText') : name,
    selectText: giftCard ? stringOf(env.strings, 'giftCardVariantSelectText') : stringOf(env.strings, 'productVariantSelectText').replace('{variantName}', name),
    values: [...new Set(variants.map((v) => v.attributes[name]).filter((x): x is string => typeof x === 'string' && x !== ''))],
  }));
  const soldOut = isSoldOut(product);
  const quantityShown = env.source === 'pdp' && !soldOut && showsQuantityInput(product, env.storeSettings ?? {});
  const scarcity = scarcityOf(env.merchandising);
  const single = variants.length === 1 ? variants[0]! : null;
  const defaultScarcity = scarcity?.shownByDefault && single ? scarcityText(scarcity.text, single, productType) : null;
  const installments = env.source === 'pdp' ? installmentContext(productType, currency, env.locale) : null;
  const pricing = { variants, subscriptionPlan: content.subscriptionPlan, currency };
  const lowest = variants.length > 0 ? Math.min(...variants.map(unitPriceMinor)) : 0;
  const installment = installments ? installmentMessage(installments, lowest, env.locale) : null;
  const mark = productStatusMark(product);
  const label = soldOut ? SOLD_OUT_BUTTON_TEXT : addToCartButtonLabel(product, { productAddToCartText: stringOf(env.strings, 'productAddToCartText'), productSubscribeText: stringOf(env.strings, 'productSubscribeText') });
  const data: ProductFormData = {
    key: env.key,
    source: env.source,
    itemId: product.id,
    collectionId: product.collectionId,
    title: product.title,
    productType,
    currency,
    optionNames,
    options,
    variants,
    subscriptionPlan: content.subscriptionPlan ?? null,
    label,
    soldOut,
    subscribable: content.isSubscribable === true,
    quantity: quantityShown,
    quantityInput: { id: `${env.key}-quantity`, label: stringOf(env.strings, 'productQuantityInputLabel') },
    priceLabels: { sale: PRODUCT_PRICE_STRINGS.salePrice, original: PRODUCT_PRICE_STRINGS.originalPrice },
    scarcity,
    // Only what the islands switch between: a variant's own image, or a gallery's thumbnails.
    images: images.length > 1 ? images.map((i) => i.view) : [],
    installments,
    additionalFieldsForm: extraFieldsFormOf(product),
  };
  return {
    source: env.source,
    key: env.key,
    root: env.source !== 'plp',
    addOn: env.source === 'add-on',
    soldOut,
    price: priceDisplay(pricing, null, env.locale),
    mark: mark ? { kind: mark, label: productStatusLabel(mark, (env.merchandising?.customSoldOutText as string | undefined) ?? null)! } : null,
    options,
    quantity: { id: `${env.key}-quantity`, shown: quantityShown, label: stringOf(env.strings, 'productQuantityInputLabel') },
    hasScarcity: scarcity !== null,
    scarcityText: defaultScarcity ?? '',
    installment: installment
      ? {
          text: installment.text,
          inRange: installment.inRange,
          provider: installment.provider,
          locale: installment.locale,
          learnMore: installmentStrings(installment.locale as InstallmentLocale).learnMore.replace('{provider}', installment.provider),
        }
      : null,
    priceLabels: { sale: PRODUCT_PRICE_STRINGS.salePrice, original: PRODUCT_PRICE_STRINGS.originalPrice },
    gallery: env.source === 'pdp' && images.length > 0 ? galleryView(images.map((i) => i.view)) : null,
    json: JSON.stringify(data),
  };
}

/** The largest rendition in a srcset ('/a.jpg?format=1500w 1500w' → '/a.jpg?format=1500w'), else src. */
export function largestRendition(view: ImageView): string {
  const last = view.srcset.split(',').map((c) => c.trim().split(/\s+/)[0]).filter(Boolean).pop();
  return last ?? view.src;
}

/** Thumbnail sizes: the strip's squares are 4.5rem wide. */
export const THUMB_SIZES = '72px';

function galleryView(images: ImageView[]): NonNullable<ProductView['gallery']> {
  const count = images.length;
  return {
    main: images[0]!,
    thumbs: count < 2
      ? []
      : images.map((image, i) => ({
          // Decorative inside a link named 'Show image 2 of 3'.
          image: { ...image, sizes: THUMB_SIZES, alt: '', loading: 'lazy' as const, fetchpriority: '' as const },
          href: largestRendition(image),
          label: PRODUCT_PAGE_STRINGS.showImage.replace('{n}', String(i + 1)).replace('{count}', String(count)),
          current: i === 0,
        })),
  };
}

function extraFields(product: ProductRecord): string {
  const form = extraFieldsFormOf(product);
  return form ? JSON.stringify(form) : '';
}
