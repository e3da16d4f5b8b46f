import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { cartProductFromRecord, type CartProduct, type ProductRecord } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { CATALOG_PRODUCTS, catalogProductsProjection, FORMS, formsProjection } from '@storefront/projections';
import { DATABASE } from '../infrastructure/database/tokens';
import { ReadModelChanges } from '../infrastructure/read-model-changes';

const MAX_ID_LENGTH = 200;
/** Products (and unknown ids) remembered at most; the oldest goes first. */
const CACHE_CAPACITY = 5_000;
/** A remembered lookup is read again after this long even without a change notice (one lost in a reconnect). */
const CACHE_TTL_MS = 5_000;
const CATALOG_PROJECTION = catalogProductsProjection.name;
const FORMS_PROJECTION = formsProjection.name;

/**
 * The cart's view of the catalog: the `catalog_products` read model's Product record, mapped to
 * the facts cart commands decide on (prices now, stock, options). Disabled, deleted and unknown
 * products come back as null: the cart treats them all as unavailable.
 *
 * Lookups are remembered until the catalog read model changes: this process's projection runner
 * says so right after it commits a catalog batch (before its catchUp returns), a worker process
 * says so with a READ_MODEL_CHANGED_CHANNEL notice, and anything older than CACHE_TTL_MS is read
 * again regardless. So an add to cart costs no catalog query, and sees a change no later than it
 * would have seen it in the read model itself (plus the notice's way from another process).
 * A lookup that was in flight while a change arrived is not remembered (the generation moved).
 * The CartProduct values are shared: callers must not change them.
 */
@Injectable()
export class CartProductLookup implements OnModuleInit, OnModuleDestroy {
  private readonly cache = new Map<string, { product: CartProduct | null; at: number }>();
  private generation = 0;
  private stopWatching: (() => Promise<void>) | null = null;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly changes: ReadModelChanges,
  ) {}

  async onModuleInit(): Promise<void> {
    this.stopWatching = await this.changes.watch([CATALOG_PROJECTION, FORMS_PROJECTION], () => this.forget());
  }

  async onModuleDestroy(): Promise<void> {
    await this.stopWatching?.();
    this.stopWatching = null;
  }

  /** The product an item id names; null for none (an id that is null, empty or too long included). */
  async find(itemId: string | null): Promise<CartProduct | null> {
    if (itemId === null || itemId.length === 0 || itemId.length > MAX_ID_LENGTH) return null;
    const cached = this.cache.get(itemId);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.product;

    const generation = this.generation;
    const at = Date.now();
    // A prepared statement: every cache miss of an add to cart runs it.
    // With the product's additional-fields form from the forms' read model (null: none, or no such form).
    const { rows } = await this.db.query<{ record: ProductRecord; enabled: boolean; form: { id: string; fields: unknown } | null }>(
      `SELECT p.record, p.enabled, f.definition AS form FROM ${CATALOG_PRODUCTS} p
         LEFT JOIN ${FORMS} f ON f.id = p.record->'structuredContent'->>'additionalFieldsFormId'
        WHERE p.id = $1`,
      [itemId],
      { name: 'cart_product_lookup_with_form' },
    );
    const row = rows[0];
    const product = !row || !row.enabled ? null : cartProductFromRecord(withForm(row.record, row.form));
    if (generation === this.generation) this.remember(itemId, product, at);
    return product;
  }

  /** The catalog read model changed: every remembered lookup may be out of date. */
  private forget(): void {
    this.generation++;
    this.cache.clear();
  }

  private remember(itemId: string, product: CartProduct | null, at: number): void {
    this.cache.delete(itemId);
    this.cache.set(itemId, { product, at });
    if (this.cache.size > CACHE_CAPACITY) this.cache.delete(this.cache.keys().next().value as string);
  }
}

/** The record with its `additionalFieldsForm` (the form's fields) as the forms' read model has it now. */
function withForm(record: ProductRecord, form: { id: string; fields: unknown } | null): ProductRecord {
  const content = record.structuredContent;
  if (!content?.additionalFieldsFormId) return record;
  return { ...record, structuredContent: { ...content, additionalFieldsForm: form ? { id: form.id, fields: form.fields } : null } };
}
