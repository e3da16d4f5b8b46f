import { toDecimalString } from '../shared/money';
import { PRODUCT_TYPES, type ProductRecord, type ProductTypeName, type Variant } from './product-record';

/** A compact description of a variant: prices in minor units of the product's currency. */
export type VariantDraft = {
  id: string;
  sku: string;
  attributes?: Record<string, string>;
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
};

/** A compact description of a product, expanded into the SPEC's Product record. */
export type ProductDraft = {
  id: string;
  title: string;
  urlId: string;
  collectionId: string;
  productType: ProductTypeName;
  currency: string;
  variantOptionOrdering?: string[];
  variants: VariantDraft[];
};

function moneyValue(minor: number, currency: string) {
  return { value: String(minor), currency, decimalValue: toDecimalString(minor, currency) };
}

export function buildProductRecord(draft: ProductDraft): ProductRecord {
  const variants: Variant[] = draft.variants.map((v) => {
    const attributes = v.attributes ?? {};
    const salePrice = v.salePriceCents ?? 0;
    return {
      id: v.id,
      sku: v.sku,
      attributes,
      optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
      priceMoney: moneyValue(v.priceCents, draft.currency),
      salePriceMoney: moneyValue(salePrice, draft.currency),
      price: v.priceCents,
      salePrice,
      onSale: v.onSale ?? false,
      qtyInStock: v.qtyInStock ?? 0,
      unlimited: v.unlimited ?? false,
    };
  });
  const first = variants[0];
  return {
    id: draft.id,
    name: draft.title,
    title: draft.title,
    urlId: draft.urlId,
    fullUrl: `/shop/p/${draft.urlId}`,
    collectionId: draft.collectionId,
    recordType: 11,
    structuredContent: {
      productType: PRODUCT_TYPES[draft.productType],
      variants,
      isSubscribable: false,
      subscriptionPlan: null,
      priceMoney: first.priceMoney,
      salePriceMoney: first.salePriceMoney,
      onSale: variants.some((v) => v.onSale),
      variantOptionOrdering: draft.variantOptionOrdering ?? Object.keys(first.attributes),
      additionalFieldsFormId: null,
      additionalFieldsForm: null,
      useCustomAddButtonText: false,
      customAddButtonText: '',
      audioAssetUrl: null,
    },
  };
}
