import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { differingFields, versionNotFound } from '../shared/history';
import type { WebsiteEvent } from './events';
import { checkText, SITE_LIMITS, templatedError } from './site-limits';
import {
  applySettingsChanges, defaultWebsiteSettings, validateWebsiteSettings, WEBSITE_RESTORED_SETTINGS, type WebsiteSettings, type WebsiteSettingsChanges,
} from './website-settings';

/** The website stream: created once by the seeder (WebsiteCreated), then its settings and header/footer. */
export type WebsiteState =
  | { status: 'none' }
  | {
    status: 'created'; websiteId: string; createdAt: string; settings: WebsiteSettings; header: string; footer: string;
    /** The newsletter form shown in the footer on every page; null for none. */
    newsletterFormId: string | null;
  };

export const initialWebsiteState = (): WebsiteState => ({ status: 'none' });

/**
 * `storeProducts`: how many products the site's stores list now (a looked-up fact; the currency
 * they are priced in is the store's, so it cannot change under them). Left out: none.
 */
export type ChangeWebsiteSettings = { type: 'ChangeWebsiteSettings'; data: { changes: WebsiteSettingsChanges; now: string; storeProducts?: number } };
/**
 * SPEC 7 PUT /api/site-header-footer: a part left out stays as it is. `newsletterForm`: the
 * looked-up kind of the form `newsletterFormId` names (null: the site has no such form); needed
 * only when a `newsletterFormId` is given.
 */
export type SetSiteHeaderFooter = {
  type: 'SetSiteHeaderFooter';
  data: { header?: string; footer?: string; newsletterFormId?: string | null; newsletterForm?: { kind: string } | null; now: string };
};
/**
 * Brings back an earlier version (issue 12): `target` is the stream's state at `restoredVersion`
 * (the handler folds the events up to it). Appends WebsiteRestored with what differs from it.
 */
export type RestoreWebsite = { type: 'RestoreWebsite'; data: { restoredVersion: number; target: WebsiteState; now: string } };
export type WebsiteCommand = ChangeWebsiteSettings | SetSiteHeaderFooter | RestoreWebsite;

