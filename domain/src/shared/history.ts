import type { DomainError, DomainEvent } from './decider';
import { domainError, ERROR_MESSAGES } from './error-catalogue';
import { htmlToText } from './html-text';
import { STRINGS } from './strings';

/**
 * An aggregate's history as its owner reads it (issue 12, 'History and restore'): each event of its
 * stream with who, when, its version (stream position) and what changed, as a readable diff of the
 * aggregate's fields before and after it. Pure: the API hands in the stream's events with their
 * metadata; each aggregate says which of its fields an owner sees (`snapshot`, in `site/history.ts`
 * and `catalog/history.ts`).
 */

/** One field of an aggregate as an owner reads it. */
export type HistoryField = {
  /** Identifies the field across versions: `title`, `layout.<blockId>`, `variants.<sku>.price`. */
  key: string;
  /** The field's name as shown: 'Title', 'Block 2 (html)', 'Variant S-1: Price'. */
  label: string;
  /** What is compared: the field changed when its JSON changed. */
  value: unknown;
  /** How the value is shown (null: empty or none). */
  display: string | null;
  /** Long or rich text: shown as excerpts around the first difference, with the lengths. */
  long?: boolean;
  /**
   * The value is an order of keys (block ids, item ids): it only counts as changed when the keys
   * both versions have are in another order, not when keys were only added or removed.
   */
  sequence?: boolean;
  /**
   * Where the field sits, for fields keyed by an id that a save may replace (a block sent again
   * without its id gets a new one): a field removed and one added in the same slot read as one change.
   */
  slot?: string;
};

/** What an owner sees of one version of an aggregate; empty when it does not exist (yet, or any more). */
export type HistorySnapshot = HistoryField[];

/** One line of a readable diff: `field: before → after`. */
export type FieldChange = {
  key: string;
  field: string;
  change: 'added' | 'removed' | 'changed';
  /** Shown values; long text as an excerpt around its first change. Null: none. */
  before: string | null;
  after: string | null;
  /** Long text: '312 → 355 characters'. */
  summary?: string;
};

/** Who caused an event, as its metadata recorded (`email` from events appended since issue 12). */
export type HistoryActor = { kind: 'owner' | 'visitor' | 'system'; id: string; email?: string };

/** An event of the aggregate's stream as the history needs it (its metadata flattened). */
export type HistoryEventInput = { type: string; data: unknown; schemaVersion?: number; version: number; recordedAt: string; actor: HistoryActor };

export type HistoryEntry = {
  /** The stream position this event brought the aggregate to. */
  version: number;
  type: string;
  /** The event as an owner reads it ('Page settings changed'). */
  label: string;
  /** ISO time the event was recorded (the database clock). */
  at: string;
  actor: { kind: HistoryActor['kind']; id: string; email: string | null };
  /** A restore event: the version it brought back. */
  restoredVersion: number | null;
  changes: FieldChange[];
};

/** How an aggregate folds its events, and what an owner sees of a state. */
export type HistoryModel<State, E extends DomainEvent> = {
  initialState: () => State;
  evolve: (state: State, event: E) => State;
  snapshot: (state: State) => HistorySnapshot;
};

/** Characters of a value shown before it is cut with '…'. */
const SHOWN = 80;
/** Characters kept before a long text's first change. */
const LEAD = 30;

/** Every event of an aggregate's stream as an entry, oldest first. */
export function buildHistory<State, E extends DomainEvent>(model: HistoryModel<State, E>, events: readonly HistoryEventInput[]): HistoryEntry[] {
  let state = model.initialState();
  let before = model.snapshot(state);
  return events.map((event) => {
    state = model.evolve(state, { type: event.type, data: event.data, schemaVersion: event.schemaVersion } as E);
    const after = model.snapshot(state);
    // An aggregate that is gone shows no field: its entry says so by its label, not by every field removed.
    const changes = after.length === 0 ? [] : diffSnapshots(before, after);
    before = after;
    const restored = (event.data as { restoredVersion?: unknown } | null)?.restoredVersion;
    return {
      version: event.version,
      type: event.type,
      label: (STRINGS.history.events as Record<string, string>)[event.type] ?? event.type,
      at: event.recordedAt,
      actor: { kind: event.actor.kind, id: event.actor.id, email: event.actor.email ?? null },
      restoredVersion: typeof restored === 'number' ? restored : null,
      changes,
    };
  });
}

/** The state after the first `version` events (what a restore brings back). */
export function stateAtVersion<State, E extends DomainEvent>(
  model: Pick<HistoryModel<State, E>, 'initialState' | 'evolve'>,
  events: readonly { type: string; data: unknown; schemaVersion?: number; version: number }[],
  version: number,
): State {
  return events.filter((e) => e.version <= version).reduce((s, e) => model.evolve(s, { type: e.type, data: e.data, schemaVersion: e.schemaVersion } as E), model.initialState());
}

/**
 * A version an owner may restore: a whole number from 1 to the current version (VERSION_NOT_FOUND,
 * 404, names the version asked for).
 */
export function checkRestorableVersion(version: number, currentVersion: number): DomainError | null {
  return Number.isSafeInteger(version) && version >= 1 && version <= currentVersion ? null : versionNotFound(version);
}

export function versionNotFound(version: number): DomainError {
  const shown = String(version).slice(0, 20);
  return domainError('VERSION_NOT_FOUND', { version: Number.isFinite(version) ? version : shown }, ERROR_MESSAGES.VERSION_NOT_FOUND.replace('{version}', shown));
}

