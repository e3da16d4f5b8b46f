import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError, formError } from '../shared/error-catalogue';
import type { FormDefinitionCommand, FormSubmissionCommand, SubmitForm } from './commands';
import type { FormDefinitionEvent, FormSubmissionEvent, FormSubmitted, NewsletterSignedUp } from './events';
import { evolveForm, evolveFormSubmission } from './evolve';
import { initialFormState, initialFormSubmissionState, type FormState, type FormSubmissionState } from './state';
import { answerText, validateFormValues } from './validation';

export function decideForm(command: FormDefinitionCommand, state: FormState): Decision<FormDefinitionEvent, DomainError> {
  const { definition, now } = command.data;
  switch (command.type) {
    case 'CreateForm':
      if (state.definition) return reject(domainError('FORM_ALREADY_EXISTS', { formId: definition.id }));
      return accept({ type: 'FormCreated', data: { formId: definition.id, definition, at: now } });
    case 'ChangeForm':
      if (!state.definition) return reject(formError('FORM_NOT_CONFIGURED', { formId: definition.id }));
      if (JSON.stringify(state.definition) === JSON.stringify(definition)) return accept();
      return accept({ type: 'FormChanged', data: { formId: definition.id, definition, at: now } });
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled form command ${JSON.stringify(unhandled)}`);
    }
  }
}

function submit(command: SubmitForm, state: FormSubmissionState): Decision<FormSubmissionEvent, DomainError> {
  const { submissionId, form, formVersion, page, visitorId, now } = command.data;
  // The submission id is the key's: a key already used names a stream that has its submission.
  if (state.submitted) return reject(formError('FORM_KEY_INVALID', { submissionId }));
  const checked = validateFormValues(form, command.data.values);
  if (!checked.ok) return reject(formError('FORM_INVALID', { errors: checked.errors }));
  const submitted: FormSubmitted = {
    type: 'FormSubmitted',
    data: { submissionId, formId: form.id, kind: form.kind, formVersion, values: checked.values, page, visitorId, at: now },
  };
  if (form.kind !== 'newsletter' || !form.storage.addToMailingList) return accept(submitted);
  const emailField = form.fields.find((f) => f.type === 'email');
  const email = emailField ? answerText(emailField, checked.values[emailField.id]).trim().toLowerCase() : '';
  if (email === '') return accept(submitted);
  const nameField = form.fields.find((f) => f.type === 'name') ?? form.fields.find((f) => f.type === 'text');
  const name = nameField ? answerText(nameField, checked.values[nameField.id]).trim() : '';
  const signedUp: NewsletterSignedUp = { type: 'NewsletterSignedUp', data: { submissionId, formId: form.id, email, name, at: now } };
  return accept<FormSubmissionEvent>(submitted, signedUp);
}

export function decideFormSubmission(command: FormSubmissionCommand, state: FormSubmissionState): Decision<FormSubmissionEvent, DomainError> {
  switch (command.type) {
    case 'SubmitForm':
      return submit(command, state);
    case 'DeleteFormSubmission': {
      const { submissionId, formId, now } = command.data;
      if (!state.submitted || state.formId !== formId) return reject(domainError('FORM_SUBMISSION_NOT_FOUND', { submissionId }));
      // Deleting twice is a no-op: the first delete already hid it.
      if (state.deleted) return accept();
      return accept({ type: 'FormSubmissionDeleted', data: { submissionId, formId, at: now } });
    }
    case 'RecordFormNotificationSent': {
      const { submissionId, to, now } = command.data;
      if (!state.submitted || state.notification === 'sent') return accept();
      return accept({ type: 'FormNotificationSent', data: { submissionId, formId: state.formId!, to, at: now } });
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled form submission command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const formDecider: Decider<FormDefinitionCommand, FormState, FormDefinitionEvent, DomainError> = {
  initialState: initialFormState,
  evolve: evolveForm,
  decide: decideForm,
};

export const formSubmissionDecider: Decider<FormSubmissionCommand, FormSubmissionState, FormSubmissionEvent, DomainError> = {
  initialState: initialFormSubmissionState,
  evolve: evolveFormSubmission,
  decide: decideFormSubmission,
};
