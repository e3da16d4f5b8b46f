import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { versionOf } from '../../app/if-match';
import { EditConflictNotice, useEditConflict } from '../../ui/edit-conflict';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { HistoryButton } from '../history/history-button';
import { LogoPicker } from './logo-picker';
import { settingsApi, useGetSettingsQuery, useSaveSettingsMutation, type SettingsView } from './settings-api';
import {
  changesOf, currencyName, currencySymbol, formOf, isDirty, SUPPORTED_CURRENCIES, timeZones, validate, type SettingsField, type SettingsForm,
} from './settings-form';
import './settings.css';

/** /config/settings: the site's title, logo, time zone and currency, and the store's checkout rules. */
export function SettingsScreen() {
  const settings = useGetSettingsQuery();
  if (settings.isLoading) return <Loading what="settings" />;
  if (settings.isError || !settings.data) {
    return (
      <>
        <PageHeader title="Settings" />
        <Alert>{errorMessage(settings.error, 'Unable to load the settings. Please reload the page and try again.')}</Alert>
      </>
    );
  }
  return <SettingsEditor view={settings.data} />;
}

/** A message about the last save; `scroll` brings it into view (not when a field with a problem took the focus). */
type Notice = { kind: 'success' | 'error'; text: string; scroll?: boolean };

