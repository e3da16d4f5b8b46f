/**
 * A page for the bot check's browser spec (apps/api/src/bot-check/bot-check.browser.spec.ts): one form using
 * `useBotCheck` as a form island does, configured by the query string. Built by the spec only
 * (never part of the islands bundle).
 */
import { isBotCheckAction, isBotCheckMethod } from '@storefront/domain/bot-check';
import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { useBotCheck } from './use-bot-check';

const params = new URLSearchParams(window.location.search);
const method = params.get('method');
const action = params.get('action') ?? 'FORM_BLOCK_SUBMISSION';
const width = params.get('width');
const siteKey = params.get('siteKey');

function HarnessForm() {
  const check = useBotCheck(isBotCheckMethod(method) ? method : 'none', isBotCheckAction(action) ? action : 'FORM_BLOCK_SUBMISSION', siteKey !== null ? { siteKey: siteKey || null } : {});
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setToken((await check.getToken()) ?? '');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      check.reset();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-token={token ?? undefined} style={{ maxWidth: width ? `${width}px` : '36rem', margin: '2rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: '1.25rem' }}>Contact us</h1>
      {error && <p role="alert" style={{ color: '#a4262c' }}>{error}</p>}
      <label style={{ display: 'grid', gap: '0.25rem' }}>
        Email
        <input name="email" type="email" style={{ font: 'inherit', padding: '0.5rem' }} />
      </label>
      {check.element}
      <button type="submit" disabled={busy} style={{ font: 'inherit', padding: '0.5rem 1rem' }}>
        {busy ? 'Submitting…' : 'Submit'}
      </button>
      {token !== null && <p data-testid="sent">Ready to send.</p>}
    </form>
  );
}

createRoot(document.getElementById('root')!).render(<HarnessForm />);
