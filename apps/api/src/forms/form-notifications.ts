import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  answerText, type FieldValue, type FormDefinition, type FormSubmitted,
} from '@storefront/domain';
import { EVENTS_CHANNEL, type Checkpoint, type Database, type EventStore, type RecordedEvent } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE, EVENT_STORE } from '../infrastructure/database/tokens';
import { InvalidMailMessage, Mailer, type MailMessage } from '../mail';
import { RecordFormNotificationSentCommand } from './commands/record-form-notification-sent.command';
import { FormStore, type VersionedForm } from './form-store';

const rowsPosition = (rows: { global_position: string }[]) => Number(rows[0]?.global_position ?? 0);

const CHECKPOINT = 'form-notifications';
const BATCH = 50;
const IDLE_POLL_MS = 1000;
const RETRY_MS = 2000;

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
export class FormNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FormNotifications');
  private stopped = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly forms: FormStore,
    private readonly mailer: Mailer,
    private readonly commands: CommandBus,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.role === 'api') return;
    await this.db.query(`INSERT INTO checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [CHECKPOINT]);
    this.unlisten = await this.db.listen(EVENTS_CHANNEL, () => this.wake?.());
    this.loop = this.run();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.unlisten?.().catch(() => undefined);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let pause = 0;
      try {
        const more = await this.once();
        if (!more) pause = IDLE_POLL_MS;
      } catch (e) {
        this.logger.warn(`notification not sent, retrying: ${e instanceof Error ? e.message : String(e)}`);
        pause = RETRY_MS;
      }
      if (pause > 0 && !this.stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  /** Handles the next batch; true when there may be more right away. A failed send throws, the checkpoint stays before it. */
  async once(): Promise<boolean> {
    const { rows } = await this.db.query<{ transaction_id: string; global_position: string }>(
      `SELECT transaction_id::text AS transaction_id, global_position FROM checkpoints WHERE name = $1`,
      [CHECKPOINT],
    );
    let checkpoint: Checkpoint = { transactionId: rows[0]?.transaction_id ?? '0', globalPosition: Number(rows[0]?.global_position ?? 0) };
    const batch = await this.store.readAll({ after: checkpoint, limit: BATCH, eventTypes: ['FormSubmitted'] });
    // Each form once per batch; the checkpoint moves once per batch, or to the last handled event on a failure.
    const forms = new Map<string, Promise<VersionedForm | null>>();
    try {
      for (const event of batch.events) {
        if (this.stopped) return false;
        const { formId } = event.data as FormSubmitted['data'];
        if (!forms.has(formId)) forms.set(formId, this.forms.load(formId));
        await this.handle(event, await forms.get(formId)!);
        checkpoint = { transactionId: event.transactionId, globalPosition: event.globalPosition };
      }
    } catch (e) {
      if (batch.events.length > 0) await this.save(checkpoint);
      throw e;
    }
    if (batch.checkpoint.globalPosition !== rowsPosition(rows) || batch.events.length > 0) await this.save(batch.checkpoint);
    return batch.scanned >= BATCH;
  }

  private async save(checkpoint: Checkpoint): Promise<void> {
    await this.db.query(
      `UPDATE checkpoints SET transaction_id = $2::xid8, global_position = $3, updated_at = now() WHERE name = $1`,
      [CHECKPOINT, checkpoint.transactionId, checkpoint.globalPosition],
    );
  }

  private async handle(event: RecordedEvent, loaded: VersionedForm | null): Promise<void> {
    const submission = event.data as FormSubmitted['data'];
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
