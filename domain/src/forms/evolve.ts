import type { FormDefinitionEvent, FormSubmissionEvent } from './events';
import type { FormState, FormSubmissionState } from './state';

export function evolveForm(state: FormState, event: FormDefinitionEvent): FormState {
  switch (event.type) {
    case 'FormCreated':
    case 'FormChanged':
      return { definition: event.data.definition };
    default:
      return state;
  }
}

export function evolveFormSubmission(state: FormSubmissionState, event: FormSubmissionEvent): FormSubmissionState {
  switch (event.type) {
    case 'FormSubmitted':
      return { ...state, submitted: true, formId: event.data.formId };
    case 'FormSubmissionDeleted':
      return { ...state, deleted: true };
    case 'FormNotificationSent':
      return { ...state, notification: 'sent' };
    default:
      return state;
  }
}
