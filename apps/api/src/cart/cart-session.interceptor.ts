import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { catchError, throwError, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException } from '../infrastructure/http/domain-exception';
import { clearCartCookie } from './cart-cookie';

/**
 * When a cart command answers SESSION_EXPIRED (the cart was purchased, or the page shows a cart
 * this server does not know), the cart cookie is reset so that a reload starts a fresh cart.
 */
@Injectable()
export class CartSessionInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof DomainException && error.error.code === 'SESSION_EXPIRED') {
          clearCartCookie(context.switchToHttp().getResponse<FastifyReply>(), this.config.secureCookies);
        }
        return throwError(() => error);
      }),
    );
  }
}
