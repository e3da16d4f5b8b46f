/**
 * The store's back-in-stock settings (issue 15), one stream for the site (`restock-settings`):
 * the words of the sign-up form (SPEC 3 'Merchandising context' restockNotificationMessages, the
 * same for every product), the success text (SPEC 3 site-wide
 * merchandisingSettings.restockNotificationsSuccessText, default 'Signed up!') and whether a
 * variant coming back in stock sends its notifications by itself (at most one per unit back; off
 * by default). Per-product settings (restock on or off, scarcity, the sold-out text, the mailing
 * list box) are the product's own merchandising (catalog).
 */
import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { errorOf } from '../shared/error-catalogue';
import { RESTOCK_NOTIFICATION_DEFAULTS } from '../shared/strings';

export type RestockNotificationMessages = { buttonText: string; CTAText: string; placeholderText: string; mailingListDescription: string };

export type RestockSiteSettings = {
  restockNotificationsSuccessText: string;
  restockNotificationMessages: RestockNotificationMessages;
  /** A variant's stock going from 0 to N records an automatic send of at most N notifications. */
  automaticSendOnRestock: boolean;
};

export const DEFAULT_RESTOCK_SUCCESS_TEXT = 'Signed up!';

export const DEFAULT_RESTOCK_SITE_SETTINGS: RestockSiteSettings = {
  restockNotificationsSuccessText: DEFAULT_RESTOCK_SUCCESS_TEXT,
  restockNotificationMessages: { ...RESTOCK_NOTIFICATION_DEFAULTS },
  automaticSendOnRestock: false,
};

export type RestockSiteSettingsChanges = {
  restockNotificationsSuccessText?: string;
  restockNotificationMessages?: Partial<RestockNotificationMessages>;
  automaticSendOnRestock?: boolean;
};

/** The longest text of each field (plain text: shown escaped, never as markup). */
export const RESTOCK_SETTINGS_LIMITS = { successTextMax: 300, messageMax: { buttonText: 40, CTAText: 200, placeholderText: 80, mailingListDescription: 200 } } as const;

const MESSAGE_KEYS = ['buttonText', 'CTAText', 'placeholderText', 'mailingListDescription'] as const;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: DomainError };
const invalid = (field: string, message: string): Parsed<never> => ({ ok: false, error: errorOf('INVALID_REQUEST', message, { field }) });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// Control characters (line breaks, tabs): the texts are one line each.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function text(raw: unknown, field: string, max: number): Parsed<string> {
  if (typeof raw !== 'string') return invalid(field, `${field} must be text.`);
  const value = raw.trim();
  if (value === '') return invalid(field, `${field} cannot be blank.`);
  if (value.length > max) return invalid(field, `${field} must be at most ${max} characters.`);
  if (CONTROL.test(value)) return invalid(field, `${field} must be one line of text.`);
  return { ok: true, value };
}

/** The owner's changes (`PATCH …/restock/settings`): only the fields given, each checked. */
export function parseRestockSettingsChanges(raw: unknown): Parsed<RestockSiteSettingsChanges> {
  if (!isObject(raw)) return invalid('body', 'The body must be an object of settings.');
  const known = new Set(['restockNotificationsSuccessText', 'restockNotificationMessages', 'automaticSendOnRestock']);
  const unknown = Object.keys(raw).find((k) => !known.has(k));
  if (unknown) return invalid(unknown, `${unknown} is not a restock setting.`);
  const changes: RestockSiteSettingsChanges = {};
  if (raw.restockNotificationsSuccessText !== undefined) {
    const t = text(raw.restockNotificationsSuccessText, 'restockNotificationsSuccessText', RESTOCK_SETTINGS_LIMITS.successTextMax);
    if (!t.ok) return t;
    changes.restockNotificationsSuccessText = t.value;
  }
  if (raw.restockNotificationMessages !== undefined) {
    const m = raw.restockNotificationMessages;
    if (!isObject(m)) return invalid('restockNotificationMessages', 'restockNotificationMessages must be an object.');
    const messages: Partial<RestockNotificationMessages> = {};
    for (const key of Object.keys(m)) {
      if (!(MESSAGE_KEYS as readonly string[]).includes(key)) return invalid(`restockNotificationMessages.${key}`, `restockNotificationMessages.${key} is not a message of the form.`);
      const k = key as (typeof MESSAGE_KEYS)[number];
      const t = text(m[k], `restockNotificationMessages.${k}`, RESTOCK_SETTINGS_LIMITS.messageMax[k]);
      if (!t.ok) return t;
      messages[k] = t.value;
    }
    changes.restockNotificationMessages = messages;
  }
  if (raw.automaticSendOnRestock !== undefined) {
    if (typeof raw.automaticSendOnRestock !== 'boolean') return invalid('automaticSendOnRestock', 'automaticSendOnRestock must be true or false.');
    changes.automaticSendOnRestock = raw.automaticSendOnRestock;
  }
  return { ok: true, value: changes };
}

