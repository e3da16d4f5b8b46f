import { ArgumentsHost, Catch, ExceptionFilter, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DomainException } from '../infrastructure/http/domain-exception';
import { HttpErrorFilter } from '../infrastructure/http/http-error.filter';
import { CartCookies } from './cart-cookie';

/**
 * When a cart command answers SESSION_EXPIRED (the cart was purchased, or the page shows a cart
 * this server does not know), the cart cookie is reset so that a reload starts a fresh cart; the
 * answer itself is the app's usual error response. A filter runs only when something was thrown,
 * so the cart's hot path pays nothing for it (an interceptor wrapped every request in rxjs).
 */
@Catch()
@Injectable()
export class CartSessionFilter implements ExceptionFilter {
  private readonly errors = new HttpErrorFilter();

  constructor(private readonly cookies: CartCookies) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof DomainException && exception.error.code === 'SESSION_EXPIRED') {
      this.cookies.clear(host.switchToHttp().getResponse<FastifyReply>());
    }
    this.errors.catch(exception, host);
  }
}
