import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { FormStore, type VersionedForm } from '../form-store';
import { CreateFormCommand } from './create-form.command';

/** Appends FormCreated on the form's new stream; 409 FORM_ALREADY_EXISTS when the id is taken. */
@CommandHandler(CreateFormCommand)
export class CreateFormHandler implements ICommandHandler<CreateFormCommand, VersionedForm> {
  constructor(private readonly forms: FormStore) {}

  execute({ context, definition }: CreateFormCommand): Promise<VersionedForm> {
    return this.forms.define(context, { type: 'CreateForm', data: { definition, now: new Date().toISOString() } });
  }
}
