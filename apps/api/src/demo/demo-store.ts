import {
  DEFAULT_MERCHANDISING, type InitialStock, type MerchandisingSettings, type ProductDetails, type ProductTypeName, type SubscriptionPlan, type VariantDraft,
} from '@storefront/domain';
import { DEFAULT_STORE_COLLECTION_ID } from '../catalog';

/**
 * The demo shop "Clay & Co." seeded on first start through the catalog's own commands and events
 * (store → product → inventory streams). Prices in USD cents. Every product rule can be seen here:
 * each product type, 1, 2 and 3 option dimensions, sold out, on sale, unlimited and low stock, a
 * subscription, a gift card with denominations, a product with an additional-fields form.
 * The first four products keep the ids and skus tests rely on. Their images are the media
 * context's drawn demo images (`DEMO_IMAGES` in apps/api/src/media/demo-images.ts), set with the
 * catalog's SetProductImages command after each product is created; then the variants of a product
 * with several images get their own (the moss mug shows the moss image, issue 13) with EditVariant.
 */
/** The demo website's title. */
export const DEMO_WEBSITE_TITLE = 'Clay & Co.';
/** The demo shop is the store made on first start. */
export const DEMO_SHOP_COLLECTION_ID = DEFAULT_STORE_COLLECTION_ID;

type DemoProduct = {
  id: string;
  title: string;
  urlId: string;
  productType: ProductTypeName;
  description: string;
  variantOptionOrdering?: string[];
  /** `imageId`: the variant's own image, one of the product's `imageIds` (given after the images). */
  variants: (VariantDraft & { imageId?: string })[];
  subscriptionPlan?: SubscriptionPlan;
  additionalFieldsFormId?: string;
  customAddButtonText?: string;
  tags?: string[];
  categories?: string[];
  merchandising?: Partial<MerchandisingSettings>;
  /** Ids of drawn demo images, main image first. */
  imageIds: string[];
};

const demo: DemoProduct[] = [
  {
    id: 'p-stoneware-mug', imageIds: ['img-stoneware-mug', 'img-moss-mug'], title: 'Stoneware Mug', urlId: 'stoneware-mug', productType: 'PHYSICAL',
    description: 'A 12 oz mug thrown on the wheel and glazed by hand.', tags: ['mugs'], categories: ['Drinkware'],
    merchandising: { scarcityEnabled: true, scarcityText: 'Only {qtyInStock} left!', restockNotificationsEnabled: true },
    variants: [
      { id: 'v-mug-sand', sku: 'MUG-SAND', attributes: { Glaze: 'Sand' }, priceCents: 2800, qtyInStock: 40, imageId: 'img-stoneware-mug' },
      { id: 'v-mug-moss', sku: 'MUG-MOSS', attributes: { Glaze: 'Moss' }, priceCents: 2800, qtyInStock: 3, imageId: 'img-moss-mug' },
    ],
  },
  {
    id: 'p-linen-apron', imageIds: ['img-linen-apron'], title: 'Linen Apron', urlId: 'linen-apron', productType: 'PHYSICAL', variantOptionOrdering: ['Color', 'Size'],
    description: 'Heavy linen studio apron with two deep pockets.', tags: ['studio'], categories: ['Studio'],
    variants: [
      { id: 'v-apron-rust-s', sku: 'APRON-RUST-S', attributes: { Color: 'Rust', Size: 'S' }, priceCents: 4500, salePriceCents: 3600, onSale: true, qtyInStock: 12 },
      { id: 'v-apron-rust-l', sku: 'APRON-RUST-L', attributes: { Color: 'Rust', Size: 'L' }, priceCents: 4500, salePriceCents: 3600, onSale: true, qtyInStock: 8 },
      { id: 'v-apron-indigo-s', sku: 'APRON-INDIGO-S', attributes: { Color: 'Indigo', Size: 'S' }, priceCents: 4500, qtyInStock: 5 },
      { id: 'v-apron-indigo-l', sku: 'APRON-INDIGO-L', attributes: { Color: 'Indigo', Size: 'L' }, priceCents: 4500, qtyInStock: 0 },
    ],
  },
  {
    id: 'p-glaze-recipes', imageIds: ['img-recipe-book'], title: 'Glaze Recipe Book (PDF)', urlId: 'glaze-recipe-book', productType: 'DIGITAL',
    description: 'Forty tested cone 6 glaze recipes, as a PDF download.', tags: ['books'], categories: ['Learning'],
    variants: [{ id: 'v-recipes', sku: 'BOOK-PDF', priceCents: 1200, unlimited: true }],
  },
  {
    id: 'p-serving-bowl', imageIds: ['img-serving-bowl'], title: 'Large Serving Bowl', urlId: 'large-serving-bowl', productType: 'PHYSICAL',
    description: 'A wide bowl for salads and noodles. The next firing is in spring.', categories: ['Tableware'],
    merchandising: { customSoldOutText: 'Back after the next firing', restockNotificationsEnabled: true, mailingListSignUpEnabled: true },
    variants: [{ id: 'v-bowl', sku: 'BOWL-L', priceCents: 6400, qtyInStock: 0 }],
  },
  {
    id: 'p-ridged-dinner-plate', imageIds: ['img-dinner-plates'], title: 'Ridged Dinner Plate', urlId: 'ridged-dinner-plate', productType: 'PHYSICAL',
    description: 'Plates with a carved rim, in two glazes, two sizes and two finishes.', categories: ['Tableware'],
    variantOptionOrdering: ['Glaze', 'Size', 'Finish'],
    merchandising: { scarcityEnabled: true, scarcityShownByDefault: true, scarcityText: 'Only {qtyInStock} left in this combination' },
    variants: [
      { id: 'v-plate-sand-8-matte', sku: 'PLATE-SAND-8-MATTE', attributes: { Glaze: 'Sand', Size: '8 in', Finish: 'Matte' }, priceCents: 3400, qtyInStock: 15 },
      { id: 'v-plate-sand-10-matte', sku: 'PLATE-SAND-10-MATTE', attributes: { Glaze: 'Sand', Size: '10 in', Finish: 'Matte' }, priceCents: 3800, qtyInStock: 2 },
      { id: 'v-plate-moss-8-gloss', sku: 'PLATE-MOSS-8-GLOSS', attributes: { Glaze: 'Moss', Size: '8 in', Finish: 'Gloss' }, priceCents: 3400, salePriceCents: 2900, onSale: true, qtyInStock: 6 },
      { id: 'v-plate-moss-10-gloss', sku: 'PLATE-MOSS-10-GLOSS', attributes: { Glaze: 'Moss', Size: '10 in', Finish: 'Gloss' }, priceCents: 3800, unlimited: true },
    ],
  },
  {
    id: 'p-small-bud-vase', imageIds: ['img-bud-vase'], title: 'Small Bud Vase', urlId: 'small-bud-vase', productType: 'PHYSICAL',
    description: 'A single stem vase; the last one from the test kiln.', categories: ['Decor'],
    variants: [{ id: 'v-bud-vase', sku: 'BUD-VASE', priceCents: 1800, qtyInStock: 1 }],
  },
  {
    id: 'p-throwing-class', imageIds: ['img-throwing-wheel'], title: 'Wheel Throwing Class', urlId: 'wheel-throwing-class', productType: 'SERVICE',
    description: 'Three hours at the wheel with clay, glazing and firing included.', categories: ['Learning'],
    additionalFieldsFormId: 'form-class-signup', customAddButtonText: 'Book a Seat',
    variantOptionOrdering: ['Day'],
    variants: [
      { id: 'v-class-sat', sku: 'CLASS-SAT', attributes: { Day: 'Saturday' }, priceCents: 9500, qtyInStock: 6 },
      { id: 'v-class-sun', sku: 'CLASS-SUN', attributes: { Day: 'Sunday' }, priceCents: 9500, qtyInStock: 0 },
    ],
  },
  {
    id: 'p-studio-gift-card', imageIds: ['img-glaze-swatches'], title: 'Clay & Co. Gift Card', urlId: 'gift-card', productType: 'GIFT_CARD',
    description: 'A gift card for anything in the shop or a class.', variantOptionOrdering: ['Amount'],
    variants: [
      { id: 'v-gift-25', sku: 'GIFT-25', attributes: { Amount: '$25' }, priceCents: 2500 },
      { id: 'v-gift-50', sku: 'GIFT-50', attributes: { Amount: '$50' }, priceCents: 5000 },
      { id: 'v-gift-100', sku: 'GIFT-100', attributes: { Amount: '$100' }, priceCents: 10000 },
    ],
  },
  {
    id: 'p-tea-club', imageIds: ['img-tea-bowls'], title: 'Tea Bowl of the Month', urlId: 'tea-bowl-of-the-month', productType: 'PHYSICAL',
    description: 'A new tea bowl every month for a year.', categories: ['Drinkware'],
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
    variants: [{ id: 'v-tea-club', sku: 'TEA-CLUB', priceCents: 4200, qtyInStock: 25 }],
  },
  {
    id: 'p-studio-notes', imageIds: ['img-kiln'], title: 'Studio Notes Membership', urlId: 'studio-notes', productType: 'PAYWALL',
    description: 'Members-only firing logs and video lessons, billed every month until cancelled.',
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    variants: [{ id: 'v-studio-notes', sku: 'NOTES-MONTHLY', priceCents: 800, unlimited: true }],
  },
];

