import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  answerText, type FieldValue, type FormDefinition, type FormSubmitted,
} from '@storefront/domain';
import type { Database, EventStore, RecordedEvent } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE, EVENT_STORE } from '../infrastructure/database/tokens';
import { EventFollower } from '../infrastructure/event-follower';
import { InvalidMailMessage, Mailer, type MailMessage } from '../mail';
import { RecordFormNotificationSentCommand } from './commands/record-form-notification-sent.command';
import { FormStore, type VersionedForm } from './form-store';

const CHECKPOINT = 'form-notifications';
const BATCH = 50;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** A header line (subject): no line breaks, bounded. */
const oneLine = (s: string, max = 200) => s.replace(/[\r\n\t]+/g, ' ').slice(0, max);

/** The owner's email for one submission: every answer as text, and in HTML escaped. */
export function notificationMessage(form: FormDefinition, submission: FormSubmitted['data']): MailMessage {
  const answered = form.fields.filter((f) => f.type !== 'section');
  const rows = answered.map((f) => ({ title: f.title || f.id, text: answerText(f, submission.values[f.id] as FieldValue | undefined) }));
  const subject = oneLine(form.storage.emailSubject.trim() || `New submission: ${form.name}`);
  const where = submission.page.pagePath ? `Sent from ${submission.page.pagePath} at ${submission.at}` : `Sent at ${submission.at}`;
  const text = [`${form.name}`, '', ...rows.map((r) => `${r.title}: ${r.text}`), '', where].join('\n');
  const html =
    `<h1>${escapeHtml(form.name)}</h1><table>` +
    rows.map((r) => `<tr><th align="left" valign="top">${escapeHtml(r.title)}</th><td>${escapeHtml(r.text).replace(/\n/g, '<br>')}</td></tr>`).join('') +
    `</table><p>${escapeHtml(where)}</p>`;
  const emailField = form.fields.find((f) => f.type === 'email');
  const replyTo = emailField ? answerText(emailField, submission.values[emailField.id] as FieldValue | undefined) : '';
  return { to: form.storage.notificationEmails, subject, text, html, ...(replyTo ? { replyTo } : {}) };
}

/**
 * The owner notification email of each submission (issue 14): a worker that follows FormSubmitted
 * in the log from its own checkpoint (row `form-notifications` of `checkpoints`), hands the mail to
 * the Mailer (a durable outbox: SMTP when SMTP_URL is set, else the owner's local outbox), records
 * FormNotificationSent on the submission's stream, then moves its checkpoint. At least once (the
 * checkpoint moves only after the outbox has the mail; a failure retries), never twice for one
 * event (the outbox's dedupe key per submission), never from a projection or a rebuild. Runs where
 * projections run (not ROLE=api).
 */
@Injectable()
export class FormNotifications extends EventFollower {
  /** Each form looked up once per batch. */
  private forms = new Map<string, Promise<VersionedForm | null>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_STORE) store: EventStore,
    private readonly formStore: FormStore,
    private readonly mailer: Mailer,
    private readonly commands: CommandBus,
  ) {
    super(CHECKPOINT, ['FormSubmitted'], BATCH, config, db, store);
  }

  protected beginBatch(): void {
    this.forms = new Map();
  }

  protected async handle(event: RecordedEvent): Promise<void> {
    const submission = event.data as FormSubmitted['data'];
    if (!this.forms.has(submission.formId)) this.forms.set(submission.formId, this.formStore.load(submission.formId));
    const loaded = await this.forms.get(submission.formId)!;
    if (!loaded || loaded.form.storage.notificationEmails.length === 0) return;
    const context = () => ({
      commandId: randomUUID(), commandIdIsNew: true, correlationId: event.metadata?.correlationId ?? event.eventId, causationId: event.eventId,
      actor: { kind: 'system' as const, id: 'form-notifications' }, requestId: `form-notification-${submission.submissionId}`,
    });
    const message = notificationMessage(loaded.form, submission);
    // The outbox takes one mail per submission (its dedupe key): handling the event again never mails twice.
    try {
      await this.mailer.send(message, { dedupeKey: `form-notification:${submission.submissionId}` });
    } catch (e) {
      // A message the mail refuses outright (an owner address it will not take) never gets better: skip it.
      if (!(e instanceof InvalidMailMessage)) throw e;
      this.logger.error(`notification of submission ${submission.submissionId} not sent: ${e.message}`);
      return;
    }
    await this.commands.execute(new RecordFormNotificationSentCommand(context(), submission.submissionId, message.to));
  }
}
