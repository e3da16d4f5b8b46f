/**
 * Form events. A form's definition lives on `form-{id}`; every submission is its own stream
 * (`form-submission-{id}`), so submissions never contend with each other or with the owner's edits.
 * Type names are a stored contract: never rename them.
 */
import type { FormDefinition, FormKind } from './definition';
import type { FormValues } from './fields';

export type FormActor = { ownerId?: string; visitorId?: string };

export type FormCreated = { type: 'FormCreated'; data: { formId: string; definition: FormDefinition; at: string } };
export type FormChanged = { type: 'FormChanged'; data: { formId: string; definition: FormDefinition; at: string } };

/** Where on the site the visitor submitted from (SPEC 3 'Form submission payload'). */
export type SubmissionPage = {
  pageTitle?: string;
  pageId?: string;
  contentSource?: 'i' | 'c';
  pagePath?: string;
  pagePermissionTypeValue?: number;
};

export type FormSubmitted = {
  type: 'FormSubmitted';
  data: {
    submissionId: string;
    formId: string;
    kind: FormKind;
    /** The form's version the answers were validated against. */
    formVersion: number;
    /** Validated answers keyed by field id; data, never markup. */
    values: FormValues;
    page: SubmissionPage;
    visitorId: string;
    at: string;
  };
};

/** A newsletter form's submission also signs its email up (same stream, same append). */
export type NewsletterSignedUp = {
  type: 'NewsletterSignedUp';
  data: { submissionId: string; formId: string; email: string; name: string; at: string };
};

export type FormSubmissionDeleted = { type: 'FormSubmissionDeleted'; data: { submissionId: string; formId: string; at: string } };

/**
 * The owner notification of a submission (a worker's side effect, apps/api/src/forms): recorded
 * once the mail is in the mail outbox (which takes it once per submission: its dedupe key).
 */
export type FormNotificationSent = { type: 'FormNotificationSent'; data: { submissionId: string; formId: string; to: string[]; at: string } };

export type FormDefinitionEvent = FormCreated | FormChanged;
export type FormSubmissionEvent = FormSubmitted | NewsletterSignedUp | FormSubmissionDeleted | FormNotificationSent;
export type FormEvent = FormDefinitionEvent | FormSubmissionEvent;

export const FORM_EVENT_TYPES: FormEvent['type'][] = ['FormCreated', 'FormChanged', 'FormSubmitted', 'NewsletterSignedUp', 'FormSubmissionDeleted'];
export const FORM_NOTIFICATION_EVENT_TYPES: FormEvent['type'][] = ['FormNotificationSent'];

export const FORM_STREAM_TYPE = 'form';
export const FORM_SUBMISSION_STREAM_TYPE = 'form-submission';
export const formStreamId = (formId: string) => `form-${formId}`;
export const formSubmissionStreamId = (submissionId: string) => `form-submission-${submissionId}`;
