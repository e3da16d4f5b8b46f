/**
 * The restock panel (issue 15, `/config/restock`, behind `restock.manage`): who waits for which
 * sold-out variant (the groups API, paged by cursor) with the variant's stock beside it, a send
 * for one variant or for all, each variant's CSV, erasing a person's sign-ups, the store's
 * restock settings (the form's words, the success text, the automatic send) and a product's
 * merchandising (restock on or off, the mailing-list box, scarcity, the sold-out text).
 */
import type { MerchandisingSettings } from '@storefront/domain/catalog/product-details';
import { RESTOCK_SETTINGS_LIMITS, type RestockNotificationMessages, type RestockSiteSettings, type RestockSiteSettingsChanges } from '@storefront/domain/restock/settings';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useConfirm } from '../../ui/confirm-dialog';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { useGetProductQuery, useListProductsQuery } from '../products/products-api';
import { useStore } from '../products/use-store';
import {
  restockApi, restockCsvUrl, useEraseRestockPersonMutation, useGetRestockSettingsQuery, useListRestockGroupsQuery, useSaveProductMerchandisingMutation,
  useSaveRestockSettingsMutation, useSendAllRestockMutation, useSendRestockMutation, type RestockGroup, type SendRequest,
} from './restock-api';
import './restock.css';

/** Send requests one `send/all` call carries at most (the server's RESTOCK_SEND_ALL_MAX). */
export const SEND_ALL_BATCH = 500;

export const RESTOCK_STRINGS = {
  title: 'Restock',
  subtitle: 'Shoppers waiting for sold-out variants, and the notifications they get when stock returns.',
  empty: 'Nobody is waiting for a sold-out variant.',
  loadFailed: 'Unable to load the restock lists. Please reload the page.',
  sendFailed: 'Unable to send the notifications. Please try again.',
  saveFailed: 'Unable to save the settings. Please try again.',
  eraseFailed: 'Unable to erase the sign-ups. Please try again.',
} as const;

