import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { formError, type BotCheckAction, type FormDefinition } from '@storefront/domain';
import { BotCheck } from '../../bot-check';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { FormRateLimits } from '../form-rate-limits';
import { FormStore } from '../form-store';
import { SaveFormSubmissionCommand } from './save-form-submission.command';

export type SaveFormSubmissionAnswer = { success: true; submissionMessage?: string; submissionHtml?: string; successRedirect?: string };

const actionOf = (form: FormDefinition): BotCheckAction => (form.kind === 'newsletter' ? 'NEWSLETTER_BLOCK_SUBMISSION' : 'FORM_BLOCK_SUBMISSION');

/**
 * The form (404 FORM_NOT_CONFIGURED; the definition as this process last checked it, see
 * FormStore.forSubmission), the form's rate limit (429), the bot check (401 CAPTCHA_REQUIRED), then
 * SubmitForm on the submission's own new stream: validation (400 FORM_INVALID) and, for a
 * newsletter, the mailing-list sign-up in the same append; a used key finds its stream taken (401).
 */
@CommandHandler(SaveFormSubmissionCommand)
export class SaveFormSubmissionHandler implements ICommandHandler<SaveFormSubmissionCommand, SaveFormSubmissionAnswer> {
  constructor(
    private readonly forms: FormStore,
    private readonly limits: FormRateLimits,
    private readonly botCheck: BotCheck,
  ) {}

  async execute({ context, submissionId, visitorId, request }: SaveFormSubmissionCommand): Promise<SaveFormSubmissionAnswer> {
    const { form, version } = await this.forms.requireForSubmission(request.formId);
    if (!this.limits.form(form.id)) throw new DomainException(formError('FORM_RATE_LIMITED'));
    if (form.captchaMethod !== 'none') {
      if (!request.captchaKey) throw new DomainException(formError('CAPTCHA_REQUIRED'));
      const verdict = await this.botCheck.verify({ method: form.captchaMethod, token: request.captchaKey, action: actionOf(form) });
      if (!verdict.ok) throw new DomainException({ ...formError('CAPTCHA_REQUIRED'), message: verdict.message });
    }
    await this.forms.submit(context, {
      type: 'SubmitForm',
      data: { submissionId, form, formVersion: version, values: request.values, page: request.page, visitorId, now: new Date().toISOString() },
    });
    return {
      success: true,
      ...(form.submissionHTML ? { submissionHtml: form.submissionHTML } : {}),
      ...(form.parsedSubmissionMessage ? { submissionMessage: form.parsedSubmissionMessage } : {}),
      ...(form.successRedirect ? { successRedirect: form.successRedirect } : {}),
    };
  }
}