function SettingsEditor({ view }: { view: SettingsView }) {
  // What was last loaded or saved, and what the inputs hold now.
  const [saved, setSaved] = useState<SettingsForm>(() => formOf(view));
  const [form, setForm] = useState<SettingsForm>(saved);
  const [showErrors, setShowErrors] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [save, saving] = useSaveSettingsMutation();
  const dispatch = useAppDispatch();
  // The version the saved form was read (or last saved) at: each save is based on it (If-Match).
  const [version, setVersion] = useState<number | null>(() => versionOf(view));
  const conflicts = useEditConflict(async () => {
    const fresh = await dispatch(settingsApi.endpoints.getSettings.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
    const next = formOf(fresh);
    setSaved(next);
    setForm(next);
    setVersion(versionOf(fresh));
    setShowErrors(false);
    setNotice(null);
  });
  // A message from a save said at the top: brought into view when the Save at the bottom was pressed.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice?.scroll) noticeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [notice]);
  const dirty = isDirty(saved, form);
  const errors = validate(form);
  const shown = showErrors ? errors : {};
  useUnsavedChangesGuard(dirty);

  const set = <K extends SettingsField>(field: K, value: SettingsForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setNotice(null);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    return submit();
  };
  /** Saves what changed, based on the version the form holds or on `basedOnVersion` (applied on top of someone else's change). */
  const submit = async (basedOnVersion?: number) => {
    conflicts.dismiss();
    if (Object.keys(errors).length > 0) {
      setShowErrors(true);
      setNotice({ kind: 'error', text: 'Some settings need a look before they can be saved: see the messages below.' });
      const first = Object.keys(errors)[0];
      document.getElementById(`settings-${first}`)?.focus();
      return;
    }
    const changes = changesOf(saved, form);
    try {
      const answer = Object.keys(changes).length === 0 ? view : await save({ changes, version: basedOnVersion ?? version }).unwrap();
      if (answer !== view) setVersion(versionOf(answer));
      const next = formOf(answer);
      setSaved(next);
      setForm(next);
      setShowErrors(false);
      setNotice({ kind: 'success', text: 'Settings saved. The published site shows them now.', scroll: true });
    } catch (error) {
      if (conflicts.caught(error, (current) => submit(current))) return setNotice(null);
      setNotice({ kind: 'error', text: errorMessage(error, 'Unable to save the settings. Please try again.'), scroll: true });
    }
  };

  const store = view.storeSettings;
  const symbol = currencySymbol(form.currency);

  return (
    <form className="settings-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <PageHeader
        title="Settings"
        subtitle="Your site’s name and look, where it is, and how its store checks out."
        actions={<>
          <HistoryButton subject={{ kind: 'settings' }} name="the settings" title="History of the settings, header and footer" path="/" unsaved={dirty}
            onRestored={(v: SettingsView) => { const next = formOf(v); setSaved(next); setForm(next); setVersion(versionOf(v)); setShowErrors(false); setNotice(null); }} />
          <SaveButtons dirty={dirty} saving={saving.isLoading} onDiscard={() => { setForm(saved); setShowErrors(false); setNotice(null); }} />
        </>}
      />
      <div ref={noticeRef}>{notice && <Alert kind={notice.kind}>{notice.text}</Alert>}</div>
      <EditConflictNotice state={conflicts} />

      <section className="ow-panel-box" aria-labelledby="settings-site">
        <h2 id="settings-site">Site</h2>
        <Field id="settings-siteTitle" label={FIELD_LABELS.siteTitle} error={shown.siteTitle} hint="Shown at the top of every page and in search results.">
          {(props) => <input {...props} type="text" value={form.siteTitle} maxLength={200} onChange={(e) => set('siteTitle', e.target.value)} />}
        </Field>
        <LogoPicker value={form.logoImageId} siteTitle={form.siteTitle} onChange={(id) => set('logoImageId', id)} />
      </section>

      <section className="ow-panel-box" aria-labelledby="settings-region">
        <h2 id="settings-region">Time zone and currency</h2>
        <TimeZoneField value={form.timeZone} error={shown.timeZone} onChange={(zone) => set('timeZone', zone)} />
        <Field
          id="settings-currency"
          label="Store currency"
          error={shown.currency}
          hint="Prices are not converted: the currency can change only while the store has no products."
        >
          {(props) => (
            <select {...props} value={form.currency} onChange={(e) => set('currency', e.target.value)}>
              {SUPPORTED_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {currencyName(code)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </section>

      <section className="ow-panel-box" aria-labelledby="settings-checkout">
        <h2 id="settings-checkout">Checkout</h2>
        <Field
          id="settings-checkoutMinimum"
          label="Checkout minimum"
          error={shown.checkoutMinimum}
          hint={
            view.settings.checkoutMinimumSubtotalCents === null && form.checkoutMinimum === saved.checkoutMinimum
              ? `The smallest order subtotal that may check out; 0 for no minimum. This is the store’s default until you save an amount here.`
              : 'The smallest order subtotal that may check out; 0 for no minimum.'
          }
        >
          {(props) => (
            <span className="settings-amount">
              <span className="settings-amount-symbol" aria-hidden="true">
                {symbol}
              </span>
              <input {...props} type="text" inputMode="decimal" autoComplete="off" value={form.checkoutMinimum} onChange={(e) => set('checkoutMinimum', e.target.value)} />
              <span className="settings-amount-code">{form.currency}</span>
            </span>
          )}
        </Field>
        <Toggle
          id="settings-expressCheckout"
          label={FIELD_LABELS.expressCheckout}
          checked={form.expressCheckout}
          hint="A customer who adds a product to the cart goes straight to checkout."
          onChange={(on) => set('expressCheckout', on)}
        />
        <Toggle
          id="settings-multipleQuantityAllowedForServices"
          label="Allow more than one of a service"
          checked={form.multipleQuantityAllowedForServices}
          hint={
            view.settings.multipleQuantityAllowedForServices === null && form.multipleQuantityAllowedForServices === store.multipleQuantityAllowedForServices
              ? 'Customers may buy a service (a class, a session) more than once in one order. This is the store’s default until you save it here.'
              : 'Customers may buy a service (a class, a session) more than once in one order.'
          }
          onChange={(on) => set('multipleQuantityAllowedForServices', on)}
        />
      </section>

      <div className="settings-footer">
        <SaveButtons dirty={dirty} saving={saving.isLoading} onDiscard={() => { setForm(saved); setShowErrors(false); setNotice(null); }} />
      </div>
    </form>
  );
}

function SaveButtons({ dirty, saving, onDiscard }: { dirty: boolean; saving: boolean; onDiscard: () => void }) {
  return (
    <div className="ow-form-actions">
      <button type="button" className="ow-button" disabled={!dirty || saving} onClick={onDiscard}>
        Discard changes
      </button>
      <button type="submit" className="ow-button ow-primary" disabled={!dirty || saving}>
        {saving ? 'Saving…' : 'Save settings'}
      </button>
    </div>
  );
}

/** What a field's input needs: its id, its hint and error (aria-describedby), and whether it is invalid. */
type FieldProps = { id: string; 'aria-describedby'?: string; 'aria-invalid': boolean };

/** A labelled field with its hint and, once the owner tried to save, what is wrong with it. */
function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: (props: FieldProps) => ReactNode }) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="ow-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': described || undefined, 'aria-invalid': Boolean(error) })}
      {hint && (
        <span id={`${id}-hint`} className="ow-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="ow-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

function Toggle({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="settings-toggle">
      <input id={id} type="checkbox" role="switch" checked={checked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <label htmlFor={id}>{label}</label>
        <span id={`${id}-hint`} className="ow-hint">
          {hint}
        </span>
      </span>
    </div>
  );
}

/** A text field with every IANA time zone as suggestions (type to search); the server checks the zone too. */
function TimeZoneField({ value, error, onChange }: { value: string; error?: string; onChange: (zone: string) => void }) {
  const listId = useId();
  const zones = useMemo(() => timeZones(), []);
  const now = useMemo(() => localTime(value), [value]);
  return (
    <Field
      id="settings-timeZone"
      label={FIELD_LABELS.timeZone}
      error={error}
      hint={now ? `Dates on your site and in your orders use it. It is ${now} there now.` : 'Dates on your site and in your orders use it. Type a city, such as Paris or New_York.'}
    >
      {(props) => (
        <>
          <input {...props} type="text" list={listId} value={value} autoComplete="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} />
          <datalist id={listId}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

function localTime(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date());
  } catch {
    return null;
  }
}
