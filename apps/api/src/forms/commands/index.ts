import { ChangeFormHandler } from './change-form.handler';
import { CreateFormHandler } from './create-form.handler';
import { DeleteFormSubmissionHandler } from './delete-form-submission.handler';
import { SaveFormSubmissionHandler } from './save-form-submission.handler';

/**
 * The forms context's writes that controllers dispatch through the CommandBus (the notification
 * worker's RecordFormNotificationSent is registered by FormWorkersModule, which ROLE=worker runs too).
 */
export const FormCommandHandlers = [
  CreateFormHandler,
  ChangeFormHandler,
  SaveFormSubmissionHandler,
  DeleteFormSubmissionHandler,
];