export function stockText(stock: RestockGroup['stock']): string {
  if (!stock) return 'Unknown';
  if (stock.unlimited) return 'Unlimited';
  return stock.qtyInStock > 0 ? `${stock.qtyInStock} in stock` : 'Sold out';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function RestockScreen() {
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  return (
    <>
      <PageHeader title={RESTOCK_STRINGS.title} subtitle={RESTOCK_STRINGS.subtitle} actions={<SendAllButton onDone={setNotice} />} />
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      <WaitingList onNotice={setNotice} />
      <div className="restock-panel__columns">
        <StoreSettingsBox />
        <div>
          <ProductMerchandisingBox />
          <EraseBox />
        </div>
      </div>
    </>
  );
}

function SendAllButton({ onDone }: { onDone: (notice: { kind: 'success' | 'error'; text: string }) => void }) {
  const dispatch = useAppDispatch();
  const { confirm } = useConfirm();
  const [sendAll, { isLoading }] = useSendAllRestockMutation();
  const [collecting, setCollecting] = useState(false);
  const onClick = async () => {
    if (!(await confirm({ title: 'Send every notification?', message: 'Everyone waiting for any variant gets a back-in-stock email now.', confirmLabel: 'Send all' }))) return;
    setCollecting(true);
    try {
      // Every group with someone waiting, page after page.
      const sends: SendRequest[] = [];
      for (let cursor: string | null = null, first = true; first || cursor; first = false) {
        const page = await dispatch(restockApi.endpoints.listRestockGroups.initiate(cursor, { subscribe: false, forceRefetch: true })).unwrap();
        sends.push(...page.signUpGroups.filter((g) => g.waiting > 0).map((g) => ({ productId: g.productId, variantId: g.variantId })));
        cursor = page.hasNextPage ? page.nextPageCursor : null;
      }
      if (sends.length === 0) {
        onDone({ kind: 'success', text: RESTOCK_STRINGS.empty });
        return;
      }
      for (let i = 0; i < sends.length; i += SEND_ALL_BATCH) await sendAll(sends.slice(i, i + SEND_ALL_BATCH)).unwrap();
      onDone({ kind: 'success', text: `Sending to everyone waiting for ${plural(sends.length, 'variant', 'variants')}.` });
    } catch (error) {
      onDone({ kind: 'error', text: errorMessage(error, RESTOCK_STRINGS.sendFailed) });
    } finally {
      setCollecting(false);
    }
  };
  return (
    <button type="button" className="ow-button ow-primary" onClick={() => void onClick()} disabled={isLoading || collecting}>
      {isLoading || collecting ? 'Sending…' : 'Send all'}
    </button>
  );
}

function WaitingList({ onNotice }: { onNotice: (notice: { kind: 'success' | 'error'; text: string }) => void }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const first = useListRestockGroupsQuery(null);
  if (first.isLoading) return <Loading what="restock lists" />;
  if (first.isError || !first.data) return <Alert>{errorMessage(first.error, RESTOCK_STRINGS.loadFailed)}</Alert>;
  if (first.data.signUpGroups.length === 0) return <p className="ow-panel-box">{RESTOCK_STRINGS.empty}</p>;
  return (
    <div className="ow-table-wrap restock-table-wrap">
      <table className="ow-table restock-table">
        <caption className="visually-hidden">Waiting sign-ups by product and variant</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Stock</th>
            <th scope="col" className="ow-num">Waiting</th>
            <th scope="col" className="ow-num">On the way</th>
            <th scope="col" className="ow-num">Notified</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        {cursors.map((cursor, i) => (
          <GroupRows key={cursor ?? ''} cursor={cursor} last={i === cursors.length - 1} onMore={(next) => setCursors([...cursors, next])} onNotice={onNotice} />
        ))}
      </table>
    </div>
  );
}

function GroupRows({ cursor, last, onMore, onNotice }: { cursor: string | null; last: boolean; onMore: (cursor: string) => void; onNotice: (n: { kind: 'success' | 'error'; text: string }) => void }) {
  const page = useListRestockGroupsQuery(cursor);
  if (!page.data) {
    return (
      <tbody>
        <tr><td colSpan={6}>{page.isError ? errorMessage(page.error, RESTOCK_STRINGS.loadFailed) : 'Loading…'}</td></tr>
      </tbody>
    );
  }
  const { signUpGroups, hasNextPage, nextPageCursor } = page.data;
  return (
    <tbody>
      {signUpGroups.map((g) => <GroupRow key={`${g.productId}/${g.variantId}`} group={g} onNotice={onNotice} />)}
      {last && hasNextPage && nextPageCursor ? (
        <tr>
          <td colSpan={6} className="restock-table__more">
            <button type="button" className="ow-button" onClick={() => onMore(nextPageCursor)}>Show more</button>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

function GroupRow({ group: g, onNotice }: { group: RestockGroup; onNotice: (n: { kind: 'success' | 'error'; text: string }) => void }) {
  const [send, { isLoading }] = useSendRestockMutation();
  const { confirm } = useConfirm();
  const name = g.productName ?? g.productId;
  const label = g.variantLabel ? `${name} (${g.variantLabel})` : name;
  const soldOut = g.stock !== null && !g.stock.unlimited && g.stock.qtyInStock <= 0;
  const onSend = async () => {
    const message = soldOut
      ? `${label} is still sold out. ${plural(g.waiting, 'shopper', 'shoppers')} will be told it is back anyway.`
      : `${plural(g.waiting, 'shopper', 'shoppers')} waiting for ${label} get a back-in-stock email now.`;
    if (!(await confirm({ title: 'Send the notifications?', message, confirmLabel: 'Send' }))) return;
    try {
      await send({ productId: g.productId, variantId: g.variantId }).unwrap();
      onNotice({ kind: 'success', text: `Sending to ${plural(g.waiting, 'shopper', 'shoppers')} waiting for ${label}.` });
    } catch (error) {
      onNotice({ kind: 'error', text: errorMessage(error, RESTOCK_STRINGS.sendFailed) });
    }
  };
  return (
    <tr>
      <th scope="row" className="restock-table__product">
        {name}
        {g.variantLabel ? <span className="ow-hint"> {g.variantLabel}</span> : null}
      </th>
      <td className={soldOut ? 'restock-table__sold-out' : undefined}>{stockText(g.stock)}</td>
      <td className="ow-num">{g.waiting}</td>
      <td className="ow-num">{g.queued}</td>
      <td className="ow-num">{g.notified}</td>
      <td>
        <div className="restock-table__actions">
        <button type="button" className="ow-button" disabled={g.waiting === 0 || isLoading} onClick={() => void onSend()} aria-label={`Send to those waiting for ${label}`}>
          {isLoading ? 'Sending…' : 'Send'}
        </button>
        <a className="ow-button" href={restockCsvUrl(g)} download aria-label={`Export the sign-ups for ${label} as CSV`}>CSV</a>
        </div>
      </td>
    </tr>
  );
}

const MESSAGE_FIELDS: { key: keyof RestockNotificationMessages; label: string }[] = [
  { key: 'CTAText', label: 'Heading' },
  { key: 'buttonText', label: 'Button' },
  { key: 'placeholderText', label: 'Email placeholder' },
  { key: 'mailingListDescription', label: 'Mailing-list box' },
];

/** Only what differs from `saved` (a PATCH of the fields the owner changed). */
export function settingsChanges(saved: RestockSiteSettings, draft: RestockSiteSettings): RestockSiteSettingsChanges {
  const changes: RestockSiteSettingsChanges = {};
  if (draft.restockNotificationsSuccessText !== saved.restockNotificationsSuccessText) changes.restockNotificationsSuccessText = draft.restockNotificationsSuccessText;
  if (draft.automaticSendOnRestock !== saved.automaticSendOnRestock) changes.automaticSendOnRestock = draft.automaticSendOnRestock;
  const messages = Object.fromEntries(MESSAGE_FIELDS.filter(({ key }) => draft.restockNotificationMessages[key] !== saved.restockNotificationMessages[key]).map(({ key }) => [key, draft.restockNotificationMessages[key]]));
  if (Object.keys(messages).length > 0) changes.restockNotificationMessages = messages;
  return changes;
}

function StoreSettingsBox() {
  const settings = useGetRestockSettingsQuery();
  // Kept here: a save reloads the settings and the form starts again from them.
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  return (
    <section className="ow-panel-box" aria-labelledby="restock-settings-title">
      <h2 id="restock-settings-title">Sign-up form and sending</h2>
      {settings.isLoading ? <Loading what="settings" /> : settings.data ? (
        <StoreSettingsForm key={settings.data.version} saved={settings.data.settings} result={result} onResult={setResult} />
      ) : (
        <Alert>{errorMessage(settings.error, RESTOCK_STRINGS.loadFailed)}</Alert>
      )}
    </section>
  );
}

type Result = { kind: 'success' | 'error'; text: string } | null;

function StoreSettingsForm({ saved, result, onResult: setResult }: { saved: RestockSiteSettings; result: Result; onResult: (r: Result) => void }) {
  const [draft, setDraft] = useState(saved);
  const [save, { isLoading }] = useSaveRestockSettingsMutation();
  const id = useId();
  const changes = settingsChanges(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save(changes).unwrap();
      setResult({ kind: 'success', text: 'Settings saved.' });
    } catch (error) {
      setResult({ kind: 'error', text: errorMessage(error, RESTOCK_STRINGS.saveFailed) });
    }
  };
  const setMessage = (key: keyof RestockNotificationMessages, value: string) => setDraft({ ...draft, restockNotificationMessages: { ...draft.restockNotificationMessages, [key]: value } });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      {MESSAGE_FIELDS.map(({ key, label }) => (
        <TextField key={key} id={`${id}-${key}`} label={label} value={draft.restockNotificationMessages[key]} max={RESTOCK_SETTINGS_LIMITS.messageMax[key]} onChange={(v) => setMessage(key, v)} />
      ))}
      <TextField
        id={`${id}-success`} label="Success text" hint="Shown in place of the form once a shopper signed up."
        value={draft.restockNotificationsSuccessText} max={RESTOCK_SETTINGS_LIMITS.successTextMax} onChange={(v) => setDraft({ ...draft, restockNotificationsSuccessText: v })}
      />
      <label className="ow-check">
        <input type="checkbox" checked={draft.automaticSendOnRestock} onChange={(e) => setDraft({ ...draft, automaticSendOnRestock: e.target.checked })} />
        Send automatically when a sold-out variant is back in stock
      </label>
      <p className="ow-hint restock-panel__hint">At most one email per unit back, oldest sign-ups first; the others keep waiting.</p>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
      <button type="submit" className="ow-button ow-primary" disabled={!dirty || isLoading}>{isLoading ? 'Saving…' : 'Save settings'}</button>
    </form>
  );
}

function TextField({ id, label, hint, value, max, onChange }: { id: string; label: string; hint?: ReactNode; value: string; max: number; onChange: (value: string) => void }) {
  const blank = value.trim() === '';
  return (
    <div className="ow-field">
      <label htmlFor={id}>{label}</label>
      {hint ? <span id={`${id}-hint`} className="ow-hint">{hint}</span> : null}
      <input id={id} type="text" value={value} maxLength={max} aria-invalid={blank || undefined} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.value)} />
      {blank ? <span className="ow-field-error">{label} cannot be blank.</span> : null}
    </div>
  );
}

function ProductMerchandisingBox() {
  const { websiteId, isLoading, error } = useStore();
  const products = useListProductsQuery({ websiteId: websiteId ?? '' }, { skip: !websiteId });
  const [productId, setProductId] = useState('');
  const id = useId();
  return (
    <section className="ow-panel-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Product settings</h2>
      {isLoading || products.isLoading ? <Loading what="products" /> : error || products.isError || !websiteId ? (
        <Alert>{errorMessage(error ?? products.error, 'Unable to load the products. Please reload the page.')}</Alert>
      ) : (
        <>
          <div className="ow-field">
            <label htmlFor={`${id}-product`}>Product</label>
            <select id={`${id}-product`} value={productId} onChange={(e) => setProductId(e.target.value)}>
              <option value="">Choose a product…</option>
              {(products.data ?? []).map((p) => <option key={p.id} value={p.id}>{p.title || p.name}</option>)}
            </select>
          </div>
          {productId ? <ProductMerchandisingForm websiteId={websiteId} productId={productId} /> : null}
        </>
      )}
    </section>
  );
}

type MerchandisingDraft = Omit<MerchandisingSettings, 'customSoldOutText'> & { customSoldOutText: string };

type SaveResult = { kind: 'success' | 'error'; text: string };

function ProductMerchandisingForm({ websiteId, productId }: { websiteId: string; productId: string }) {
  const product = useGetProductQuery({ websiteId, productId });
  // Kept here, not in the form: a save makes a new version, and the form starts again from it
  // (its key), which would drop the message the save just showed.
  const [result, setResult] = useState<(SaveResult & { productId: string }) | null>(null);
  if (product.isLoading) return <Loading what="product" />;
  if (!product.data) return <Alert>{errorMessage(product.error, 'Unable to load the product. Please reload the page.')}</Alert>;
  const m = product.data.product.merchandising;
  return (
    <MerchandisingForm
      key={`${productId}:${product.data.version ?? ''}`} websiteId={websiteId} productId={productId} version={product.data.version ?? null}
      saved={{ ...m, customSoldOutText: m.customSoldOutText ?? '' }}
      result={result?.productId === productId ? result : null} onResult={(r) => setResult({ ...r, productId })}
    />
  );
}

function MerchandisingForm({ websiteId, productId, version, saved, result, onResult: setResult }: {
  websiteId: string; productId: string; version: number | null; saved: MerchandisingDraft; result: SaveResult | null; onResult: (result: SaveResult) => void;
}) {
  const [draft, setDraft] = useState(saved);
  const [save, { isLoading }] = useSaveProductMerchandisingMutation();
  const id = useId();
  const dirty = (Object.keys(saved) as (keyof MerchandisingDraft)[]).some((k) => saved[k] !== draft[k]);
  const check = (key: 'restockNotificationsEnabled' | 'mailingListSignUpEnabled' | 'mailingListOptInByDefault' | 'scarcityEnabled' | 'scarcityShownByDefault', label: string, disabled = false) => (
    <label className="ow-check">
      <input type="checkbox" checked={draft[key]} disabled={disabled} onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })} /> {label}
    </label>
  );
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save({ websiteId, productId, version, merchandising: { ...draft, customSoldOutText: draft.customSoldOutText.trim() === '' ? null : draft.customSoldOutText } }).unwrap();
      setResult({ kind: 'success', text: 'Product settings saved.' });
    } catch (error) {
      setResult({ kind: 'error', text: errorMessage(error, RESTOCK_STRINGS.saveFailed) });
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      {check('restockNotificationsEnabled', 'Offer back-in-stock sign-ups when sold out')}
      {check('mailingListSignUpEnabled', 'Show the mailing-list box', !draft.restockNotificationsEnabled)}
      {check('mailingListOptInByDefault', 'Tick the mailing-list box by default', !draft.restockNotificationsEnabled || !draft.mailingListSignUpEnabled)}
      {check('scarcityEnabled', 'Show low stock (scarcity)')}
      {check('scarcityShownByDefault', 'Show it before a variant is chosen', !draft.scarcityEnabled)}
      <div className="ow-field">
        <label htmlFor={`${id}-scarcity`}>Scarcity text</label>
        <span id={`${id}-scarcity-hint`} className="ow-hint">{'{qtyInStock}'} is replaced by the stock left.</span>
        <input id={`${id}-scarcity`} type="text" value={draft.scarcityText} aria-describedby={`${id}-scarcity-hint`} onChange={(e) => setDraft({ ...draft, scarcityText: e.target.value })} />
      </div>
      <div className="ow-field">
        <label htmlFor={`${id}-soldout`}>Sold-out text</label>
        <span id={`${id}-soldout-hint`} className="ow-hint">Shown instead of “Sold out”; leave empty for the default.</span>
        <input id={`${id}-soldout`} type="text" value={draft.customSoldOutText} aria-describedby={`${id}-soldout-hint`} onChange={(e) => setDraft({ ...draft, customSoldOutText: e.target.value })} />
      </div>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
      <button type="submit" className="ow-button ow-primary" disabled={!dirty || isLoading}>{isLoading ? 'Saving…' : 'Save product settings'}</button>
    </form>
  );
}

