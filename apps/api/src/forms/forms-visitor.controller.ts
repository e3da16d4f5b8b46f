import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  formError, parseSaveFormSubmission, validateFormValues, type BotCheckAction, type FormDefinition,
} from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { DomainException } from '../infrastructure/http/domain-exception';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { BotCheck } from '../bot-check';
import { FormRateLimits } from './form-rate-limits';
import { FormStore } from './form-store';
import { FormVisitors } from './form-visitors';

export type SaveFormSubmissionAnswer = { success: true; submissionMessage?: string; submissionHtml?: string; successRedirect?: string };

const actionOf = (form: FormDefinition): BotCheckAction => (form.kind === 'newsletter' ? 'NEWSLETTER_BLOCK_SUBMISSION' : 'FORM_BLOCK_SUBMISSION');

/**
 * SPEC 7's form calls, for visitors (issue 14's contract): validate, get a submission key, save.
 * Errors answer SPEC 8's statuses: 400 with errors by field id, 401 (bad or used key), 404 (no such
 * form), 429 (rate limit).
 */
@Controller('api')
export class FormsVisitorController {
  constructor(
    private readonly forms: FormStore,
    private readonly visitors: FormVisitors,
    private readonly limits: FormRateLimits,
    private readonly botCheck: BotCheck,
  ) {}

  @Post('rest/forms/validate/:formId')
  @HttpCode(200)
  async validate(@Req() req: AppRequest, @Param('formId') formId: string, @Body() body: unknown): Promise<Record<string, never>> {
    if (!this.limits.call(this.visitors.limitKey(req))) throw new DomainException(formError('FORM_RATE_LIMITED'));
    const { form } = await this.forms.require(formId);
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
    const { form, version } = await this.forms.require(request.formId);
    if (!this.limits.form(form.id)) throw new DomainException(formError('FORM_RATE_LIMITED'));
    if (form.captchaMethod !== 'none') {
      if (!request.captchaKey) throw new DomainException(formError('CAPTCHA_REQUIRED'));
      const verdict = await this.botCheck.verify({ method: form.captchaMethod, token: request.captchaKey, action: actionOf(form) });
      if (!verdict.ok) throw new DomainException({ ...formError('CAPTCHA_REQUIRED'), message: verdict.message });
    }
    await this.forms.submission(
      commandContextFor(req, visitorId!),
      submissionId,
      {
        type: 'SubmitForm',
        data: { submissionId, form, formVersion: version, values: request.values, page: request.page, visitorId: visitorId!, now: new Date().toISOString() },
      },
      { newStream: true },
    );
    return {
      success: true,
      ...(form.submissionHTML ? { submissionHtml: form.submissionHTML } : {}),
      ...(form.parsedSubmissionMessage ? { submissionMessage: form.parsedSubmissionMessage } : {}),
      ...(form.successRedirect ? { successRedirect: form.successRedirect } : {}),
    };
  }
}
