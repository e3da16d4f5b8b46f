import { MAX_IMAGE_BYTES } from '@storefront/domain';
import type { FastifyRequest } from 'fastify';
import { pathOf } from './request-context';

/** Every parsed request body (JSON or form) stays within these limits before it reaches a controller. */
export const BODY_LIMITS = {
  /** Bytes of a JSON or form body (uploads have their own limit, read by the media controller). */
  bytes: 1024 * 1024,
  /** Nesting of objects and arrays in a JSON body. */
  depth: 32,
  /** Object keys and array items in a JSON body, counted over the whole document. */
  members: 10_000,
  /** Fields of a form body. */
  formFields: 1000,
} as const;

/** The one route that takes a raw body larger than BODY_LIMITS.bytes (an image upload, as it is or multipart). */
const UPLOAD = { method: 'POST', path: /^\/api\/media\/images\/?$/ };
/** Room for multipart framing and the text fields beside the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The analytics ingestion routes (issue 16): the census calls, whose bodies are a page's hit or a
 * batch of small reports, and the error reports, which carry up to 20 stacks. Their body limit is
 * smaller than BODY_LIMITS.bytes, and their parsers make text well-formed themselves (a browser's
 * report cut at 5,000 characters can end in half of a surrogate pair).
 */
const INGESTION_ROUTES: { method: string; path: RegExp; bytes: number }[] = [
  { method: 'POST', path: /^\/api\/events\/RecordJavascriptErrors\/?$/, bytes: 256 * 1024 },
  { method: 'POST', path: /^\/api\/(census\/|1\/performance\/records\/?$)/, bytes: 64 * 1024 },
];

const ingestionRouteOf = (req: Pick<FastifyRequest, 'method' | 'url'>, path: string) =>
  INGESTION_ROUTES.find((route) => req.method === route.method && route.path.test(path));

/** The most a request to this route may declare in Content-Length. */
export function bodyLimitFor(req: Pick<FastifyRequest, 'method' | 'url'>): number {
  const path = pathOf(req as FastifyRequest);
  if (req.method === UPLOAD.method && UPLOAD.path.test(path)) return MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;
  return ingestionRouteOf(req, path)?.bytes ?? BODY_LIMITS.bytes;
}

/** Whether this is an analytics ingestion route, whose parsers replace lone surrogates rather than refuse them. */
export function isIngestionRoute(req: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  return ingestionRouteOf(req, pathOf(req as FastifyRequest)) !== undefined;
}

/** The 413 a body over its route's limit gets (Fastify's own status for it). */
export const bodyTooLarge = () => Object.assign(new Error('Request body is too large'), { statusCode: 413 });
