import type { HistoryEntry } from './history-api';

/**
 * Words and addresses of the history screens: who made a change, when (in the owner's own time
 * zone, like the date and time fields), and the past-site preview's address.
 */

/** Who caused an entry: the owner's email, 'You' for the signed-in owner's older events (recorded without an email), 'System', 'A visitor'. */
export function actorName(actor: HistoryEntry['actor'], me?: { id: string; email: string }): string {
  if (actor.kind === 'system') return 'System';
  if (actor.kind === 'visitor') return 'A visitor';
  if (actor.email) return actor.email;
  if (me && actor.id === me.id) return me.email;
  return 'An owner';
}

/** 'May 3, 2026, 10:04:12 AM' in the browser's time zone; the ISO text itself when it is not a time. */
export function readableTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local field's value (local time, to the second). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A datetime-local field's value (local time) as an ISO time; null when it is empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A site path as the live site writes it: leading slash, no origin, '/' for the home page. */
export function sitePath(path: string): string {
  const trimmed = path.trim();
  if (trimmed === '' || trimmed === '/') return '/';
  try {
    // A full address of this site is accepted too: its path, query and hash are kept.
    if (/^https?:\/\//i.test(trimmed)) {
      const url = new URL(trimmed);
      return `${url.pathname}${url.search}`;
    }
  } catch {
    // Not an address: read as a path below.
  }
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** GET /config/preview/at/{time}/{path}: the published page at `path` as it was at `at` (an ISO time). */
export function pastSiteUrl(at: string, path: string): string {
  const p = sitePath(path);
  return `/config/preview/at/${encodeURIComponent(at)}${p === '/' ? '' : p}`;
}
