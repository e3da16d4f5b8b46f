import { imageUrl } from '@storefront/domain/media/image-sizes';
import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import { currencyDecimals } from '@storefront/domain/shared/money';
import { Fragment, useId, useMemo, useState } from 'react';
import { useLibraryImagesQuery } from '../../app/media-api';
import { useAppDispatch } from '../../app/hooks';
import { hasSale, hasStock, hasWeight, readPrice, variantField, variantImage, type DraftErrors, type DraftVariant, type ProductDraft } from './product-draft';
import { productEditorActions as act } from './product-editor-slice';
import type { ImageAsset, LastStockChange, VariantStockStatus } from './products-api';

/**
 * Every variant of the draft: its options, SKU (a saved one cannot change), price, sale price,
 * stock or unlimited (with who changed it last), weight, as the product's type has them, and with
 * more than one product image the variant's own image. On a phone each variant is a card. A bulk
 * line sets one price or sale on every variant.
 */
export function VariantsTable({ draft, errors, stock, locale }: { draft: ProductDraft; errors: DraftErrors; stock: Record<string, VariantStockStatus> | null; locale?: string }) {
  const dispatch = useAppDispatch();
  const type = draft.productType;
  const sale = hasSale(type);
  const tracked = hasStock(type);
  const weight = hasWeight(type);
  const named = draft.variants.length > 1 || Object.keys(draft.variants[0]?.attributes ?? {}).length > 0;
  const currency = draft.currency;
  const step = currencyDecimals(currency) === 0 ? '1' : `0.${'0'.repeat(currencyDecimals(currency) - 1)}1`;
  // With one image (or none), or one variant, every variant shows the main image: nothing to choose.
  const images = named && draft.imageIds.length > 1;

  return (
    <>
      {draft.variants.length > 1 && <BulkPrices currency={currency} sale={sale} />}
      <div className="ow-table-wrap">
        <table className="pr-variants">
          <thead>
            <tr>
              {named && <th scope="col">Variant</th>}
              <th scope="col">SKU</th>
              <th scope="col">Price ({currency})</th>
              {sale && <th scope="col">{FIELD_LABELS.variantSalePrice}</th>}
              {tracked && <th scope="col">Stock</th>}
              {weight && <th scope="col">Weight (kg)</th>}
            </tr>
          </thead>
          <tbody>
            {draft.variants.map((v) => {
              const name = variantName(draft, v.attributes);
              // One variant without options: its fields are simply the product's SKU, price, stock.
              const of = (field: string) => (named ? `${field} of ${name}` : field);
              const err = (f: Parameters<typeof variantField>[1]) => errors[variantField(v.key, f)];
              const errId = (f: string) => `${v.key}-${f}-error`;
              const saved = v.savedSku !== null ? stock?.[v.savedSku] : undefined;
              const columns = 3 + (named ? 1 : 0) + (sale ? 1 : 0) + (tracked ? 1 : 0) + (weight ? 1 : 0) - 1;
              const meta = tracked && saved !== undefined;
              return (
                <Fragment key={v.key}>
                <tr className={saved?.lastChange || images ? 'pr-has-meta' : undefined}>
                  {named && (
                    <td className="pr-variant-name" data-label="Variant">
                      {name}
                    </td>
                  )}
                  <td className="pr-sku" data-label="SKU">
                    {v.savedSku !== null ? (
                      // A saved SKU never changes (the server refuses it): shown, not edited.
                      <span className="pr-sku-text" title="A saved SKU cannot change.">
                        {v.sku}
                      </span>
                    ) : (
                      <>
                        <input
                          type="text"
                          aria-label={of('SKU')}
                          value={v.sku}
                          aria-invalid={err('sku') ? true : undefined}
                          aria-describedby={err('sku') ? errId('sku') : undefined}
                          onChange={(e) => dispatch(act.variantChanged({ key: v.key, field: 'sku', value: e.target.value }))}
                        />
                        {err('sku') && <span id={errId('sku')} className="pr-cell-error">{err('sku')}</span>}
                      </>
                    )}
                  </td>
                  <td className="pr-price" data-label={`Price (${currency})`}>
                    <input
                      type="text"
                      inputMode="decimal"
                      aria-label={of(FIELD_LABELS.variantPrice)}
                      value={v.price}
                      placeholder={step === '1' ? '0' : '0.00'}
                      aria-invalid={err('price') ? true : undefined}
                      aria-describedby={err('price') ? errId('price') : undefined}
                      onChange={(e) => dispatch(act.variantChanged({ key: v.key, field: 'price', value: e.target.value }))}
                    />
                    {err('price') && <span id={errId('price')} className="pr-cell-error">{err('price')}</span>}
                  </td>
                  {sale && (
                    <td className="pr-price" data-label={FIELD_LABELS.variantSalePrice}>
                      <input
                        type="text"
                        inputMode="decimal"
                        aria-label={of(FIELD_LABELS.variantSalePrice)}
                        value={v.salePrice}
                        disabled={!v.onSale}
                        aria-invalid={err('salePrice') ? true : undefined}
                        aria-describedby={err('salePrice') ? errId('salePrice') : undefined}
                        onChange={(e) => dispatch(act.variantChanged({ key: v.key, field: 'salePrice', value: e.target.value }))}
                      />
                      <label className="pr-inline-check">
                        <input type="checkbox" checked={v.onSale} onChange={(e) => dispatch(act.variantFlagChanged({ key: v.key, field: 'onSale', value: e.target.checked }))} />
                        On sale
                      </label>
                      {err('salePrice') && <span id={errId('salePrice')} className="pr-cell-error">{err('salePrice')}</span>}
                    </td>
                  )}
                  {tracked && (
                    <td data-label="Stock">
                      <input
                        type="text"
                        inputMode="numeric"
                        aria-label={of('Stock')}
                        value={v.unlimited ? '' : v.stock}
                        placeholder={v.unlimited ? '∞' : '0'}
                        disabled={v.unlimited}
                        aria-invalid={err('stock') ? true : undefined}
                        aria-describedby={[err('stock') ? errId('stock') : '', saved?.lastChange ? `${v.key}-last` : ''].join(' ').trim() || undefined}
                        onChange={(e) => dispatch(act.variantChanged({ key: v.key, field: 'stock', value: e.target.value }))}
                      />
                      <label className="pr-inline-check">
                        <input type="checkbox" checked={v.unlimited} onChange={(e) => dispatch(act.variantFlagChanged({ key: v.key, field: 'unlimited', value: e.target.checked }))} />
                        Unlimited
                      </label>
                      {err('stock') && <span id={errId('stock')} className="pr-cell-error">{err('stock')}</span>}
                    </td>
                  )}
                  {weight && (
                    <td data-label="Weight (kg)">
                      <input
                        type="text"
                        inputMode="decimal"
                        aria-label={`${of('Weight')} in kilograms`}
                        value={v.weight}
                        placeholder="0.0"
                        aria-invalid={err('weight') ? true : undefined}
                        aria-describedby={err('weight') ? errId('weight') : undefined}
                        onChange={(e) => dispatch(act.variantChanged({ key: v.key, field: 'weight', value: e.target.value }))}
                      />
                      {err('weight') && <span id={errId('weight')} className="pr-cell-error">{err('weight')}</span>}
                    </td>
                  )}
                </tr>
                {/* The variant's image on a line of its own, so the table stays as wide as it was. */}
                {images && <VariantImageRow draft={draft} variant={v} label={`${VARIANT_IMAGE_LABEL} of ${name}`} colSpan={columns + 1} beforeMeta={meta} />}
                {tracked && saved && (
                  <tr className="pr-variant-meta">
                    <td colSpan={columns}>
                      <span id={`${v.key}-last`} className="pr-last-change">
                        {named ? `${name}: ` : ''}
                        {saved.unlimited ? 'unlimited' : `${saved.qtyInStock} in stock`}. {describeStock(saved, locale)}
                      </span>
                    </td>
                  </tr>
                )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

const VARIANT_IMAGE_LABEL = 'Image';

/** The library's images by id (the image manager loads the same list). */
function useLibraryById(): { byId: Map<string, ImageAsset>; loading: boolean } {
  const library = useLibraryImagesQuery();
  const byId = useMemo(() => new Map((library.data ?? []).map((i) => [i.id, i])), [library.data]);
  return { byId, loading: library.isLoading };
}

/** 'Image 2: Stoneware Mug, Moss' (the product's first image is its main one). */
function imageChoiceLabel(asset: ImageAsset | undefined, index: number): string {
  const name = asset?.title || asset?.filename;
  const position = index === 0 ? FIELD_LABELS.mainImageId : `Image ${index + 1}`;
  return name ? `${position}: ${name}` : position;
}

/**
 * The variant's own image, chosen among the product's images with a labelled select (keyboard
 * usable as any select), and a small preview of what the variant shows. 'Same as main image' is none.
 */
function VariantImageRow({ draft, variant, label, colSpan, beforeMeta }: { draft: ProductDraft; variant: DraftVariant; label: string; colSpan: number; beforeMeta: boolean }) {
  const dispatch = useAppDispatch();
  const { byId } = useLibraryById();
  const id = useId();
  const chosen = variantImage(variant, draft);
  const shown = byId.get(chosen ?? draft.imageIds[0] ?? '');
  return (
    <tr className={`pr-variant-meta pr-variant-image${beforeMeta ? ' pr-has-meta' : ''}`}>
      <td colSpan={colSpan}>
        <div className="pr-variant-image-pick">
          <label htmlFor={id}>{label}</label>
          {shown ? <img src={imageUrl(shown, '100w')} alt="" width={40} height={40} /> : <span className="pr-variant-image-empty" aria-hidden="true" />}
          <select
            id={id}
            value={chosen ?? ''}
            onChange={(e) => dispatch(act.variantImageChanged({ key: variant.key, imageId: e.target.value === '' ? null : e.target.value }))}
          >
            <option value="">Same as main image</option>
            {draft.imageIds.map((imageId, i) => (
              <option key={imageId} value={imageId}>
                {imageChoiceLabel(byId.get(imageId), i)}
              </option>
            ))}
          </select>
        </div>
      </td>
    </tr>
  );
}

/** 'Sand / S': the variant's values in the product's option order ('Default' without options). */
function variantName(draft: ProductDraft, attributes: Record<string, string>): string {
  const ordered = draft.options.map((o) => attributes[o.name]).filter((v): v is string => v !== undefined && v !== '');
  const rest = Object.entries(attributes).filter(([k]) => !draft.options.some((o) => o.name === k)).map(([, v]) => v);
  return [...ordered, ...rest].join(' / ') || 'Default';
}

/** One price or sale price for every variant at once. */
function BulkPrices({ currency, sale }: { currency: string; sale: boolean }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = (field: 'price' | 'salePrice') => {
    const read = readPrice(price, currency);
    if (!read.ok) {
      setError(read.message);
      return;
    }
    setError(null);
    dispatch(act.variantChanged({ key: 'all', field, value: price.trim() }));
    if (field === 'salePrice') dispatch(act.variantFlagChanged({ key: 'all', field: 'onSale', value: true }));
  };
  return (
    <div className="pr-bulk" role="group" aria-label="Set every variant">
      <label htmlFor={id}>Every variant:</label>
      <input id={id} type="text" inputMode="decimal" value={price} placeholder="0.00" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => setPrice(e.target.value)} />
      <button type="button" className="ow-button pr-small" onClick={() => apply('price')}>
        Set price
      </button>
      {sale && (
        <>
          <button type="button" className="ow-button pr-small" onClick={() => apply('salePrice')}>
            Put on sale
          </button>
          <button type="button" className="ow-button pr-small" onClick={() => dispatch(act.variantFlagChanged({ key: 'all', field: 'onSale', value: false }))}>
            End sale
          </button>
        </>
      )}
      {error && (
        <span id={`${id}-error`} className="ow-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** 'Last change: set by owner@example.com, Nov 24, 2026, 7:35 PM' and the like, from the stock's last event. */
export function describeStock(status: VariantStockStatus, locale?: string): string {
  const change = status.lastChange;
  if (!change) return 'Not stocked yet.';
  return `Last change: ${describeChange(change)}, ${formatWhen(change.at, locale)}.`;
}

function describeChange(change: LastStockChange): string {
  const who = change.by.kind === 'owner' ? (change.by.email ?? 'an owner no longer on this site') : change.by.kind === 'system' ? 'the store set-up' : 'a customer';
  switch (change.kind) {
    case 'set':
      return `set by ${who}`;
    case 'adjusted':
      return `${(change.adjustBy ?? 0) > 0 ? '+' : ''}${change.adjustBy ?? 0} by ${who}`;
    case 'reserved':
      return `${change.quantity ?? 0} sold (order ${shortId(change.orderId)})`;
    case 'released':
      return `${change.quantity ?? 0} back from order ${shortId(change.orderId)}`;
  }
}

const shortId = (id: string | undefined) => (id ? id.slice(0, 8) : '');

function formatWhen(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
