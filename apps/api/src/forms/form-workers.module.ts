import { Module } from '@nestjs/common';
import { RecordFormNotificationSentHandler } from './commands/record-form-notification-sent.handler';
import { FormNotifications } from './form-notifications';
import { FormStore } from './form-store';

/**
 * The forms' worker: the owner notification mail of each submission (FormNotifications, with the
 * form store it reads definitions from and the command that records the mail as sent). In every
 * process that runs projections: ROLE=all through FormsModule, ROLE=worker through WorkerModule
 * (the Mailer comes from the global MailDeliveryModule).
 */
@Module({
  providers: [FormStore, FormNotifications, RecordFormNotificationSentHandler],
  exports: [FormStore],
})
export class FormWorkersModule {}
