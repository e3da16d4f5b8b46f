import type { FormDefinition } from './definition';
import type { SubmissionPage } from './events';

export type CreateForm = { type: 'CreateForm'; data: { definition: FormDefinition; now: string } };
export type ChangeForm = { type: 'ChangeForm'; data: { definition: FormDefinition; now: string } };
export type FormDefinitionCommand = CreateForm | ChangeForm;

/**
 * A visitor's submission. `form` is the definition at `formVersion` (looked up by the handler);
 * `values` are the answers as parsed from the `form` JSON string, not yet validated.
 */
export type SubmitForm = {
  type: 'SubmitForm';
  data: { submissionId: string; form: FormDefinition; formVersion: number; values: unknown; page: SubmissionPage; visitorId: string; now: string };
};
export type DeleteFormSubmission = { type: 'DeleteFormSubmission'; data: { submissionId: string; formId: string; now: string } };
/** The notification worker records the owner's mail as handed to the outbox. */
export type RecordFormNotificationSent = { type: 'RecordFormNotificationSent'; data: { submissionId: string; to: string[]; now: string } };
export type FormSubmissionCommand = SubmitForm | DeleteFormSubmission | RecordFormNotificationSent;
