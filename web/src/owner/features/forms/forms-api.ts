import type { FormDefinition } from '@storefront/domain/forms/definition';
import { ownerApi } from '../../app/api';
import { basedOn } from '../../app/if-match';

export type { FormDefinition };

/** GET /api/config/forms/{id}, POST and PUT answers: the definition and its stream version. */
export type VersionedFormView = { form: FormDefinition; version: number };
export type FormListEntry = { id: string; name: string; kind: string; version: number; updatedAt: string; submissions: number };
export type FormSubmissionRow = { id: string; submittedAt: string; page: Record<string, unknown>; answers: { fieldId: string; title: string; text: string }[] };
export type FormSubmissionsPage = { formId: string; page: number; pageSize: number; total: number; submissions: FormSubmissionRow[] };
export type MailingListEntry = { email: string; name: string; formId: string; signedUpAt: string; lastSignedUpAt: string };
export type MailingListPage = { page: number; pageSize: number; total: number; entries: MailingListEntry[] };

/** The form builder's calls (issue 14's owner routes). Endpoint names carry "Form" so no other feature's clash. */
export const formsApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    listOwnerForms: build.query<{ forms: FormListEntry[] }, void>({ query: () => 'config/forms', providesTags: ['Form'] }),
    getOwnerForm: build.query<VersionedFormView, string>({ query: (id) => `config/forms/${encodeURIComponent(id)}`, providesTags: ['Form'] }),
    createOwnerForm: build.mutation<VersionedFormView, Partial<FormDefinition>>({
      query: (body) => ({ url: 'config/forms', method: 'POST', body }),
      invalidatesTags: ['Form'],
    }),
    /** The whole definition, based on `version` (If-Match): 409/412 when someone saved since. */
    saveOwnerForm: build.mutation<VersionedFormView, { form: FormDefinition; version: number | null }>({
      query: ({ form, version }) => ({ url: `config/forms/${encodeURIComponent(form.id)}`, method: 'PUT', body: form, headers: basedOn(version) }),
      invalidatesTags: ['Form'],
    }),
    listFormSubmissions: build.query<FormSubmissionsPage, { formId: string; page: number }>({
      query: ({ formId, page }) => `config/forms/${encodeURIComponent(formId)}/submissions?page=${page}`,
      providesTags: ['Form'],
    }),
    deleteFormSubmission: build.mutation<{ deleted: true }, { formId: string; submissionId: string }>({
      query: ({ formId, submissionId }) => ({ url: `config/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(submissionId)}`, method: 'DELETE' }),
      invalidatesTags: ['Form'],
    }),
    listMailingList: build.query<MailingListPage, number>({ query: (page) => `config/mailing-list?page=${page}`, providesTags: ['Form'] }),
  }),
});

export const {
  useListOwnerFormsQuery, useGetOwnerFormQuery, useCreateOwnerFormMutation, useSaveOwnerFormMutation,
  useListFormSubmissionsQuery, useDeleteFormSubmissionMutation, useListMailingListQuery,
} = formsApi;

/** Where the CSV export downloads from (a plain link: the browser sends the session cookie). */
export const submissionsCsvUrl = (formId: string) => `/api/config/forms/${encodeURIComponent(formId)}/submissions.csv`;