export function evolveWebsite(state: WebsiteState, event: WebsiteEvent): WebsiteState {
  switch (event.type) {
    case 'WebsiteCreated': {
      if (state.status !== 'none') return state;
      const { websiteId, createdAt } = event.data;
      return { status: 'created', websiteId, createdAt, settings: defaultWebsiteSettings(event.data), header: '', footer: '', newsletterFormId: null };
    }
    case 'WebsiteSettingsChanged':
      return state.status === 'created' ? { ...state, settings: applySettingsChanges(state.settings, event.data.changes) } : state;
    case 'SiteHeaderFooterChanged':
      return state.status === 'created'
        ? { ...state, header: event.data.header, footer: event.data.footer, newsletterFormId: newsletterFormIdAfter(state, event.data) }
        : state;
    case 'WebsiteRestored': {
      if (state.status !== 'created') return state;
      const { changes, header, footer } = event.data;
      return {
        ...state, settings: applySettingsChanges(state.settings, changes), header: header ?? state.header, footer: footer ?? state.footer,
        newsletterFormId: newsletterFormIdAfter(state, event.data),
      };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** An event without `newsletterFormId` (older, or a restore that left it) keeps the state's; older states have none. */
function newsletterFormIdAfter(state: { newsletterFormId?: string | null }, data: { newsletterFormId?: string | null }): string | null {
  return data.newsletterFormId !== undefined ? data.newsletterFormId : (state.newsletterFormId ?? null);
}

/** The footer's newsletter form must be a newsletter form of the site (issue 14 part 8). */
function checkNewsletterForm(formId: string | null, found: { kind: string } | null | undefined): DomainError | null {
  if (formId === null) return null;
  if (!found) return templatedError('FOOTER_NEWSLETTER_FORM_UNKNOWN', { formId: formId.slice(0, 100) }, { field: 'newsletterFormId' });
  if (found.kind !== 'newsletter') return templatedError('FOOTER_NEWSLETTER_NOT_NEWSLETTER', { formId: formId.slice(0, 100) }, { field: 'newsletterFormId' });
  return null;
}

/** Only the fields whose values differ from the current settings. */
function changedOnly(settings: WebsiteSettings, changes: WebsiteSettingsChanges): WebsiteSettingsChanges {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const current = (settings as Record<string, unknown>)[key];
    const next =
      key === 'shareButtonOptions' ? { ...settings.shareButtonOptions, ...(value as object) }
      : key === 'announcementBar' ? { ...settings.announcementBar, ...(value as object) }
      : value;
    if (JSON.stringify(current) !== JSON.stringify(next)) out[key] = value;
  }
  return out as WebsiteSettingsChanges;
}

export function decideWebsite(command: WebsiteCommand, state: WebsiteState): Decision<WebsiteEvent, DomainError> {
  if (state.status !== 'created') return reject(domainError('NOT_FOUND', {}, 'The website has not been created yet.'));
  switch (command.type) {
    case 'ChangeWebsiteSettings': {
      const changes = changedOnly(state.settings, command.data.changes);
      const invalid = validateWebsiteSettings(applySettingsChanges(state.settings, command.data.changes));
      if (invalid) return reject(invalid);
      if (changes.currency !== undefined && (command.data.storeProducts ?? 0) > 0) {
        // Products are priced in the store currency and carts hold only it: prices are never converted.
        return reject(templatedError('STORE_CURRENCY_LOCKED', { currency: state.settings.currency }, { products: command.data.storeProducts }));
      }
      if (Object.keys(changes).length === 0) return accept();
      return accept({ type: 'WebsiteSettingsChanged', data: { changes, changedAt: command.data.now } });
    }
    case 'SetSiteHeaderFooter': {
      const { now } = command.data;
      const header = command.data.header ?? state.header;
      const footer = command.data.footer ?? state.footer;
      const current = state.newsletterFormId ?? null;
      const newsletterFormId = command.data.newsletterFormId !== undefined ? command.data.newsletterFormId : current;
      const invalid = checkText(header, 'header', SITE_LIMITS.headerFooterMaxLength) || checkText(footer, 'footer', SITE_LIMITS.headerFooterMaxLength)
        || (newsletterFormId !== current ? checkNewsletterForm(newsletterFormId, command.data.newsletterForm) : null);
      if (invalid) return reject(invalid);
      if (header === state.header && footer === state.footer && newsletterFormId === current) return accept();
      return accept({ type: 'SiteHeaderFooterChanged', data: { header, footer, newsletterFormId, changedAt: now } });
    }
    case 'RestoreWebsite': {
      const { restoredVersion, target, now } = command.data;
      if (target.status !== 'created') return reject(versionNotFound(restoredVersion));
      const changes = differingFields(state.settings, target.settings, WEBSITE_RESTORED_SETTINGS) as WebsiteSettingsChanges;
      const invalid = validateWebsiteSettings(applySettingsChanges(state.settings, changes));
      if (invalid) return reject(invalid);
      const header = target.header !== state.header ? { header: target.header } : {};
      const footer = target.footer !== state.footer ? { footer: target.footer } : {};
      const targetForm = target.newsletterFormId ?? null;
      const newsletter = targetForm !== (state.newsletterFormId ?? null) ? { newsletterFormId: targetForm } : {};
      if (Object.keys(changes).length === 0 && !('header' in header) && !('footer' in footer) && !('newsletterFormId' in newsletter)) return accept();
      return accept({ type: 'WebsiteRestored', data: { restoredVersion, changes, ...header, ...footer, ...newsletter, restoredAt: now } });
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled website command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const websiteDecider: Decider<WebsiteCommand, WebsiteState, WebsiteEvent, DomainError> = {
  initialState: initialWebsiteState,
  evolve: evolveWebsite,
  decide: decideWebsite,
};
