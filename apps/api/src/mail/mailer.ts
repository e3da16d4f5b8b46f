import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { checkMailMessage, type MailMessage } from './mail-message';
import { MailOutboxStore } from './mail-outbox.store';
import { MailSender } from './mail-sender';

export type SendOptions = {
  /**
   * Makes sending idempotent: a second send with the same key queues nothing. A reactor passes a
   * key made from the event it reacts to (e.g. `form-notification:<eventId>`), so handling the
   * event again never mails twice.
   */
  dedupeKey?: string;
};

/**
 * Sends mail. `send` checks the message (InvalidMailMessage: sizes, addresses, no line breaks in
 * headers) and writes it to the outbox before it resolves: from then on it is never lost. With
 * SMTP_URL set the sender delivers it (soon in this process, or a worker's next look), retrying
 * with backoff; without, it stays in the local outbox the owner reads (GET /api/config/mail-outbox).
 */
@Injectable()
export class Mailer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: MailOutboxStore,
    private readonly sender: MailSender,
  ) {}

  async send(message: MailMessage, options: SendOptions = {}): Promise<void> {
    const checked = checkMailMessage(message);
    if (options.dedupeKey !== undefined && (typeof options.dedupeKey !== 'string' || options.dedupeKey.length === 0 || options.dedupeKey.length > 300)) {
      throw new TypeError('dedupeKey must be 1 to 300 characters');
    }
    const smtp = this.config.mail.smtpUrl !== undefined;
    const { queued } = await this.outbox.insert(checked, smtp ? 'queued' : 'held', options.dedupeKey);
    if (queued && smtp) this.sender.kick();
  }
}
