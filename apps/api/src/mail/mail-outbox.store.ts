import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import { DATABASE } from '../infrastructure/database/tokens';
import type { MailMessage } from './mail-message';

export type MailStatus = 'queued' | 'sending' | 'sent' | 'held' | 'failed';

/** One message of the outbox as the owner reads it (GET /api/config/mail-outbox). */
export type OutboxMessage = MailMessage & {
  id: string;
  status: MailStatus;
  attempts: number;
  /** When a queued message is tried next (or a sending one's claim runs out). */
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** A message a sender has claimed: it is 'sending' and this is attempt number `attempts`. */
export type ClaimedMail = MailMessage & { id: string; attempts: number };

type Row = {
  id: string;
  recipients: string[] | string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Date | string | null;
  last_error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
};

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const recipientsOf = (value: string[] | string): string[] => (typeof value === 'string' ? (JSON.parse(value) as string[]) : value);
const messageOf = (row: Row): MailMessage => ({
  to: recipientsOf(row.recipients),
  subject: row.subject,
  text: row.text_body,
  ...(row.html_body !== null ? { html: row.html_body } : {}),
  ...(row.reply_to !== null ? { replyTo: row.reply_to } : {}),
});

const COLUMNS = 'id, recipients, subject, text_body, html_body, reply_to, status, attempts, next_attempt_at, last_error, created_at, sent_at';
const outboxMessageOf = (row: Row): OutboxMessage => ({
  id: row.id,
  ...messageOf(row),
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: iso(row.next_attempt_at),
  lastError: row.last_error,
  createdAt: iso(row.created_at)!,
  sentAt: iso(row.sent_at),
});

/** How long a sender may hold a claimed message before another sender may try it again (MAIL_CLAIM_SECONDS' default). */
export const CLAIM_SECONDS = 120;
/** An error kept with a message is cut to this length. */
const ERROR_MAX_LENGTH = 1000;

/**
 * The `mail_outbox` table (migration `api/002-mail-outbox-and-bot-check`): the durable queue of
 * outgoing mail and the local outbox the owner reads. Every state change is one conditional
 * UPDATE, so two senders (two worker processes, or one whose claim ran out) never both record an
 * outcome for the same attempt.
 */
@Injectable()
export class MailOutboxStore {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Writes a checked message: 'queued' (due now) to be sent, or 'held' in the local outbox. With a
   * `dedupeKey` already used, nothing is written and `queued` is false.
   */
  async insert(message: MailMessage, status: 'queued' | 'held', dedupeKey?: string): Promise<{ id: string; queued: boolean }> {
    const id = randomUUID();
    const { rowCount } = await this.db.query(
      `INSERT INTO mail_outbox (id, dedupe_key, recipients, subject, text_body, html_body, reply_to, status, next_attempt_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, CASE WHEN $8 = 'queued' THEN now() END)
       ON CONFLICT (dedupe_key) DO NOTHING`,
      [id, dedupeKey ?? null, JSON.stringify(message.to), message.subject, message.text, message.html ?? null, message.replyTo ?? null, status],
    );
    return { id, queued: rowCount === 1 };
  }

  /** Claims the message due first (queued and due, or sending past its claim), counting the attempt; null when none is due. */
  async claimDue(claimSeconds: number = CLAIM_SECONDS): Promise<ClaimedMail | null> {
    if (!Number.isSafeInteger(claimSeconds) || claimSeconds < 1) throw new Error(`claimSeconds must be a whole number of seconds, not ${claimSeconds}`);
    const { rows } = await this.db.query<Row>(
      `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1,
         next_attempt_at = now() + make_interval(secs => ${claimSeconds}), updated_at = now()
       WHERE id = (
         SELECT id FROM mail_outbox
         WHERE status IN ('queued', 'sending') AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, recipients, subject, text_body, html_body, reply_to, status, attempts, next_attempt_at, last_error, created_at, sent_at`,
    );
    const row = rows[0];
    return row ? { id: row.id, attempts: row.attempts, ...messageOf(row) } : null;
  }

  /** Attempt `attempt` delivered it. */
  async markSent(claimed: ClaimedMail, smtpResponse: string): Promise<void> {
    await this.db.query(
      `UPDATE mail_outbox SET status = 'sent', sent_at = now(), updated_at = now(), next_attempt_at = NULL, last_error = NULL, smtp_response = $3
       WHERE id = $1 AND status = 'sending' AND attempts = $2`,
      [claimed.id, claimed.attempts, smtpResponse.slice(0, ERROR_MAX_LENGTH)],
    );
  }

  /** Attempt `attempt` failed: try again after `retryInMs`, or (null) give up and mark it failed. */
  async markFailed(claimed: ClaimedMail, error: string, retryInMs: number | null): Promise<void> {
    await this.db.query(
      `UPDATE mail_outbox SET
         status = CASE WHEN $4::double precision IS NULL THEN 'failed' ELSE 'queued' END,
         next_attempt_at = CASE WHEN $4::double precision IS NULL THEN NULL ELSE now() + make_interval(secs => $4::double precision / 1000) END,
         last_error = $3, updated_at = now()
       WHERE id = $1 AND status = 'sending' AND attempts = $2`,
      [claimed.id, claimed.attempts, error.slice(0, ERROR_MAX_LENGTH), retryInMs],
    );
  }

  /**
   * Queues a failed message again, due now (the owner's Retry): one conditional UPDATE, so of two
   * retries at once one requeues it and the other finds it queued. Its attempts and last error
   * stay (a success clears the error); past MAIL_MAX_ATTEMPTS it gets this one attempt.
   */
  async retry(id: string): Promise<{ outcome: 'requeued'; message: OutboxMessage } | { outcome: 'not-found' } | { outcome: 'not-failed'; status: MailStatus }> {
    const { rows } = await this.db.query<Row>(
      `UPDATE mail_outbox SET status = 'queued', next_attempt_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'failed'
       RETURNING ${COLUMNS}`,
      [id],
    );
    if (rows[0]) return { outcome: 'requeued', message: outboxMessageOf(rows[0]) };
    const found = await this.db.query<{ status: MailStatus }>('SELECT status FROM mail_outbox WHERE id = $1', [id]);
    return found.rows[0] ? { outcome: 'not-failed', status: found.rows[0].status } : { outcome: 'not-found' };
  }

  /** A page of the outbox, newest first, and how many messages it holds in all. */
  async page(offset: number, limit: number): Promise<{ messages: OutboxMessage[]; total: number }> {
    const [{ rows }, count] = [
      await this.db.query<Row>(
        `SELECT ${COLUMNS} FROM mail_outbox ORDER BY position DESC LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      await this.db.query<{ total: string | number }>('SELECT count(*) AS total FROM mail_outbox'),
    ];
    return { total: Number(count.rows[0]?.total ?? 0), messages: rows.map(outboxMessageOf) };
  }
}
