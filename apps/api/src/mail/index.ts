/** Outgoing mail: inject `Mailer` and call `send` (see mailer.ts). */
export { MailDeliveryModule, MailModule } from './mail.module';
export { Mailer, type SendOptions } from './mailer';
export { MailSender } from './mail-sender';
export { InvalidMailMessage, MAIL_LIMITS, type MailMessage } from './mail-message';
export type { MailStatus, OutboxMessage } from './mail-outbox.store';
