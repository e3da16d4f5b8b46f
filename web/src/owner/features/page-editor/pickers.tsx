import type { ProductRecord } from '@storefront/domain/catalog/product-record';
import { formatMoney, isSupportedCurrency } from '@storefront/domain/shared/money';
import type { CollectionRecord } from '@storefront/domain/site/site-records';
import { useId, useState } from 'react';
import { errorMessage } from '../../app/api';
import { Alert } from '../../ui/page-header';
import type { FormListEntry } from '../forms/forms-api';

/** A product's price as the shop shows it (integer minor units through the domain's formatter). */
export function productPrice(product: ProductRecord): string {
  const money = product.structuredContent.priceMoney;
  const minor = Number(money.value);
  if (!Number.isSafeInteger(minor)) return '';
  return formatMoney(minor, isSupportedCurrency(money.currency) ? money.currency : 'USD');
}

/**
 * Chooses the product a product block shows: a search over names, then the list to pick from
 * (GET …/products; an editor reads the catalog without changing it).
 */
export function ProductPicker({
  value, onChange, products, loading, error,
}: {
  value: string;
  onChange: (productId: string) => void;
  products: readonly ProductRecord[] | undefined;
  loading: boolean;
  error: unknown;
}) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const selectId = useId();
  if (loading) return <p className="ow-hint">Loading your products…</p>;
  if (error || !products) return <Alert>{errorMessage(error, 'Unable to load your products. Try again.')}</Alert>;
  if (products.length === 0) return <p className="ow-hint">Your store has no products yet. Add one under Products first.</p>;
  const term = search.trim().toLowerCase();
  const shown = products.filter((p) => p.id === value || term === '' || p.name.toLowerCase().includes(term));
  return (
    <>
      <div className="ow-field">
        <label htmlFor={searchId}>Find a product</label>
        <input id={searchId} type="search" value={search} placeholder="Search by name" onChange={(e) => setSearch(e.target.value)} />
      </div>
      <div className="ow-field">
        <label htmlFor={selectId}>Product</label>
        <select id={selectId} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose a product…</option>
          {shown.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} · {productPrice(p)}
            </option>
          ))}
        </select>
        {term !== '' && <span className="ow-hint">{shown.length === 1 ? '1 product matches.' : `${shown.length} products match.`}</span>}
      </div>
    </>
  );
}

/** The collections a summary block can show (blogs, events, galleries, products). */
export function CollectionSelect({ value, onChange, collections }: { value: string; onChange: (id: string) => void; collections: readonly CollectionRecord[] }) {
  const id = useId();
  const listed = collections.filter((c) => ['blog', 'events', 'gallery', 'products'].includes(c.typeName));
  return (
    <div className="ow-field">
      <label htmlFor={id}>Collection</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a collection…</option>
        {listed.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title} ({c.typeName})
          </option>
        ))}
      </select>
      {listed.length === 0 && <span className="ow-hint">Add a blog, events, gallery or products page first.</span>}
    </div>
  );
}

/**
 * Chooses the form a form block shows (`kind` 'form': required) or the sign-up form of a newsletter
 * block (`kind` 'newsletter': optional; without one the block shows an email field only). Forms are
 * made in the Forms section.
 */
export function FormPicker({
  kind, value, onChange, forms,
}: {
  kind: 'form' | 'newsletter';
  value: string;
  onChange: (formId: string) => void;
  forms: { data: readonly FormListEntry[] | undefined; loading: boolean; error: unknown };
}) {
  const id = useId();
  if (forms.loading) return <p className="ow-hint">Loading your forms…</p>;
  if (forms.error || !forms.data) return <Alert>{errorMessage(forms.error, 'Unable to load your forms. Try again.')}</Alert>;
  const choices = forms.data.filter((f) => f.kind === kind);
  // A chosen form the list does not have now (another kind) stays visible by its id.
  const missing = value !== '' && !choices.some((f) => f.id === value);
  const newsletter = kind === 'newsletter';
  return (
    <div className="ow-field">
      <label htmlFor={id}>{newsletter ? 'Sign-up form' : 'Form'}</label>
      <select id={id} value={value} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.value)}>
        <option value="">{newsletter ? 'None: an email field only' : 'Choose a form…'}</option>
        {choices.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
        {missing && <option value={value}>{value} (not found)</option>}
      </select>
      <span id={`${id}-hint`} className="ow-hint">
        {choices.length === 0
          ? `Your site has no ${newsletter ? 'newsletter forms' : 'forms'} yet. Make one under Forms first.`
          : `Edit ${newsletter ? 'newsletter forms' : 'forms'} and read their submissions under Forms.`}
      </span>
    </div>
  );
}