/**
 * `imageIds`: the product's images, set after it is created; `variantImages`: by SKU, the variants'
 * own images (among `imageIds`), given once the product has its images.
 */
export type DemoCatalogEntry = { product: ProductDetails; stock: Record<string, InitialStock>; imageIds: string[]; variantImages: Record<string, string> };

/** The demo products as the catalog's commands take them. */
export function demoCatalog(websiteId: string, now: string): DemoCatalogEntry[] {
  return demo.map((d) => ({
    product: {
      id: d.id,
      websiteId,
      collectionId: DEMO_SHOP_COLLECTION_ID,
      productType: d.productType,
      title: d.title,
      navigationTitle: d.title,
      description: d.description,
      urlId: d.urlId,
      currency: 'USD',
      variants: d.variants.map((v) => ({
        id: v.id, sku: v.sku, attributes: v.attributes ?? {}, priceMinor: v.priceCents, salePriceMinor: v.salePriceCents ?? 0, onSale: v.onSale ?? false,
      })),
      variantOptionOrdering: d.variantOptionOrdering ?? Object.keys(d.variants[0].attributes ?? {}),
      subscriptionPlan: d.subscriptionPlan ?? null,
      additionalFieldsFormId: d.additionalFieldsFormId ?? null,
      useCustomAddButtonText: d.customAddButtonText !== undefined,
      customAddButtonText: d.customAddButtonText ?? '',
      tags: d.tags ?? [],
      categories: d.categories ?? [],
      merchandising: { ...DEFAULT_MERCHANDISING, ...d.merchandising },
      enabled: true,
      createdAt: now,
    },
    stock: Object.fromEntries(d.variants.map((v) => [v.sku, { qtyInStock: v.qtyInStock ?? 0, unlimited: v.unlimited ?? false }])),
    imageIds: d.imageIds,
    variantImages: Object.fromEntries(d.variants.flatMap((v) => (v.imageId ? [[v.sku, v.imageId]] : []))),
  }));
}
