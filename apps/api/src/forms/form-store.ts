import { Inject, Injectable } from '@nestjs/common';
import {
  FORM_STREAM_TYPE, FORM_SUBMISSION_STREAM_TYPE, formDecider, formError, formStreamId, formSubmissionDecider, formSubmissionStreamId,
  type FormDefinition, type FormDefinitionCommand, type FormDefinitionEvent, type FormSubmissionCommand, type FormSubmissionState,
} from '@storefront/domain';
import { foldEvents, type CommandContext, type EventStore, type RecordedEvent } from '@storefront/eventstore';
import { CommandExecutor, type BasedOn } from '../infrastructure/command-executor';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';

export type VersionedForm = { form: FormDefinition; version: number };

/**
 * The forms' streams: a form's definition (`form-{id}`, read with its version for If-Match, kept
 * in memory and checked against the stream's version on each read) and each submission's own
 * stream (`form-submission-{id}`, new for each key, so submissions never contend).
 */
@Injectable()
export class FormStore {
  private readonly cache = new Map<string, VersionedForm>();

  constructor(
    private readonly executor: CommandExecutor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The form as its stream has it now, or null. One version query when cached. */
  async load(formId: string): Promise<VersionedForm | null> {
    const streamId = formStreamId(formId);
    const version = await this.store.streamVersion(streamId);
    if (version === 0) return null;
    const cached = this.cache.get(formId);
    if (cached && cached.version === version) return cached;
    const events: RecordedEvent[] = await this.store.readStream(streamId);
    const state = foldEvents<{ definition: FormDefinition | null }, FormDefinitionEvent>(formDecider, formDecider.initialState(), events);
    if (!state.definition) return null;
    const loaded = { form: state.definition, version: events[events.length - 1]!.streamPosition };
    this.remember(formId, loaded);
    return loaded;
  }

  /** The form or 404 'This form has not been configured yet.' */
  async require(formId: string): Promise<VersionedForm> {
    const found = await this.load(formId);
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
    this.remember(formId, saved);
    return saved;
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

  private remember(formId: string, form: VersionedForm): void {
    if (this.cache.size >= 1000) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(formId, form);
  }
}
