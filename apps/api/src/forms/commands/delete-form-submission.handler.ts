import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { domainError } from '@storefront/domain';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { FormStore } from '../form-store';
import { DeleteFormSubmissionCommand } from './delete-form-submission.command';

const SUBMISSION_ID = /^[0-9a-f-]{36}$/;

/** 404 FORM_SUBMISSION_NOT_FOUND for an id that cannot be a submission's or is another form's; deleting twice is a no-op. */
@CommandHandler(DeleteFormSubmissionCommand)
export class DeleteFormSubmissionHandler implements ICommandHandler<DeleteFormSubmissionCommand, { deleted: true }> {
  constructor(private readonly forms: FormStore) {}

  async execute({ context, formId, submissionId }: DeleteFormSubmissionCommand): Promise<{ deleted: true }> {
    if (!SUBMISSION_ID.test(submissionId)) throw new DomainException(domainError('FORM_SUBMISSION_NOT_FOUND', { submissionId: submissionId.slice(0, 100) }));
    await this.forms.submission(context, submissionId, { type: 'DeleteFormSubmission', data: { submissionId, formId, now: new Date().toISOString() } });
    return { deleted: true };
  }
}
