import { ownerApi } from '../../app/api';

export type MailStatus = 'queued' | 'sending' | 'sent' | 'held' | 'failed';

/** One message of GET /api/config/mail-outbox (apps/api/src/mail/mail-outbox.store.ts OutboxMessage). */
export type OutboxMessage = {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};
export type OutboxPage = { messages: OutboxMessage[]; page: number; pageSize: number; total: number };

/** The mail outbox (permission mail.view) and its Retry (mail.manage). */
export const mailApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    listMailOutbox: build.query<OutboxPage, number>({ query: (page) => `config/mail-outbox?page=${page}`, providesTags: ['Mail'] }),
    retryMail: build.mutation<{ message: OutboxMessage }, string>({
      query: (id) => ({ url: `config/mail-outbox/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      // Refetched after a 409 too: someone else's retry (or the sender) moved it on.
      invalidatesTags: ['Mail'],
    }),
  }),
});

export const { useListMailOutboxQuery, useRetryMailMutation } = mailApi;
