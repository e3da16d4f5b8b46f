import * as z from 'zod/mini';
import { codeProblem, definedOnly, object, readAs, text } from '../shared/requests';
import type { FocalPoint, ImageDetailsChanges } from './events';

/**
 * Owner requests of the media context (SPEC 7, image details): shapes only; ranges and lengths are
 * decide's business. The upload form's fields and the JSON edit take the same schema.
 */

/** `{ x, y }` with numbers (or numeric text, as form fields send them); range checked by decide. */
export function parseFocalPoint(raw: unknown): FocalPoint | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { x, y } = raw as { x?: unknown; y?: unknown };
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
  const point = { x: num(x), y: num(y) };
  return Number.isFinite(point.x) && Number.isFinite(point.y) ? point : undefined;
}

/** An image's alt text, title, description (`body`) and focal point; each left out changes nothing. */
export const ImageDetailsRequest = z.pipe(
  object({
    altText: z.optional(text()),
    title: z.optional(text()),
    body: z.optional(text()),
    mediaFocalPoint: z.optional(readAs(parseFocalPoint, codeProblem('INVALID_FOCAL_POINT', (_field, input) => ({ mediaFocalPoint: input })))),
  }),
  z.transform((value): ImageDetailsChanges => definedOnly(value)),
);