export function applyRestockSettingsChanges(settings: RestockSiteSettings, changes: RestockSiteSettingsChanges): RestockSiteSettings {
  return {
    restockNotificationsSuccessText: changes.restockNotificationsSuccessText ?? settings.restockNotificationsSuccessText,
    restockNotificationMessages: { ...settings.restockNotificationMessages, ...changes.restockNotificationMessages },
    automaticSendOnRestock: changes.automaticSendOnRestock ?? settings.automaticSendOnRestock,
  };
}

/** Type names are a stored contract: never rename them. `changes` holds only what changed. */
export type RestockSettingsChanged = { type: 'RestockSettingsChanged'; data: { changes: RestockSiteSettingsChanges; at: string } };
export type RestockSettingsEvent = RestockSettingsChanged;
export type ChangeRestockSettings = { type: 'ChangeRestockSettings'; data: { changes: RestockSiteSettingsChanges; now: string } };
export type RestockSettingsState = { version: number; settings: RestockSiteSettings };

export const RESTOCK_SETTINGS_STREAM_ID = 'restock-settings';
export const RESTOCK_SETTINGS_STREAM_TYPE = 'restock-settings';

/** Only the fields that differ from the settings in force (a save of what is there records nothing). */
function changedOnly(settings: RestockSiteSettings, changes: RestockSiteSettingsChanges): RestockSiteSettingsChanges {
  const out: RestockSiteSettingsChanges = {};
  if (changes.restockNotificationsSuccessText !== undefined && changes.restockNotificationsSuccessText !== settings.restockNotificationsSuccessText) {
    out.restockNotificationsSuccessText = changes.restockNotificationsSuccessText;
  }
  if (changes.automaticSendOnRestock !== undefined && changes.automaticSendOnRestock !== settings.automaticSendOnRestock) out.automaticSendOnRestock = changes.automaticSendOnRestock;
  const messages = Object.fromEntries(
    Object.entries(changes.restockNotificationMessages ?? {}).filter(([k, v]) => v !== settings.restockNotificationMessages[k as keyof RestockNotificationMessages]),
  );
  if (Object.keys(messages).length > 0) out.restockNotificationMessages = messages;
  return out;
}

export function decideRestockSettings(command: ChangeRestockSettings, state: RestockSettingsState): Decision<RestockSettingsEvent, DomainError> {
  if (command.type !== 'ChangeRestockSettings') return reject(errorOf('INVALID_REQUEST', 'Unknown restock settings command.'));
  const changes = changedOnly(state.settings, command.data.changes);
  if (Object.keys(changes).length === 0) return accept();
  return accept({ type: 'RestockSettingsChanged', data: { changes, at: command.data.now } });
}

export const restockSettingsDecider: Decider<ChangeRestockSettings, RestockSettingsState, RestockSettingsEvent, DomainError> = {
  initialState: () => ({ version: 0, settings: DEFAULT_RESTOCK_SITE_SETTINGS }),
  evolve: (state, event) => (event.type === 'RestockSettingsChanged' ? { version: state.version + 1, settings: applyRestockSettingsChanges(state.settings, event.data.changes) } : state),
  decide: decideRestockSettings,
};
