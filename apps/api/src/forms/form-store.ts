import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  FORM_STREAM_TYPE, FORM_SUBMISSION_STREAM_TYPE, formDecider, formError, formStreamId, formSubmissionDecider, formSubmissionStreamId,
  type FormDefinition, type FormDefinitionCommand, type FormDefinitionEvent, type FormSubmissionCommand, type FormSubmissionState, type SubmitForm,
} from '@storefront/domain';
import { EVENTS_CHANNEL, foldEvents, parseEventsNotification, type CommandContext, type Database, type EventStore, type RecordedEvent } from '@storefront/eventstore';
import { CommandExecutor, type BasedOn } from '../infrastructure/command-executor';
import { DATABASE, EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';
import { NewStreamCommits } from '../infrastructure/new-stream-commits';

export type VersionedForm = { form: FormDefinition; version: number };

/**
 * How long a visitor's call (validate, SaveFormSubmission) may use a form definition this process
 * checked against the form's stream without checking it again. Within it a change made by another
 * process is normally seen at once (its NOTIFY on the events channel drops the entry); this bound
 * covers a notification lost while the listener reconnects. Owner routes always check.
 */
export const FORM_DEFINITION_MAX_AGE_MS = 1000;
const MAX_CACHED_FORMS = 1000;
const FORM_STREAM_PREFIX = formStreamId('');
const SUBMISSION_STREAM_PREFIX = formSubmissionStreamId('');

type CachedForm = VersionedForm & { checkedAt: number };

/**
 * The forms' streams: a form's definition (`form-{id}`, read with its version for If-Match, kept
 * in memory and checked against the stream's version) and each submission's own stream
 * (`form-submission-{id}`, new for each key, so submissions never contend). Written only by the
 * forms' command handlers (commands/).
 */
@Injectable()
export class FormStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FormStore');
  private readonly cache = new Map<string, CachedForm>();
  /** Version checks in flight for visitors' calls: concurrent calls on one form share one query. */
  private readonly checking = new Map<string, Promise<VersionedForm | null>>();
  /** Moves on every notification of a form stream: a check that started before one may not be trusted for long. */
  private invalidations = 0;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly commits: NewStreamCommits;

  constructor(
    private readonly executor: CommandExecutor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Optional() @Inject(DATABASE) private readonly db?: Database,
  ) {
    this.commits = new NewStreamCommits(store);
  }

  private now(): number {
    return Date.now();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.db) return;
    try {
      this.unlisten = await this.db.listen(EVENTS_CHANNEL, (payload) => this.onAppended(parseEventsNotification(payload).streamId));
    } catch (e) {
      // Without notifications the cache still holds entries for FORM_DEFINITION_MAX_AGE_MS at most.
      this.logger.warn(`form definition changes are not listened to: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
  }

  /** The form as its stream has it now, or null: one version query (and a read when the cached definition is behind). */
  async load(formId: string): Promise<VersionedForm | null> {
    return this.check(formId);
  }

  /** The form or 404 'This form has not been configured yet.', as its stream has it now. */
  async require(formId: string): Promise<VersionedForm> {
    const found = await this.load(formId);
    if (!found) throw new DomainException(formError('FORM_NOT_CONFIGURED', { formId }));
    return found;
  }

  /**
   * The form for a visitor's call, or 404: the definition this process last checked when that was
   * under FORM_DEFINITION_MAX_AGE_MS ago and no change was notified since (no round trip), else
   * checked again (one version query shared by the calls that wait on it).
   */
  async requireForSubmission(formId: string): Promise<VersionedForm> {
    const cached = this.cache.get(formId);
    let found: VersionedForm | null;
    if (cached && this.now() - cached.checkedAt < FORM_DEFINITION_MAX_AGE_MS) {
      found = { form: cached.form, version: cached.version };
    } else {
      let pending = this.checking.get(formId);
      if (!pending) {
        pending = this.check(formId).finally(() => this.checking.delete(formId));
        this.checking.set(formId, pending);
      }
      found = await pending;
    }
    if (!found) throw new DomainException(formError('FORM_NOT_CONFIGURED', { formId }));
    return found;
  }

  async define(context: CommandContext, command: FormDefinitionCommand, basedOn: BasedOn = {}): Promise<VersionedForm> {
    const formId = command.data.definition.id;
    const result = await this.executor.execute({
      streamId: formStreamId(formId), streamType: FORM_STREAM_TYPE, decider: formDecider, command, context, ...basedOn,
    });
    if (!result.ok) throw new DomainException(result.error);
    const saved = { form: result.state.definition!, version: result.version };
    this.remember(formId, saved, this.now());
    return saved;
  }

  /**
   * A visitor's submission on its own new stream, never read first (a used key's stream makes the
   * append conflict and the submission be decided again on it). An accepted one is committed
   * together with the submissions that arrive meanwhile (NewStreamCommits). A refused one (its
   * answers invalid), and one sent with an Idempotency-Key (a retry must find its first append),
   * go alone through the executor as any command, which reads the stream before answering.
   */
  async submit(context: CommandContext, command: SubmitForm): Promise<void> {
    const { submissionId } = command.data;
    if (context.commandIdIsNew && formSubmissionDecider.decide(command, formSubmissionDecider.initialState()).ok) {
      const target = { streamId: formSubmissionStreamId(submissionId), streamType: FORM_SUBMISSION_STREAM_TYPE, decider: formSubmissionDecider, context, newStream: true };
      const accepted = await this.commits.run(async (batch) => (await batch.decide(target, command)).ok);
      // Refused only when the stream turned out to have its submission already (the key was used): answered below.
      if (accepted) return;
    }
    await this.submission(context, submissionId, command, { newStream: true });
  }

  async submission(context: CommandContext, submissionId: string, command: FormSubmissionCommand, options: { newStream?: boolean } = {}): Promise<FormSubmissionState> {
    return (await this.submissionResult(context, submissionId, command, options)).state;
  }

  /** As `submission`, with the events it appended (none for a no-op). */
  async submissionResult(
    context: CommandContext,
    submissionId: string,
    command: FormSubmissionCommand,
    options: { newStream?: boolean } = {},
  ): Promise<{ state: FormSubmissionState; events: RecordedEvent[] }> {
    const result = await this.executor.execute({
      streamId: formSubmissionStreamId(submissionId), streamType: FORM_SUBMISSION_STREAM_TYPE, decider: formSubmissionDecider, command, context,
      newStream: options.newStream ?? false,
    });
    if (!result.ok) throw new DomainException(result.error);
    return { state: result.state, events: result.events };
  }

  /** The stream's version now; the cached definition when it is at that version, else the stream read and folded. */
  private async check(formId: string): Promise<VersionedForm | null> {
    const startedAt = this.now();
    const invalidations = this.invalidations;
    const streamId = formStreamId(formId);
    const version = await this.store.streamVersion(streamId);
    // A change notified while the query ran may be newer than what it saw: use the answer, but check again next time.
    const checkedAt = invalidations === this.invalidations ? startedAt : -Infinity;
    if (version === 0) {
      this.cache.delete(formId);
      return null;
    }
    const cached = this.cache.get(formId);
    if (cached && cached.version === version) {
      if (checkedAt > cached.checkedAt) cached.checkedAt = checkedAt;
      return { form: cached.form, version };
    }
    const events: RecordedEvent[] = await this.store.readStream(streamId);
    const state = foldEvents<{ definition: FormDefinition | null }, FormDefinitionEvent>(formDecider, formDecider.initialState(), events);
    if (!state.definition) return null;
    const loaded = { form: state.definition, version: events[events.length - 1]!.streamPosition };
    this.remember(formId, loaded, checkedAt);
    return loaded;
  }

  /** A notification of an append (its payload is the stream id): a form's own stream drops its cached definition's freshness. */
  private onAppended(streamId: string): void {
    if (!streamId.startsWith(FORM_STREAM_PREFIX)) return;
    const cached = this.cache.get(streamId.slice(FORM_STREAM_PREFIX.length));
    // Submissions' streams share the prefix: they move nothing (unless a cached form's id makes its stream look like one).
    if (!cached && streamId.startsWith(SUBMISSION_STREAM_PREFIX)) return;
    this.invalidations++;
    if (cached) cached.checkedAt = -Infinity;
  }

  private remember(formId: string, form: VersionedForm, checkedAt: number): void {
    const previous = this.cache.get(formId);
    // A slower check must not replace a newer version (an owner's save in this process, a faster check).
    if (previous && previous.version > form.version) return;
    if (!previous && this.cache.size >= MAX_CACHED_FORMS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(formId, { ...form, checkedAt });
  }
}
