import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { versionEtag } from './if-match';

/**
 * Answers a body that carries its aggregate's `version` with `ETag: "<version>"` too (concurrent
 * editing, issue 12): send it back in `If-Match` with the next save. The tag names the version of
 * the stream, not the bytes; owner answers are never stored (`Cache-Control: no-store`), so no cache
 * revalidates with it.
 */
@Injectable()
export class VersionEtagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((body: unknown) => {
        const version = (body as { version?: unknown } | null | undefined)?.version;
        if (typeof version === 'number' && Number.isSafeInteger(version) && !reply.sent) {
          reply.header('ETag', versionEtag(version)).header('Cache-Control', 'no-store');
        }
        return body;
      }),
    );
  }
}
