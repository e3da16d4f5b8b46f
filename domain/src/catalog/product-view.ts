import { toDecimalString } from '../shared/money';
import { STRINGS } from '../shared/strings';
import { productImageIds, type InitialStock, type ProductDetails } from './product-details';
import { PRODUCT_TYPES, tracksStock, type MoneyValue, type ProductRecord, type Variant } from './product-record';
import { isSoldOut } from './product-rules';

/** A variant's stock as the inventory stream last said (0 and limited when never stocked). */
export type StockLookup = (sku: string) => InitialStock | undefined;

const NO_STOCK: InitialStock = { qtyInStock: 0, unlimited: false };

export function moneyValue(minor: number, currency: string): MoneyValue {
  return { value: String(minor), currency, decimalValue: toDecimalString(minor, currency) };
}

/** The SPEC's Product record (what templates, the storefront and the cart read) for a product's details and stock. */
export function productRecord(product: ProductDetails, stockOf: StockLookup): ProductRecord {
  const { currency } = product;
  const variants: Variant[] = product.variants.map((v) => {
    const stock = stockOf(v.sku) ?? NO_STOCK;
    return {
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      optionValues: product.variantOptionOrdering
        .filter((name) => v.attributes[name] !== undefined)
        .map((optionName) => ({ optionName, value: v.attributes[optionName] })),
      priceMoney: moneyValue(v.priceMinor, currency),
      salePriceMoney: moneyValue(v.salePriceMinor, currency),
      price: v.priceMinor,
      salePrice: v.salePriceMinor,
      onSale: v.onSale,
      qtyInStock: stock.qtyInStock,
      unlimited: stock.unlimited,
      ...(v.imageId ? { imageId: v.imageId } : {}),
    };
  });
  const first = variants[0];
  const zero = moneyValue(0, currency);
  const imageIds = productImageIds(product);
  return {
    id: product.id,
    name: product.title,
    title: product.title,
    urlId: product.urlId,
    fullUrl: `/shop/p/${product.urlId}`,
    collectionId: product.collectionId,
    recordType: 11,
    websiteId: product.websiteId,
    navigationTitle: product.navigationTitle,
    description: product.description,
    tags: product.tags,
    categories: product.categories,
    // Only with images, so records of products without any keep the shape they always had.
    ...(imageIds.length > 0 ? { imageIds: [...imageIds], mainImageId: imageIds[0] } : {}),
    structuredContent: {
      productType: PRODUCT_TYPES[product.productType],
      variants,
      isSubscribable: product.subscriptionPlan !== null,
      subscriptionPlan: product.subscriptionPlan,
      priceMoney: first?.priceMoney ?? zero,
      salePriceMoney: first?.salePriceMoney ?? zero,
      onSale: variants.some((v) => v.onSale),
      variantOptionOrdering: product.variantOptionOrdering,
      additionalFieldsFormId: product.additionalFieldsFormId,
      additionalFieldsForm: null,
      useCustomAddButtonText: product.useCustomAddButtonText,
      customAddButtonText: product.customAddButtonText,
      audioAssetUrl: null,
    },
  };
}

/** One product's entry of `productMerchandisingContext` (SPEC 3), as the commerce formatters read it. */
export type ProductMerchandisingContext = {
  scarcityEnabled: boolean;
  scarcityTemplateViews: { qtyInStock: number; attributes?: Record<string, string> }[];
  scarcityText: string;
  scarcityShownByDefault: boolean;
  customSoldOutText?: string;
  restockNotificationViews: { variantId: string; hiddenByDefault: boolean }[];
  restockNotificationMessages: { buttonText: string; CTAText: string; placeholderText: string; mailingListDescription: string };
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
};

export const RESTOCK_NOTIFICATION_MESSAGES: ProductMerchandisingContext['restockNotificationMessages'] = { ...STRINGS.restockNotification };

const hasAttributes = (attributes: Record<string, string>) => Object.keys(attributes).length > 0;

/**
 * Scarcity views for variants with limited stock above 0; restock views (only when restock
 * notifications are on, and only for stocked product types) for limited variants, hidden by
 * default unless the only variant is sold out. Null when there is nothing to show.
 */
export function productMerchandisingContext(record: ProductRecord, product: ProductDetails): ProductMerchandisingContext {
  const m = product.merchandising;
  const stocked = tracksStock(product.productType);
  const limited = stocked ? record.structuredContent.variants.filter((v) => !v.unlimited) : [];
  const soldOut = isSoldOut(record);
  const single = record.structuredContent.variants.length === 1;
  return {
    scarcityEnabled: m.scarcityEnabled,
    scarcityTemplateViews: limited
      .filter((v) => v.qtyInStock > 0)
      .map((v) => (hasAttributes(v.attributes) ? { qtyInStock: v.qtyInStock, attributes: v.attributes } : { qtyInStock: v.qtyInStock })),
    scarcityText: m.scarcityText,
    scarcityShownByDefault: m.scarcityShownByDefault,
    ...(m.customSoldOutText ? { customSoldOutText: m.customSoldOutText } : {}),
    restockNotificationViews: m.restockNotificationsEnabled
      ? limited.map((v) => ({ variantId: v.id, hiddenByDefault: !(single && soldOut) }))
      : [],
    restockNotificationMessages: RESTOCK_NOTIFICATION_MESSAGES,
    mailingListSignUpEnabled: m.mailingListSignUpEnabled,
    mailingListOptInByDefault: m.mailingListOptInByDefault,
  };
}
