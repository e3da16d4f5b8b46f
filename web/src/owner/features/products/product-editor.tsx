import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import type { ProductTypeName } from '@storefront/domain/catalog/product-record';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useStore as useReduxStore } from 'react-redux';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { useConfirm } from '../../ui/confirm-dialog';
import { DELETE_ANYWAY_LABEL, EditConflictNotice, useEditConflict } from '../../ui/edit-conflict';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { useListOwnerFormsQuery } from '../forms/forms-api';
import { HistoryButton } from '../history/history-button';
import { ImageManager } from './image-manager';
import { OptionsEditor } from './options-editor';
import {
  createBody, hasOptions, hasSubscription, planSave, PRODUCT_TYPE_INFO, PRODUCT_TYPE_ORDER, PRODUCTS_PER_STORE, STORE_FULL_MESSAGE, urlIdPreview,
  validateDraft, type DraftErrors, type ProductDraft, type SaveStep,
} from './product-draft';
import { productEditorActions as act, selectDirty, selectEditor } from './product-editor-slice';
import {
  productsApi, useChangeStockMutation, useCreateProductMutation, useDeleteProductMutation, useEditDetailsMutation, useGetProductQuery,
  useListProductsQuery, useSetEnabledMutation, useSetImagesMutation, useSetVariantsMutation, type ProductView, type VariantStockStatus,
} from './products-api';
import { RichTextEditor } from './rich-text-editor';
import { productPageUrl, storeIdOf, useStore } from './use-store';
import { VariantsTable } from './variants-table';
import './products.css';

const SAVE_FAILED = 'Your changes could not be saved. Please try again.';

/** /config/products/:productId: a saved product, loaded into the editor. */
export function EditProduct() {
  const { productId = '' } = useParams();
  const dispatch = useAppDispatch();
  const redux = useReduxStore<RootState>();
  const { websiteId, stores, isLoading, error } = useStore();
  const [leaving, setLeaving] = useLeave();
  const query = useGetProductQuery({ websiteId: websiteId ?? '', productId }, { skip: !websiteId || leaving !== null });
  const editor = useAppSelector(selectEditor);

  useEffect(() => {
    if (query.data && leaving === null && redux.getState().productEditor.productId !== productId) dispatch(act.loaded(query.data));
  }, [query.data, productId, leaving, dispatch, redux]);
  useEffect(() => () => void dispatch(act.closed()), [dispatch]);

  const back = <Link to="/products">← All products</Link>;
  if (leaving !== null) return <Loading what="your products" />;
  if (isLoading || query.isLoading) return <Loading what="the product" />;
  if (error || query.error) {
    return (
      <>
        <PageHeader title="Product" />
        <Alert>{errorMessage(error ?? query.error, 'Unable to load this product. Please reload the page.')}</Alert>
        <p>{back}</p>
      </>
    );
  }
  if (!editor.draft || editor.productId !== productId || !query.data) return <Loading what="the product" />;
  const collectionId = query.data.product.collectionId;
  const store = stores.find((s) => storeIdOf(s) === collectionId);
  return (
    <ProductForm
      productId={productId}
      collectionId={collectionId}
      storeTitle={store?.title ?? collectionId}
      storeUrl={store?.fullUrl ?? '/shop'}
      pageUrl={productPageUrl(stores, collectionId, editor.base?.urlId ?? '')}
      stock={query.data.stock}
      onLeave={setLeaving}
    />
  );
}

