import { buildProductRecord, type ProductDraft, type ProductRecord } from '@storefront/domain';

/** The demo shop seeded on first start (prices in USD cents). The full catalog comes with the catalog issue. */
export const DEMO_SHOP_COLLECTION_ID = 'shop';

const drafts: ProductDraft[] = [
  {
    id: 'p-stoneware-mug', title: 'Stoneware Mug', urlId: 'stoneware-mug', collectionId: DEMO_SHOP_COLLECTION_ID,
    productType: 'PHYSICAL', currency: 'USD',
    variants: [
      { id: 'v-mug-sand', sku: 'MUG-SAND', attributes: { Glaze: 'Sand' }, priceCents: 2800, qtyInStock: 40 },
      { id: 'v-mug-moss', sku: 'MUG-MOSS', attributes: { Glaze: 'Moss' }, priceCents: 2800, qtyInStock: 3 },
    ],
  },
  {
    id: 'p-linen-apron', title: 'Linen Apron', urlId: 'linen-apron', collectionId: DEMO_SHOP_COLLECTION_ID,
    productType: 'PHYSICAL', currency: 'USD', variantOptionOrdering: ['Color', 'Size'],
    variants: [
      { id: 'v-apron-rust-s', sku: 'APRON-RUST-S', attributes: { Color: 'Rust', Size: 'S' }, priceCents: 4500, salePriceCents: 3600, onSale: true, qtyInStock: 12 },
      { id: 'v-apron-rust-l', sku: 'APRON-RUST-L', attributes: { Color: 'Rust', Size: 'L' }, priceCents: 4500, salePriceCents: 3600, onSale: true, qtyInStock: 8 },
    ],
  },
  {
    id: 'p-glaze-recipes', title: 'Glaze Recipe Book (PDF)', urlId: 'glaze-recipe-book', collectionId: DEMO_SHOP_COLLECTION_ID,
    productType: 'DIGITAL', currency: 'USD',
    variants: [{ id: 'v-recipes', sku: 'BOOK-PDF', priceCents: 1200, unlimited: true }],
  },
  {
    id: 'p-serving-bowl', title: 'Large Serving Bowl', urlId: 'large-serving-bowl', collectionId: DEMO_SHOP_COLLECTION_ID,
    productType: 'PHYSICAL', currency: 'USD',
    variants: [{ id: 'v-bowl', sku: 'BOWL-L', priceCents: 6400, qtyInStock: 0 }],
  },
];

export const demoProducts = (): ProductRecord[] => drafts.map(buildProductRecord);
