import type { FormDefinition } from './definition';

export type FormState = { definition: FormDefinition | null };
export const initialFormState = (): FormState => ({ definition: null });

export type FormSubmissionState = { submitted: boolean; deleted: boolean; formId: string | null; notification: 'none' | 'sent' };
export const initialFormSubmissionState = (): FormSubmissionState => ({ submitted: false, deleted: false, formId: null, notification: 'none' });