/** /config/products/new?store=<collection>&type=<TYPE>: a new product of the chosen store. */
export function NewProduct() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const redux = useReduxStore<RootState>();
  const { websiteId, currency, stores, isLoading, error } = useStore();
  const products = useListProductsQuery({ websiteId: websiteId ?? '' }, { skip: !websiteId });
  const editor = useAppSelector(selectEditor);
  const [leaving, setLeaving] = useLeave();
  const store = stores.find((s) => storeIdOf(s) === params.get('store')) ?? stores[0];
  const requested = params.get('type');
  const type: ProductTypeName = PRODUCT_TYPE_ORDER.includes(requested as ProductTypeName) ? (requested as ProductTypeName) : 'PHYSICAL';

  useEffect(() => {
    if (isLoading || leaving !== null) return;
    const state = redux.getState().productEditor;
    if (state.draft === null || state.productId !== null) dispatch(act.startedNew({ productType: type, currency }));
  }, [isLoading, leaving, currency, type, dispatch, redux]);
  useEffect(() => () => void dispatch(act.closed()), [dispatch]);

  if (leaving !== null) return <Loading what="the product" />;
  if (isLoading) return <Loading what="your store" />;
  if (error) return <Alert>{errorMessage(error, 'Unable to load your store. Please reload the page.')}</Alert>;
  if (!store) {
    return (
      <>
        <PageHeader title="New product" />
        <Alert>Your site has no store page yet. Add a Products page under Pages first.</Alert>
      </>
    );
  }
  if (!editor.draft || editor.productId !== null) return <Loading what="the new product" />;
  const storeId = storeIdOf(store);
  const count = products.data?.filter((p) => p.collectionId === storeId).length ?? 0;
  return (
    <ProductForm
      productId={null}
      collectionId={storeId}
      storeTitle={store.title}
      storeUrl={store.fullUrl}
      pageUrl={null}
      stock={null}
      storeFull={count >= PRODUCTS_PER_STORE}
      onLeave={setLeaving}
    />
  );
}

/**
 * Where the screen is going after a create, a delete or a discard. The route shows a loading line
 * instead of the form, so the form (and its unsaved-changes guard) is gone before it navigates.
 */
function useLeave(): [string | null, (path: string) => void] {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState<string | null>(null);
  useEffect(() => {
    if (leaving !== null) navigate(leaving, { replace: true });
  }, [leaving, navigate]);
  return [leaving, setLeaving];
}

