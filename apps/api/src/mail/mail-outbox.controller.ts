import { Controller, Get, Header, Query } from '@nestjs/common';
import { domainError } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';
import { RequiresPermission } from '../security';
import { MailOutboxStore, type OutboxMessage } from './mail-outbox.store';

export const OUTBOX_PAGE_SIZE = 50;
const MAX_PAGE = 100_000;

export type OutboxPage = { messages: OutboxMessage[]; page: number; pageSize: number; total: number };

/**
 * The mail outbox: every message the site has sent or will send, newest first, with its status
 * (held in the local outbox when no SMTP_URL is set; queued, sent or failed with the last error).
 */
@Controller('api/config/mail-outbox')
export class MailOutboxController {
  constructor(private readonly outbox: MailOutboxStore) {}

  @Get()
  @RequiresPermission('mail.view')
  @Header('Cache-Control', 'no-store')
  async list(@Query('page') page?: string): Promise<OutboxPage> {
    const n = page === undefined ? 1 : Number(page);
    if (typeof page === 'object' || !Number.isInteger(n) || n < 1 || n > MAX_PAGE) {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'page' }, `page must be a whole number from 1 to ${MAX_PAGE}.`));
    }
    const { messages, total } = await this.outbox.page((n - 1) * OUTBOX_PAGE_SIZE, OUTBOX_PAGE_SIZE);
    return { messages, page: n, pageSize: OUTBOX_PAGE_SIZE, total };
  }
}
