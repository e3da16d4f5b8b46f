import { ChangeFormHandler } from './change-form.handler';
import { CreateFormHandler } from './create-form.handler';
import { DeleteFormSubmissionHandler } from './delete-form-submission.handler';
import { RecordFormNotificationSentHandler } from './record-form-notification-sent.handler';
import { SaveFormSubmissionHandler } from './save-form-submission.handler';

/** Every write of the forms context: controllers and the notification worker dispatch these through the CommandBus. */
export const FormCommandHandlers = [
  CreateFormHandler,
  ChangeFormHandler,
  SaveFormSubmissionHandler,
  DeleteFormSubmissionHandler,
  RecordFormNotificationSentHandler,
];