function EraseBox() {
  const [email, setEmail] = useState('');
  const [erase, { isLoading }] = useEraseRestockPersonMutation();
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { confirm } = useConfirm();
  const id = useId();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!(await confirm({ title: `Erase ${address || 'this address'}?`, message: 'Every back-in-stock sign-up of this address is erased: it leaves the lists, the exports and the mailing list it joined here.', confirmLabel: 'Erase', danger: true }))) return;
    try {
      const { erased } = await erase(address).unwrap();
      setResult({ kind: 'success', text: erased === 0 ? `${address} has no sign-ups.` : `Erased ${plural(erased, 'sign-up', 'sign-ups')} of ${address}.` });
      if (erased > 0) setEmail('');
    } catch (error) {
      setResult({ kind: 'error', text: errorMessage(error, RESTOCK_STRINGS.eraseFailed) });
    }
  };
  return (
    <section className="ow-panel-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Erase a person</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="ow-field">
          <label htmlFor={`${id}-email`}>Email address</label>
          <input id={`${id}-email`} type="email" value={email} maxLength={320} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
        </div>
        {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
        <button type="submit" className="ow-button" disabled={isLoading}>{isLoading ? 'Erasing…' : 'Erase sign-ups'}</button>
      </form>
    </section>
  );
}
