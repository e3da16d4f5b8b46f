/**
 * The installment info popup's content, per SPEC locale. The SPEC fetches it from the provider's
 * static host, which our visitors' browsers cannot reach; we serve it ourselves
 * (web/public/installments/<locale>.json, at /static/installments/). A failed fetch only logs a
 * warning (SPEC 8): the popup then shows the pill's own text.
 */
export type InstallmentInfo = { title: string; paragraphs: string[] };

export const INSTALLMENT_INFO_BASE = '/static/installments/';

const loaded = new Map<string, Promise<InstallmentInfo | null>>();

function isInfo(value: unknown): value is InstallmentInfo {
  const v = value as Partial<InstallmentInfo> | null;
  return typeof v?.title === 'string' && Array.isArray(v.paragraphs) && v.paragraphs.every((p) => typeof p === 'string');
}

/** Fetches a locale's content once per page; null (and a console warning) when it cannot be had. */
export function loadInstallmentInfo(locale: string, fetchImpl: typeof fetch = fetch): Promise<InstallmentInfo | null> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = fetchImpl(new URL(`${INSTALLMENT_INFO_BASE}${encodeURIComponent(locale)}.json`, document.baseURI).href)
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body: unknown = await response.json();
        if (!isInfo(body)) throw new Error('unexpected content');
        return body;
      })
      .catch((error: unknown) => {
        console.warn(`Installment info for ${locale} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
        loaded.delete(locale);
        return null;
      });
    loaded.set(locale, pending);
  }
  return pending;
}
