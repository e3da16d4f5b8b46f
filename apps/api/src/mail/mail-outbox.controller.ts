import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { domainError, ERROR_MESSAGES } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';
import { RequiresPermission } from '../security';
import { MailOutboxStore, type OutboxMessage } from './mail-outbox.store';
import { MailSender } from './mail-sender';

export const OUTBOX_PAGE_SIZE = 50;
const MAX_PAGE = 100_000;

export type OutboxPage = { messages: OutboxMessage[]; page: number; pageSize: number; total: number };

/**
 * The mail outbox: every message the site has sent or will send, newest first, with its status
 * (held in the local outbox when no SMTP_URL is set; queued, sent or failed with the last error).
 */
@Controller('api/config/mail-outbox')
export class MailOutboxController {
  constructor(
    private readonly outbox: MailOutboxStore,
    private readonly sender: MailSender,
  ) {}

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

  /**
   * Queues a failed message again, due now (404 for an id the outbox does not have, 409 for a
   * message that is not failed: queued, sending, sent or held). Admin-only (`mail.manage`).
   */
  @Post(':id/retry')
  @HttpCode(200)
  @RequiresPermission('mail.manage')
  @Header('Cache-Control', 'no-store')
  async retry(@Param('id') id: string): Promise<{ message: OutboxMessage }> {
    const shown = String(id).slice(0, 100);
    const result = id.length <= 100 ? await this.outbox.retry(id) : ({ outcome: 'not-found' } as const);
    if (result.outcome === 'not-found') throw new DomainException(domainError('MAIL_MESSAGE_NOT_FOUND', { id: shown }));
    if (result.outcome === 'not-failed') {
      throw new DomainException(domainError('MAIL_MESSAGE_NOT_FAILED', { id: shown, status: result.status }, ERROR_MESSAGES.MAIL_MESSAGE_NOT_FAILED.replace('{status}', result.status)));
    }
    this.sender.kick();
    return { message: result.message };
  }
}