function ProductForm({
  productId, collectionId, storeTitle, storeUrl, pageUrl, stock, storeFull = false, onLeave,
}: {
  productId: string | null;
  collectionId: string;
  storeTitle: string;
  storeUrl: string;
  pageUrl: string | null;
  stock: Record<string, VariantStockStatus> | null;
  storeFull?: boolean;
  /** Leaves the editor for `path` (after a create, a delete, or discarding a new product). */
  onLeave: (path: string) => void;
}) {
  const dispatch = useAppDispatch();
  const { confirm, close } = useConfirm();
  const { websiteId } = useStore();
  const redux = useReduxStore<RootState>();
  const { draft, base } = useAppSelector(selectEditor) as { draft: ProductDraft; base: ProductDraft };
  const dirty = useAppSelector(selectDirty);
  const isNew = productId === null;
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = { title: useId(), description: useId(), url: useId(), enabled: useId() };

  const [createProduct] = useCreateProductMutation();
  const [editDetails] = useEditDetailsMutation();
  const [setVariants] = useSetVariantsMutation();
  const [changeStock] = useChangeStockMutation();
  const [setImages] = useSetImagesMutation();
  const [setEnabled] = useSetEnabledMutation();
  const [deleteProduct] = useDeleteProductMutation();

  useUnsavedChangesGuard(dirty);

  const errors = useMemo(() => validateDraft(draft, isNew), [draft, isNew]);
  const shown: DraftErrors = showErrors ? errors : {};
  const type = draft.productType;

  /** Drops the edits and reads the product again (the conflict notice's Reload). */
  const conflicts = useEditConflict(async () => {
    if (!productId || !websiteId) return;
    const fresh = await dispatch(productsApi.endpoints.getProduct.initiate({ websiteId, productId }, { forceRefetch: true, subscribe: false })).unwrap();
    dispatch(act.loaded(fresh));
    setShowErrors(false);
    setSaveError(null);
    setNotice(null);
  });

  /** One step of a save, based on `version` (If-Match; stock is not versioned with the product). */
  const run = (step: SaveStep, id: string, version: number | null): Promise<ProductView> => {
    const args = { websiteId: websiteId!, productId: id, version };
    switch (step.kind) {
      case 'details':
        return editDetails({ ...args, body: step.body }).unwrap();
      case 'variants':
        return setVariants({ ...args, body: step.body }).unwrap();
      case 'stock':
        return changeStock({ ...args, sku: step.sku, body: step.body }).unwrap();
      case 'images':
        return setImages({ ...args, imageIds: step.imageIds }).unwrap();
      case 'enabled':
        return setEnabled({ ...args, enabled: step.enabled }).unwrap();
    }
  };

  /** Saves the draft, based on the version the editor holds, or on `basedOnVersion` (applied on top of someone else's change). */
  const save = async (e?: FormEvent, basedOnVersion?: number) => {
    e?.preventDefault();
    if (saving || !websiteId) return;
    setNotice(null);
    setSaveError(null);
    conflicts.dismiss();
    if (Object.keys(errors).length > 0) {
      setShowErrors(true);
      setSaveError('Some fields need your attention before this product can be saved.');
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.pr-editor [aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    try {
      if (isNew) {
        const view = await createProduct({ websiteId, body: createBody(draft, collectionId) }).unwrap();
        // The editor opens on the answer, without reading the product again.
        await dispatch(productsApi.util.upsertQueryData('getProduct', { websiteId, productId: view.product.id }, view));
        onLeave(`/products/${encodeURIComponent(view.product.id)}`);
        return;
      }
      let last: ProductView | null = null;
      // The state as it is now: a save on top runs after the first one rebased part of the draft.
      const now = redux.getState().productEditor;
      let version = basedOnVersion ?? now.version;
      for (const step of planSave(now.base!, now.draft!)) {
        try {
          last = await run(step, productId, version);
          version = last.version ?? version;
          dispatch(act.partlySaved(last));
        } catch (error) {
          if (!conflicts.caught(error, (current) => save(undefined, current))) setSaveError(errorMessage(error, SAVE_FAILED));
          return;
        }
      }
      if (last) dispatch(act.loaded(last));
      setShowErrors(false);
      setNotice('Saved.');
    } catch (error) {
      setSaveError(errorMessage(error, SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  const discard = async () => {
    const ok = await confirm({ title: 'Discard unsaved changes?', message: 'Your edits since the last save are lost.', confirmLabel: 'Discard changes', cancelLabel: 'Keep editing', danger: true });
    if (!ok) return;
    setShowErrors(false);
    setSaveError(null);
    if (isNew) {
      onLeave(`/products?store=${encodeURIComponent(collectionId)}`);
    } else {
      const view = productsApi.endpoints.getProduct.select({ websiteId: websiteId!, productId })(redux.getState());
      if (view.data) dispatch(act.loaded(view.data));
    }
  };
  const remove = async () => {
    const ok = await confirm({
      title: `Delete ${base.title}?`,
      message: 'The product leaves your store and its page is gone. Orders already placed keep it. This cannot be undone.',
      confirmLabel: 'Delete product',
      danger: true,
      autoClose: false,
    });
    if (!ok || !productId || !websiteId) return;
    await deleteBasedOn(redux.getState().productEditor.version);
  };
  const deleteBasedOn = async (version: number | null) => {
    if (!productId || !websiteId) return;
    try {
      await deleteProduct({ websiteId, productId, version }).unwrap();
      close();
      onLeave(`/products?store=${encodeURIComponent(collectionId)}`);
    } catch (error) {
      close();
      if (!conflicts.caught(error, (current) => deleteBasedOn(current), DELETE_ANYWAY_LABEL)) setSaveError(errorMessage(error, 'The product could not be deleted. Please try again.'));
    }
  };

  const title = draft.title.trim() || (isNew ? 'New product' : base.title);
  const url = urlIdPreview(draft);
  const storePath = storeUrl.replace(/\/$/, '');

  return (
    <form
      onSubmit={(e) => void save(e)}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          void save();
        }
      }}
      noValidate
      aria-label={isNew ? 'New product' : `Edit ${base.title}`}
    >
      <p>
        <Link to={`/products?store=${encodeURIComponent(collectionId)}`}>← All products</Link>
      </p>
      <PageHeader
        title={title}
        subtitle={`${PRODUCT_TYPE_INFO[type].label} · ${storeTitle}${!isNew && !base.enabled ? ' · Disabled' : ''}`}
        actions={
          <>
            {pageUrl && base.enabled && (
              <a className="ow-button" href={pageUrl} target="_blank" rel="noopener">
                View on site ↗
              </a>
            )}
            {productId && websiteId && (
              <HistoryButton subject={{ kind: 'product', websiteId, id: productId }} name={`“${base.title}”`} path={pageUrl} unsaved={dirty} onRestored={(v: ProductView) => dispatch(act.loaded(v))} />
            )}
            <button type="submit" className="ow-button ow-primary" disabled={saving || (!dirty && !isNew) || (isNew && storeFull)}>
              {saving ? 'Saving…' : isNew ? 'Create product' : 'Save'}
            </button>
          </>
        }
      />
      {isNew && storeFull && <Alert>{STORE_FULL_MESSAGE}</Alert>}
      {saveError && <Alert>{saveError}</Alert>}
      <EditConflictNotice state={conflicts} />
      {notice && !dirty && <Alert kind="success">{notice}</Alert>}

      <div className={isNew ? 'pr-editor pr-new' : 'pr-editor'}>
        <div>
          {isNew && (
            <fieldset className="pr-types">
              <legend>Product type</legend>
              {PRODUCT_TYPE_ORDER.map((t) => (
                <label key={t} className="pr-type">
                  <input type="radio" name="product-type" value={t} checked={type === t} onChange={() => dispatch(act.typeChosen(t))} />
                  <strong>{PRODUCT_TYPE_INFO[t].label}</strong>
                  <span>{PRODUCT_TYPE_INFO[t].description}</span>
                </label>
              ))}
            </fieldset>
          )}

          <section className="ow-panel-box" aria-labelledby={`${ids.title}-h`}>
            <h2 id={`${ids.title}-h`}>Details</h2>
            <div className="ow-field">
              <label htmlFor={ids.title}>{FIELD_LABELS.title}</label>
              <input
                id={ids.title}
                value={draft.title}
                maxLength={200}
                autoFocus={isNew}
                aria-invalid={shown.title ? true : undefined}
                aria-describedby={shown.title ? `${ids.title}-error` : undefined}
                onChange={(e) => dispatch(act.textChanged({ field: 'title', value: e.target.value }))}
              />
              {shown.title && <span id={`${ids.title}-error`} className="ow-field-error">{shown.title}</span>}
            </div>
            <div className="ow-field">
              <span className="ow-label" id={`${ids.description}-label`}>
                Description
              </span>
              <RichTextEditor
                id={ids.description}
                labelId={`${ids.description}-label`}
                value={draft.description}
                placeholder="What it is, what it is made of, how to care for it…"
                invalid={!!shown.description}
                describedBy={shown.description ? `${ids.description}-error` : undefined}
                onChange={(html) => dispatch(act.textChanged({ field: 'description', value: html }))}
              />
              {shown.description && <span id={`${ids.description}-error`} className="ow-field-error">{shown.description}</span>}
            </div>
            <div className="ow-field">
              <label htmlFor={ids.url}>{FIELD_LABELS.urlId}</label>
              <div className="pr-url">
                <span aria-hidden="true">{storePath}/p/</span>
                <input
                  id={ids.url}
                  value={draft.urlId}
                  placeholder={isNew ? urlIdPreview({ title: draft.title, urlId: '' }) : ''}
                  aria-invalid={shown.urlId ? true : undefined}
                  aria-describedby={`${ids.url}-hint${shown.urlId ? ` ${ids.url}-error` : ''}`}
                  onChange={(e) => dispatch(act.textChanged({ field: 'urlId', value: e.target.value }))}
                />
              </div>
              {shown.urlId ? (
                <span id={`${ids.url}-error`} className="ow-field-error">{shown.urlId}</span>
              ) : null}
              <span id={`${ids.url}-hint`} className="ow-hint">
                {isNew && draft.urlId.trim() === ''
                  ? `Made from the title: ${storePath}/p/${url}. If another product has it, -1, -2… is added.`
                  : url !== draft.urlId.trim() && url !== ''
                    ? `Saved as ${storePath}/p/${url} (letters, digits and dashes). If another product has it, -1, -2… is added.`
                    : 'Letters, digits and dashes. If another product has this URL, -1, -2… is added.'}
              </span>
            </div>
          </section>

          {hasOptions(type) && (
            <section className="ow-panel-box" aria-labelledby="pr-options-h">
              <h2 id="pr-options-h">{type === 'GIFT_CARD' ? 'Denominations' : FIELD_LABELS.variantAttributes}</h2>
              <OptionsEditor options={draft.options} errors={shown} isGiftCard={type === 'GIFT_CARD'} />
            </section>
          )}

          <section className="ow-panel-box" aria-labelledby="pr-variants-h">
            <h2 id="pr-variants-h">
              {draft.variants.length > 1 ? 'Variants' : 'Pricing'}
              <span className="ow-hint">{draft.variants.length > 1 ? `${draft.variants.length} variants` : ''}</span>
            </h2>
            {shown.variants && <p className="ow-field-error">{shown.variants}</p>}
            <VariantsTable draft={draft} errors={shown} stock={stock} />
          </section>

          <section className="ow-panel-box" aria-labelledby="pr-images-h">
            <h2 id="pr-images-h">{FIELD_LABELS.images}</h2>
            <ImageManager imageIds={draft.imageIds} productTitle={draft.title} error={shown.images} />
          </section>
        </div>

        <div className="pr-side">
          <section className="ow-panel-box pr-status-box" aria-labelledby="pr-status-h">
            <h2 id="pr-status-h">Status</h2>
            <div className="pr-status-toggle">
              <input id={ids.enabled} type="checkbox" checked={draft.enabled} onChange={(e) => dispatch(act.enabledChanged(e.target.checked))} aria-describedby={`${ids.enabled}-hint`} />
              <div>
                <label htmlFor={ids.enabled} className="ow-label">
                  Enabled
                </label>
                <p id={`${ids.enabled}-hint`} className="ow-hint" style={{ margin: 0 }}>
                  {draft.enabled ? 'Shown in the shop and sold.' : 'Hidden from the shop: its page and product blocks are gone until you enable it.'}
                </p>
              </div>
            </div>
          </section>

          {hasSubscription(type) && <SubscriptionBox draft={draft} errors={shown} />}
          <ExtraFieldsBox draft={draft} />

          <section className="ow-panel-box" aria-labelledby="pr-about-h">
            <h2 id="pr-about-h">About</h2>
            <dl>
              <dt>Type</dt>
              <dd>{PRODUCT_TYPE_INFO[type].label}</dd>
              <dt>Store</dt>
              <dd>{storeTitle}</dd>
              <dt>Currency</dt>
              <dd>{draft.currency}</dd>
              {pageUrl && (
                <>
                  <dt>Page</dt>
                  <dd>{base.enabled ? <a href={pageUrl} target="_blank" rel="noopener">{pageUrl} ↗</a> : `${pageUrl} (hidden while disabled)`}</dd>
                </>
              )}
            </dl>
          </section>

          {!isNew && (
            <section className="ow-panel-box pr-danger-box" aria-labelledby="pr-delete-h">
              <h2 id="pr-delete-h">Delete product</h2>
              <p className="pr-box-hint">Removes it from your store for good. To stop selling it for a while, disable it instead.</p>
              <button type="button" className="ow-button ow-danger" onClick={() => void remove()}>
                Delete product
              </button>
            </section>
          )}
        </div>
      </div>

      {(dirty || saving) && (
        <div className="pr-savebar" role="region" aria-label="Unsaved changes">
          <p>{saving ? 'Saving…' : isNew ? 'New product, not saved yet' : 'Unsaved changes'}</p>
          <div className="ow-form-actions">
            <button type="button" className="ow-button pr-discard" onClick={() => void discard()} disabled={saving}>
              Discard
            </button>
            <button type="submit" className="ow-button ow-primary" disabled={saving || (isNew && storeFull)}>
              {saving ? 'Saving…' : isNew ? 'Create product' : 'Save'}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}

/**
 * The additional-fields form (issue 14): one of the site's forms, asked in a lightbox before the
 * product goes in the cart, or none. A form that no longer exists stays selected and says so (the
 * shop then adds the product without asking); the server refuses an id that names no form.
 */
function ExtraFieldsBox({ draft }: { draft: ProductDraft }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const { data, isLoading, isError } = useListOwnerFormsQuery();
  const forms = (data?.forms ?? []).filter((f) => f.kind === 'form');
  const chosen = draft.additionalFieldsFormId ?? null;
  const missing = chosen !== null && !isLoading && !isError && !forms.some((f) => f.id === chosen);
  return (
    <section className="ow-panel-box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Extra fields</h2>
      <div className="ow-field">
        <label htmlFor={`${id}-form`}>{FIELD_LABELS.additionalFieldsFormId}</label>
        <select
          id={`${id}-form`}
          value={chosen ?? ''}
          aria-describedby={`${id}-hint${missing ? ` ${id}-missing` : ''}`}
          aria-invalid={missing || undefined}
          onChange={(e) => dispatch(act.additionalFieldsFormChanged(e.target.value === '' ? null : e.target.value))}
        >
          <option value="">None</option>
          {forms.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
          {chosen !== null && !forms.some((f) => f.id === chosen) && <option value={chosen}>{missing ? `Missing form (${chosen})` : chosen}</option>}
        </select>
        <span id={`${id}-hint`} className="ow-hint">
          Shoppers fill in this form in a lightbox before the product goes in their cart; their answers show on the order.
        </span>
        {missing && (
          <span id={`${id}-missing`} className="ow-field-error">
            This form no longer exists: the product is added to carts without it. Choose another form, or none.
          </span>
        )}
        {isError && <span className="ow-hint">The site&apos;s forms could not be loaded.</span>}
      </div>
    </section>
  );
}

function SubscriptionBox({ draft, errors }: { draft: ProductDraft; errors: DraftErrors }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const s = draft.subscription;
  return (
    <section className="ow-panel-box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Subscription</h2>
      <label className="ow-check">
        <input type="checkbox" checked={s.enabled} onChange={(e) => dispatch(act.subscriptionChanged({ enabled: e.target.checked }))} />
        Sell as a subscription
      </label>
      {s.enabled && (
        <>
          <div className="ow-field">
            <label htmlFor={`${id}-every`}>Bill every</label>
            <div style={{ display: 'flex', gap: '.5rem' }}>
              <input
                id={`${id}-every`}
                inputMode="numeric"
                value={s.every}
                style={{ width: '5rem' }}
                aria-invalid={errors['subscription.every'] ? true : undefined}
                aria-describedby={errors['subscription.every'] ? `${id}-every-error` : undefined}
                onChange={(e) => dispatch(act.subscriptionChanged({ every: e.target.value }))}
              />
              <select aria-label="Billing period" value={s.unit} onChange={(e) => dispatch(act.subscriptionChanged({ unit: e.target.value as typeof s.unit }))}>
                <option value="WEEK">weeks</option>
                <option value="MONTH">months</option>
                <option value="YEAR">years</option>
              </select>
            </div>
            {errors['subscription.every'] && <span id={`${id}-every-error`} className="ow-field-error">{errors['subscription.every']}</span>}
          </div>
          <div className="ow-field">
            <label htmlFor={`${id}-cycles`}>Number of payments</label>
            <input
              id={`${id}-cycles`}
              inputMode="numeric"
              value={s.cycles}
              aria-invalid={errors['subscription.cycles'] ? true : undefined}
              aria-describedby={`${id}-cycles-hint${errors['subscription.cycles'] ? ` ${id}-cycles-error` : ''}`}
              onChange={(e) => dispatch(act.subscriptionChanged({ cycles: e.target.value }))}
            />
            <span id={`${id}-cycles-hint`} className="ow-hint">0 bills until the customer cancels.</span>
            {errors['subscription.cycles'] && <span id={`${id}-cycles-error`} className="ow-field-error">{errors['subscription.cycles']}</span>}
          </div>
        </>
      )}
    </section>
  );
}
