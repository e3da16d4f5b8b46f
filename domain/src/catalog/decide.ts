import { accept, reject, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { differingFields, versionNotFound } from '../shared/history';
import type {
  AddVariant, CreateProduct, DeleteProduct, EditProductDetails, EditVariant, ProductCommand, PutProductOnSale, RemoveVariant,
  RestoreProduct, SetProductEnabled, SetProductImages, SetProductVariants,
} from './commands';
import type { ProductEvent } from './events';
import { evolveProduct } from './evolve';
import {
  applyDetailsChanges, applyVariantChanges, PRODUCT_RESTORED_FIELDS, productImageIds, variantImageId, type ProductDetails, type VariantChanges, type VariantDetails,
} from './product-details';
import { checkImageIds, checkMinor, checkStock, validateProduct } from './product-validation';
import type { ProductState } from './state';

type ProductDecision = Decision<ProductEvent, DomainError>;

export function decideProduct(command: ProductCommand, state: ProductState): ProductDecision {
  switch (command.type) {
    case 'CreateProduct':
      return create(command, state);
    case 'EditProductDetails':
      return withProduct(state, (p) => editDetails(command, p));
    case 'AddVariant':
      return withProduct(state, (p) => addVariant(command, p));
    case 'EditVariant':
      return withProduct(state, (p) => editVariant(command, p));
    case 'RemoveVariant':
      return withProduct(state, (p) => removeVariant(command, p));
    case 'SetProductVariants':
      return withProduct(state, (p) => setVariants(command, p));
    case 'PutProductOnSale':
      return withProduct(state, (p) => putOnSale(command, p));
    case 'SetProductEnabled':
      return withProduct(state, (p) => setEnabled(command, p));
    case 'DeleteProduct':
      return withProduct(state, (p) => remove(command, p));
    case 'SetProductImages':
      return withProduct(state, (p) => setImages(command, p));
    case 'RestoreProduct':
      return withProduct(state, (p) => restore(command, p));
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled product command ${JSON.stringify(unhandled)}`);
    }
  }
}

function withProduct(state: ProductState, decide: (product: ProductDetails) => ProductDecision): ProductDecision {
  return state.status === 'active' ? decide(state.product) : reject(domainError('PRODUCT_NOT_FOUND'));
}

/** Checks the product as it would be after the events; accepts them if it is valid. */
function acceptIfValid(next: ProductDetails, ...events: ProductEvent[]): ProductDecision {
  const invalid = validateProduct(next);
  return invalid ? reject(invalid) : accept(...events);
}

export function checkCreateProduct(command: CreateProduct): DomainError | null {
  const { product, initialStock } = command.data;
  const invalid = validateProduct(product);
  if (invalid) return invalid;
  for (const stock of Object.values(initialStock)) {
    const bad = checkStock(stock);
    if (bad) return bad;
  }
  return null;
}

function create(command: CreateProduct, state: ProductState): ProductDecision {
  if (state.status !== 'none') return reject(domainError('PRODUCT_ALREADY_EXISTS'));
  const invalid = checkCreateProduct(command);
  if (invalid) return reject(invalid);
  return accept({ type: 'ProductCreated', schemaVersion: 2, data: { product: command.data.product } });
}

function editDetails(command: EditProductDetails, product: ProductDetails): ProductDecision {
  const { productId, changes, now } = command.data;
  return acceptIfValid(applyDetailsChanges(product, changes), { type: 'ProductDetailsEdited', data: { productId, changes, editedAt: now } });
}

function addVariant(command: AddVariant, product: ProductDetails): ProductDecision {
  const { productId, variant, initialStock, now } = command.data;
  if (product.variants.some((v) => v.sku === variant.sku)) return reject(domainError('DUPLICATE_SKU', { sku: variant.sku }));
  const badStock = checkStock(initialStock);
  if (badStock) return reject(badStock);
  return acceptIfValid({ ...product, variants: [...product.variants, variant] }, {
    type: 'ProductVariantAdded',
    data: { productId, variant, addedAt: now },
  });
}

function editVariant(command: EditVariant, product: ProductDetails): ProductDecision {
  const { productId, sku, changes, now } = command.data;
  if (!product.variants.some((v) => v.sku === sku)) return reject(domainError('VARIANT_NOT_FOUND', { sku }));
  const variants = product.variants.map((v) => (v.sku === sku ? applyVariantChanges(v, changes) : v));
  return acceptIfValid({ ...product, variants }, { type: 'ProductVariantEdited', data: { productId, sku, changes, editedAt: now } });
}

function removeVariant(command: RemoveVariant, product: ProductDetails): ProductDecision {
  const { productId, sku, now } = command.data;
  if (!product.variants.some((v) => v.sku === sku)) return reject(domainError('VARIANT_NOT_FOUND', { sku }));
  if (product.variants.length === 1) return reject(domainError('NO_VARIANTS'));
  return acceptIfValid(
    { ...product, variants: product.variants.filter((v) => v.sku !== sku) },
    { type: 'ProductVariantRemoved', data: { productId, sku, removedAt: now } },
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sameAttributes = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** What changes from `was` to `wanted` (the SKU and id stay). */
function variantChanges(was: VariantDetails, wanted: VariantDetails): VariantChanges {
  const changes: VariantChanges = {};
  if (!sameAttributes(was.attributes, wanted.attributes)) changes.attributes = wanted.attributes;
  if (was.priceMinor !== wanted.priceMinor) changes.priceMinor = wanted.priceMinor;
  if (was.salePriceMinor !== wanted.salePriceMinor) changes.salePriceMinor = wanted.salePriceMinor;
  if (was.onSale !== wanted.onSale) changes.onSale = wanted.onSale;
  if ((was.weightGrams ?? null) !== (wanted.weightGrams ?? null)) changes.weightGrams = wanted.weightGrams ?? null;
  if (variantImageId(was) !== variantImageId(wanted)) changes.imageId = variantImageId(wanted);
  return changes;
}

function setVariants(command: SetProductVariants, product: ProductDetails): ProductDecision {
  const { productId, variantOptionOrdering, variants, initialStock, now } = command.data;
  const seen = new Set<string>();
  for (const v of variants) {
    if (seen.has(v.sku)) return reject(domainError('DUPLICATE_SKU', { sku: v.sku }));
    seen.add(v.sku);
  }
  const events: ProductEvent[] = [];
  if (!sameList(product.variantOptionOrdering, variantOptionOrdering)) {
    events.push({ type: 'ProductDetailsEdited', data: { productId, changes: { variantOptionOrdering }, editedAt: now } });
  }
  for (const was of product.variants) {
    if (!seen.has(was.sku)) events.push({ type: 'ProductVariantRemoved', data: { productId, sku: was.sku, removedAt: now } });
  }
  for (const wanted of variants) {
    const was = product.variants.find((v) => v.sku === wanted.sku);
    if (was) {
      const changes = variantChanges(was, wanted);
      if (Object.keys(changes).length > 0) events.push({ type: 'ProductVariantEdited', data: { productId, sku: wanted.sku, changes, editedAt: now } });
    } else {
      const badStock = checkStock(initialStock[wanted.sku] ?? { qtyInStock: 0, unlimited: false });
      if (badStock) return reject(badStock);
      events.push({ type: 'ProductVariantAdded', data: { productId, variant: wanted, addedAt: now } });
    }
  }
  if (events.length === 0) return accept();
  const next = events.reduce(evolveProduct, { status: 'active', product } as ProductState);
  return next.status === 'active' ? acceptIfValid(next.product, ...events) : reject(domainError('PRODUCT_NOT_FOUND'));
}

function putOnSale(command: PutProductOnSale, product: ProductDetails): ProductDecision {
  const { productId, onSale, skus, salePriceMinor, now } = command.data;
  if (salePriceMinor !== null) {
    const bad = checkMinor(salePriceMinor, 'salePrice');
    if (bad) return reject(bad);
  }
  const unknown = (skus ?? []).find((sku) => !product.variants.some((v) => v.sku === sku));
  if (unknown !== undefined) return reject(domainError('VARIANT_NOT_FOUND', { sku: unknown }));
  const chosen = product.variants.filter((v) => skus === null || skus.includes(v.sku));
  const variants = chosen.map((v) => ({ sku: v.sku, onSale, salePriceMinor: salePriceMinor ?? v.salePriceMinor }));
  const changed = variants.filter((c) => {
    const v = product.variants.find((x) => x.sku === c.sku)!;
    return v.onSale !== c.onSale || v.salePriceMinor !== c.salePriceMinor;
  });
  if (changed.length === 0) return accept();
  const bySku = new Map(changed.map((c) => [c.sku, c]));
  const next = { ...product, variants: product.variants.map((v) => ({ ...v, ...(bySku.get(v.sku) ?? {}) })) };
  return acceptIfValid(next, { type: 'ProductSaleChanged', data: { productId, variants: changed, changedAt: now } });
}

function setEnabled(command: SetProductEnabled, product: ProductDetails): ProductDecision {
  const { productId, enabled, now } = command.data;
  if (product.enabled === enabled) return accept();
  return accept(enabled ? { type: 'ProductEnabled', data: { productId, at: now } } : { type: 'ProductDisabled', data: { productId, at: now } });
}

function remove(command: DeleteProduct, product: ProductDetails): ProductDecision {
  const { productId, now } = command.data;
  return accept({ type: 'ProductDeleted', data: { productId, collectionId: product.collectionId, urlId: product.urlId, deletedAt: now } });
}

function setImages(command: SetProductImages, product: ProductDetails): ProductDecision {
  const { productId, imageIds, now } = command.data;
  const invalid = checkImageIds(imageIds);
  if (invalid) return reject(invalid);
  const current = productImageIds(product);
  if (current.length === imageIds.length && current.every((id, i) => id === imageIds[i])) return accept();
  return accept({ type: 'ProductImagesSet', data: { productId, imageIds: [...imageIds], setAt: now } });
}

function restore(command: RestoreProduct, product: ProductDetails): ProductDecision {
  const { productId, restoredVersion, target, now } = command.data;
  if (target.status !== 'active' || target.product.productType !== product.productType) return reject(versionNotFound(restoredVersion));
  // A product without images in the version restored (maybe from before products had images) has none after it.
  const withImages = (p: ProductDetails): ProductDetails => ({ ...p, imageIds: productImageIds(p) });
  const changes = differingFields(withImages(product), withImages(target.product), PRODUCT_RESTORED_FIELDS);
  if (Object.keys(changes).length === 0) return accept();
  return acceptIfValid({ ...product, ...changes }, { type: 'ProductRestored', data: { productId, restoredVersion, changes, restoredAt: now } });
}
