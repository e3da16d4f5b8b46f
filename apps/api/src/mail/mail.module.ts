import { Global, Module } from '@nestjs/common';
import { MailOutboxController } from './mail-outbox.controller';
import { MailOutboxStore } from './mail-outbox.store';
import { MailSender } from './mail-sender';
import { Mailer } from './mailer';

/**
 * The Mailer and the SMTP sender without any route: what a ROLE=worker process (WorkerModule)
 * needs to deliver queued mail and to send from its reactors. Global, so any module can inject Mailer.
 */
@Global()
@Module({
  providers: [MailOutboxStore, MailSender, Mailer],
  exports: [MailOutboxStore, MailSender, Mailer],
})
export class MailDeliveryModule {}

/** Outgoing mail for the HTTP app: the Mailer and sender, and the owner's outbox route. */
@Module({
  imports: [MailDeliveryModule],
  controllers: [MailOutboxController],
})
export class MailModule {}
