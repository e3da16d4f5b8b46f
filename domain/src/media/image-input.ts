import type { DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import type { FocalPoint, ImageDetailsChanges } from './events';

/**
 * Owner API input (untrusted JSON or form fields) for an image's details, as typed changes or the
 * first problem found. Ranges and lengths are decide's business; this only checks shapes.
 */
export type ParsedImageInput<T> = { ok: true; value: T } | { ok: false; error: DomainError };

const TEXT_FIELDS = ['altText', 'title', 'body'] as const;

export function parseImageDetailsChanges(raw: unknown): ParsedImageInput<ImageDetailsChanges> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, error: domainError('INVALID_REQUEST', { field: 'body' }, 'The request body must be a JSON object.') };
  }
  const input = raw as Record<string, unknown>;
  const changes: ImageDetailsChanges = {};
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') return { ok: false, error: domainError('INVALID_TEXT_FIELD', { field }, `${field} must be text.`) };
    changes[field] = value;
  }
  if (input.mediaFocalPoint !== undefined) {
    const point = parseFocalPoint(input.mediaFocalPoint);
    if (!point) return { ok: false, error: domainError('INVALID_FOCAL_POINT', { mediaFocalPoint: input.mediaFocalPoint }) };
    changes.mediaFocalPoint = point;
  }
  return { ok: true, value: changes };
}

/** `{ x, y }` with numbers (or numeric text, as form fields send them); range checked by decide. */
export function parseFocalPoint(raw: unknown): FocalPoint | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { x, y } = raw as { x?: unknown; y?: unknown };
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
  const point = { x: num(x), y: num(y) };
  return Number.isFinite(point.x) && Number.isFinite(point.y) ? point : null;
}
