import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { basename } from 'node:path';

/** A year, never revalidated: a hashed file name changes whenever its bytes do. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Files without a content hash in their name may change with the next build. */
const SHORT_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

/** Vite's output names: `main-B2x9_kQz.js`, `main-Cq3v1a0Z.css` (an 8-character base64url hash). */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/** Whether a file's name carries its content hash (its `.br` / `.gz` sibling counts as the file). */
export function isHashedAssetName(path: string): boolean {
  return HASHED_NAME.test(basename(path).replace(/\.(br|gz)$/, ''));
}

/**
 * The built web bundle (`web/dist`) under `/static/`: hashed files with immutable caching, the
 * rest briefly cached; the build's `.br` and `.gz` siblings are sent to clients that accept them,
 * so the bundle is compressed once at build time at the highest level, not on every request.
 */
export async function installStaticAssets(app: NestFastifyApplication, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/static/',
    index: false,
    dotfiles: 'deny',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      reply.header('Cache-Control', isHashedAssetName(path) ? IMMUTABLE_CACHE_CONTROL : SHORT_CACHE_CONTROL);
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });
}
