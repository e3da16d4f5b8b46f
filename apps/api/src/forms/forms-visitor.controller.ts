import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { formError, parseSaveFormSubmission, validateFormValues } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { DomainException } from '../infrastructure/http/domain-exception';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { SaveFormSubmissionCommand } from './commands/save-form-submission.command';
import type { SaveFormSubmissionAnswer } from './commands/save-form-submission.handler';
import { FormRateLimits } from './form-rate-limits';
import { FormStore } from './form-store';
import { FormVisitors } from './form-visitors';

export type { SaveFormSubmissionAnswer } from './commands/save-form-submission.handler';

/**
 * SPEC 7's form calls, for visitors (issue 14's contract): validate, get a submission key, save
 * (SaveFormSubmissionCommand through the CommandBus, after the visitor's rate limit and key check).
 * Errors answer SPEC 8's statuses: 400 with errors by field id, 401 (bad or used key), 404 (no such
 * form), 429 (rate limit).
 */
@Controller('api')
export class FormsVisitorController {
  constructor(
    private readonly commands: CommandBus,
    private readonly forms: FormStore,
    private readonly visitors: FormVisitors,
    private readonly limits: FormRateLimits,
  ) {}

  @Post('rest/forms/validate/:formId')
  @HttpCode(200)
  async validate(@Req() req: AppRequest, @Param('formId') formId: string, @Body() body: unknown): Promise<Record<string, never>> {
    if (!this.limits.call(this.visitors.limitKey(req))) throw new DomainException(formError('FORM_RATE_LIMITED'));
    const { form } = await this.forms.requireForSubmission(formId);
    const checked = validateFormValues(form, body);
    if (!checked.ok) throw new DomainException(formError('FORM_INVALID', { errors: checked.errors }));
    return {};
  }

  @Post('form/FormSubmissionKey')
  @HttpCode(200)
  key(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply): { key: string } {
    if (!this.limits.call(this.visitors.limitKey(req))) throw new DomainException(formError('FORM_RATE_LIMITED'));
    const visitorId = this.visitors.visitorFor(req, res);
    res.header('Cache-Control', 'no-store');
    return { key: this.visitors.issueKey(visitorId) };
  }

  @Post('form/SaveFormSubmission')
  @HttpCode(200)
  async save(@Req() req: AppRequest, @Body() body: unknown): Promise<SaveFormSubmissionAnswer> {
    const visitorId = this.visitors.visitorId(req);
    if (!this.limits.save(visitorId ?? `ip:${req.ip}`)) throw new DomainException(formError('FORM_RATE_LIMITED'));
    const parsed = parseSaveFormSubmission(body);
    if (!parsed.ok) throw new DomainException(parsed.error);
    const request = parsed.value;
    const submissionId = this.visitors.checkKey(request.key, visitorId);
    // checkKey refuses a request without a visitor cookie: the key is bound to one.
    return this.commands.execute<SaveFormSubmissionCommand, SaveFormSubmissionAnswer>(
      new SaveFormSubmissionCommand(commandContextFor(req, visitorId!), submissionId, visitorId!, request),
    );
  }
}