/**
 * The fields of `target` (among `keys`) whose values differ from `current`'s: what a restore
 * changes. A field `target` lacks (undefined: older shapes) is left as it is.
 */
export function differingFields<T extends object, K extends keyof T>(current: T, target: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (target[key] === undefined) continue;
    if (JSON.stringify(current[key] ?? null) !== JSON.stringify(target[key])) out[key] = target[key];
  }
  return out;
}

/** The readable diff of two snapshots: fields in the newer one's order, then the ones it lost. */
export function diffSnapshots(before: HistorySnapshot, after: HistorySnapshot): FieldChange[] {
  const old = new Map(before.map((f) => [f.key, f]));
  const now = new Set(after.map((f) => f.key));
  // A field gone whose slot a new field takes: the same place changed (a block replaced by a new id).
  const goneBySlot = new Map(before.filter((f) => !now.has(f.key) && f.slot !== undefined).map((f) => [f.slot!, f]));
  const paired = new Set<string>();
  const changes: FieldChange[] = [];
  for (const field of after) {
    const previous = old.get(field.key) ?? (field.slot !== undefined ? goneBySlot.get(field.slot) : undefined);
    if (!previous) {
      if (field.display !== null) changes.push(fieldChange('added', null, field));
      continue;
    }
    if (previous.key !== field.key) paired.add(previous.key);
    if (!differs(previous, field)) continue;
    const kind = previous.display === null && field.display !== null ? 'added' : previous.display !== null && field.display === null ? 'removed' : 'changed';
    changes.push(fieldChange(kind, previous, field));
  }
  for (const field of before) {
    if (!now.has(field.key) && !paired.has(field.key) && field.display !== null) changes.push(fieldChange('removed', field, null));
  }
  return changes;
}

function differs(a: HistoryField, b: HistoryField): boolean {
  if (b.sequence && Array.isArray(a.value) && Array.isArray(b.value)) {
    const inA = new Set(a.value.map(String));
    const inB = new Set(b.value.map(String));
    const common = (list: unknown[], other: Set<string>) => list.map(String).filter((k) => other.has(k));
    return JSON.stringify(common(a.value, inB)) !== JSON.stringify(common(b.value, inA));
  }
  return JSON.stringify(a.value ?? null) !== JSON.stringify(b.value ?? null);
}

function fieldChange(change: FieldChange['change'], before: HistoryField | null, after: HistoryField | null): FieldChange {
  const field = (after ?? before)!;
  const base = { key: field.key, field: field.label, change };
  if (!(before?.long || after?.long)) return { ...base, before: before?.display ?? null, after: after?.display ?? null };
  const a = before?.display ?? '';
  const b = after?.display ?? '';
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const from = Math.max(0, common - LEAD);
  const summary = STRINGS.history.textLength.replace('{before}', String(a.length)).replace('{after}', String(b.length));
  return { ...base, before: before?.display == null ? null : excerpt(a, from), after: after?.display == null ? null : excerpt(b, from), summary };
}

function excerpt(text: string, from: number): string {
  const start = Math.min(from, text.length);
  const body = text.slice(start, start + SHOWN);
  return `${start > 0 ? '…' : ''}${body}${start + SHOWN < text.length ? '…' : ''}`;
}

// Building fields

/** A label of STRINGS.history.fields. */
export function fieldLabel(name: keyof typeof STRINGS.history.fields): string {
  return STRINGS.history.fields[name];
}

/** A short value as shown: text (cut at 80 characters), a number, Yes/No, a list joined by commas; null when empty. */
export function shown(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? STRINGS.history.yes : STRINGS.history.no;
  if (Array.isArray(value)) return value.length === 0 ? null : cut(value.map((v) => shown(v) ?? '').join(', '));
  if (typeof value === 'object') return cut(JSON.stringify(value));
  return cut(String(value));
}

function cut(text: string): string {
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/** A field shown as a short value. */
export function plainField(key: string, label: string, value: unknown, display: string | null = shown(value)): HistoryField {
  return { key, label, value: value ?? null, display };
}

/** Plain text that may be long: shown as excerpts around the first change. */
export function textField(key: string, label: string, text: string | null | undefined): HistoryField {
  const value = text ?? '';
  return { key, label, value, display: value === '' ? null : value, long: value.length > SHOWN };
}

/** Rich text (html): compared as written, shown as its text. */
export function richTextField(key: string, label: string, html: string | null | undefined): HistoryField {
  const text = htmlToText(html ?? '');
  return { key, label, value: html ?? '', display: text === '' ? null : text, long: true };
}

/** An epoch-ms time, shown in ISO form (UTC). */
export function timeField(key: string, label: string, epochMs: number | null | undefined): HistoryField {
  const valid = typeof epochMs === 'number' && Number.isFinite(epochMs);
  return { key, label, value: valid ? epochMs : null, display: valid ? new Date(epochMs).toISOString() : null };
}

/** An order of keys (see HistoryField.sequence), shown as `display`. */
export function sequenceField(key: string, label: string, keys: readonly string[], display: string | null): HistoryField {
  return { key, label, value: [...keys], display, sequence: true };
}

/** Fills a STRINGS template's `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  let out = template;
  for (const [name, value] of Object.entries(values)) out = out.split(`{${name}}`).join(String(value));
  return out;
}
