import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { FormStore, type VersionedForm } from '../form-store';
import { ChangeFormCommand } from './change-form.command';

/** Appends FormChanged (nothing when the definition is the same); 409 EDIT_CONFLICT on a stale If-Match. */
@CommandHandler(ChangeFormCommand)
export class ChangeFormHandler implements ICommandHandler<ChangeFormCommand, VersionedForm> {
  constructor(private readonly forms: FormStore) {}

  execute({ context, definition, expectedVersion }: ChangeFormCommand): Promise<VersionedForm> {
    return this.forms.define(context, { type: 'ChangeForm', data: { definition, now: new Date().toISOString() } }, { expectedVersion });
  }
}
