import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailOutboxStore, type ClaimedMail } from './mail-outbox.store';

/** The longest wait between two attempts at one message. */
export const MAIL_RETRY_MAX_MS = 60 * 60 * 1000;

/** The wait after failed attempt number `attempt` (1-based): base, 2×base, 4×base… up to an hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(MAIL_RETRY_MAX_MS, baseMs * 2 ** Math.min(30, Math.max(0, attempt - 1)));
}

/** A refusal that trying again cannot fix: the server answered with a 5xx code. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}

/**
 * Delivers queued mail over SMTP (SMTP_URL, through nodemailer, on pooled connections), at most
 * MAIL_SEND_CONCURRENCY messages at once per process. Runs in ROLE=all and ROLE=worker
 * processes: it looks every MAIL_POLL_INTERVAL_MS, and at once after a send in this process. Each
 * message is claimed in the database first (so processes share the work and a crashed sender's
 * message is tried again once its claim runs out), then sent, then its outcome recorded: sent; a
 * permanent refusal (5xx) or the last allowed attempt: failed, with the error; anything else
 * (server down, 4xx, timeout): tried again after `retryDelayMs`.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MailSender');
  private transport: Transporter | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  /** While a pass runs: starts senders until MAIL_SEND_CONCURRENCY are at work. */
  private topUp: (() => void) | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: MailOutboxStore,
  ) {}

  /** Whether this process delivers mail (an SMTP server is configured and it is not an HTTP-only process). */
  get active(): boolean {
    return this.config.mail.smtpUrl !== undefined && this.config.role !== 'api';
  }

  onApplicationBootstrap() {
    if (this.active && this.config.mail.pollIntervalMs > 0) this.schedule(Math.min(this.config.mail.pollIntervalMs, 500));
  }

  async onApplicationShutdown() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    this.transport?.close();
  }

  /**
   * Resolves once no message is due and this process sends none: a delivery pass that looked
   * after the call found nothing more (it runs one, or joins the one running, which looks once
   * more). Mail waiting for a later retry is not due. What a test awaits to show that no more mail
   * goes out, instead of sleeping. At once in a process that does not deliver mail.
   */
  async idle(): Promise<void> {
    if (!this.active) return;
    await this.deliverDue();
  }

  /** Look for due mail now (after a send), without waiting for it. */
  kick(): void {
    if (!this.active || this.stopped) return;
    void this.deliverDue().catch((error: unknown) => this.logger.warn(`mail delivery pass failed: ${describe(error)}`));
  }

  /**
   * Sends every message due now, MAIL_SEND_CONCURRENCY at a time (1: one after another); resolves
   * with how many attempts were made. A call while a pass is running shares its result: it starts
   * senders up to MAIL_SEND_CONCURRENCY again (a sender that found nothing due has ended, and mail
   * queued since would otherwise wait for the one still sending), and makes the pass look once more
   * before it ends.
   */
  deliverDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      this.topUp?.();
      return this.running;
    }
    this.running = (async () => {
      let attempts = 0;
      let failure: { error: unknown } | null = null;
      const senders = new Set<Promise<void>>();
      const send = async () => {
        for (let claimed = await this.outbox.claimDue(this.config.mail.claimSeconds); claimed && !this.stopped; claimed = await this.outbox.claimDue(this.config.mail.claimSeconds)) {
          attempts += 1;
          await this.attempt(claimed);
        }
      };
      this.topUp = () => {
        while (senders.size < this.config.mail.sendConcurrency && !this.stopped && !failure) {
          const sender: Promise<void> = send()
            .catch((error: unknown) => void (failure ??= { error }))
            .finally(() => senders.delete(sender));
          senders.add(sender);
        }
      };
      try {
        do {
          this.again = false;
          this.topUp();
          // Each sender claims the next due message until none is left.
          while (senders.size > 0) await Promise.race(senders);
          // A sender's failure (the database) ends the pass once the others have ended.
          if (failure) throw (failure as { error: unknown }).error;
        } while (this.again && !this.stopped);
      } finally {
        this.topUp = null;
        this.running = null;
      }
      return attempts;
    })();
    return this.running;
  }

  private async attempt(claimed: ClaimedMail): Promise<void> {
    let info: { response?: string; messageId?: string };
    try {
      info = (await this.transporter().sendMail({
        from: this.config.mail.from,
        to: claimed.to,
        subject: claimed.subject,
        text: claimed.text,
        ...(claimed.html !== undefined ? { html: claimed.html } : {}),
        ...(claimed.replyTo !== undefined ? { replyTo: claimed.replyTo } : {}),
        // The outbox row's id: a server that sees the same message twice (a retry after a lost answer) can tell.
        messageId: `<${claimed.id}@storefront.mail>`,
        disableFileAccess: true,
        disableUrlAccess: true,
      })) as { response?: string; messageId?: string };
    } catch (error) {
      const permanent = isPermanentFailure(error);
      const last = claimed.attempts >= this.config.mail.maxAttempts;
      const retryIn = permanent || last ? null : retryDelayMs(claimed.attempts, this.config.mail.retryBaseMs);
      this.logger.warn(`mail ${claimed.id} attempt ${claimed.attempts} failed${retryIn === null ? ' for good' : `, again in ${retryIn} ms`}: ${describe(error)}`);
      await this.outbox.markFailed(claimed, describe(error), retryIn);
      return;
    }
    await this.outbox.markSent(claimed, info.response ?? '');
  }

  private transporter(): Transporter {
    // One options object: given as a URL string, nodemailer takes its options from the URL alone
    // (a second argument is the messages' defaults), and the pool below would be ignored.
    this.transport ??= createTransport({
      url: this.config.mail.smtpUrl!,
      // Connections kept open and reused (one per concurrent sender): no connect and greeting per
      // message (a receiving server may wait before its greeting: smtp-server waits 100 ms).
      pool: true,
      maxConnections: this.config.mail.sendConcurrency,
      maxMessages: 1000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof createTransport>[0]);
    return this.transport;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.deliverDue()
        .catch((error: unknown) => this.logger.warn(`mail delivery pass failed: ${describe(error)}`))
        .finally(() => this.schedule(this.config.mail.pollIntervalMs));
    }, delayMs);
    this.timer.unref();
  }
}
