import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { FormStore } from '../form-store';
import { RecordFormNotificationSentCommand } from './record-form-notification-sent.command';

/** Appends FormNotificationSent once per submission (a second record is a no-op). */
@CommandHandler(RecordFormNotificationSentCommand)
export class RecordFormNotificationSentHandler implements ICommandHandler<RecordFormNotificationSentCommand, void> {
  constructor(private readonly forms: FormStore) {}

  async execute({ context, submissionId, to }: RecordFormNotificationSentCommand): Promise<void> {
    await this.forms.submission(context, submissionId, { type: 'RecordFormNotificationSent', data: { submissionId, to, now: new Date().toISOString() } });
  }
}
