import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  answerText, errorOf, parseFormDefinition, permissionsOf, type FieldValue, type FormDefinition,
} from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { readAllSubmissions, readFormList, readMailingList, readSubmissions, submissionsCsv, type FormListRow, type MailingListRow } from '@storefront/projections';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { DATABASE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';
import { basedOnVersion } from '../infrastructure/http/if-match';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { VersionEtagInterceptor } from '../infrastructure/http/version-etag.interceptor';
import { RequiresPermission } from '../security';
import { sanitizeAdminHtml, sanitizeRichText } from '../security/html-sanitizer';
import { ChangeFormCommand } from './commands/change-form.command';
import { CreateFormCommand } from './commands/create-form.command';
import { DeleteFormSubmissionCommand } from './commands/delete-form-submission.command';
import { FormStore, type VersionedForm } from './form-store';

export const SUBMISSIONS_PAGE_SIZE = 50;
export const MAILING_LIST_PAGE_SIZE = 100;

export type SubmissionView = {
  id: string;
  submittedAt: string;
  page: Record<string, unknown>;
  /** Answers keyed by field id, as stored: data, never markup (the owner app prints it as text). */
  values: Record<string, unknown>;
  /** Each answered field's title and its answer as one line of text. */
  answers: { fieldId: string; title: string; text: string }[];
};

function pageOf(raw: unknown): number {
  if (raw === undefined || raw === '') return 1;
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new DomainException(errorOf('INVALID_REQUEST', 'page must be a whole number from 1.', { field: 'page' }));
  return n;
}

/**
 * The owner's form routes (issue 14): the form builder's definitions with If-Match editing (409
 * EDIT_CONFLICT on a stale version, as every owner editor), each form's submissions (paged, CSV,
 * delete by appending an event) and the mailing list. All behind `forms.manage`. Writes go through
 * the CommandBus (commands/).
 */
@Controller('api/config')
@RequiresPermission('forms.manage')
@UseInterceptors(VersionEtagInterceptor)
export class FormsOwnerController {
  constructor(
    private readonly commands: CommandBus,
    private readonly forms: FormStore,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  @Get('forms')
  async list(): Promise<{ forms: FormListRow[] }> {
    return { forms: await readFormList(this.db) };
  }

  @Post('forms')
  @HttpCode(201)
  async create(@Req() req: AppRequest, @Body() body: unknown): Promise<VersionedForm> {
    const given = (body as { id?: unknown } | null)?.id;
    const id = typeof given === 'string' && given !== '' ? given : `form-${randomUUID().slice(0, 8)}`;
    const definition = this.definitionOf(req, id, body);
    return this.commands.execute<CreateFormCommand, VersionedForm>(new CreateFormCommand(commandContextFor(req), definition));
  }

  @Get('forms/:id')
  get(@Param('id') id: string): Promise<VersionedForm> {
    return this.forms.require(id);
  }

  @Put('forms/:id')
  async put(@Req() req: AppRequest, @Param('id') id: string, @Body() body: unknown): Promise<VersionedForm> {
    const definition = this.definitionOf(req, id, body);
    return this.commands.execute<ChangeFormCommand, VersionedForm>(new ChangeFormCommand(commandContextFor(req), definition, basedOnVersion(req)));
  }

  @Get('forms/:id/submissions')
  async submissions(@Param('id') id: string, @Query('page') page: unknown): Promise<{ formId: string; page: number; pageSize: number; total: number; submissions: SubmissionView[] }> {
    const { form } = await this.forms.require(id);
    const n = pageOf(page);
    const { total, submissions } = await readSubmissions(this.db, id, n, SUBMISSIONS_PAGE_SIZE);
    const answered = form.fields.filter((f) => f.type !== 'section');
    return {
      formId: id,
      page: n,
      pageSize: SUBMISSIONS_PAGE_SIZE,
      total,
      submissions: submissions.map((s) => ({
        id: s.id,
        submittedAt: s.submittedAt,
        page: s.page,
        values: s.values,
        answers: answered.map((f) => ({ fieldId: f.id, title: f.title || f.id, text: answerText(f, s.values[f.id] as FieldValue | undefined) })),
      })),
    };
  }

  @Get('forms/:id/submissions.csv')
  async csv(@Param('id') id: string, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const { form } = await this.forms.require(id);
    let text = submissionsCsv(form.fields, [], true);
    for await (const batch of readAllSubmissions(this.db, id)) text += submissionsCsv(form.fields, batch, false);
    res
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${id}-submissions.csv"`)
      .header('Cache-Control', 'no-store');
    return text;
  }

  @Delete('forms/:id/submissions/:submissionId')
  async deleteSubmission(@Req() req: AppRequest, @Param('id') id: string, @Param('submissionId') submissionId: string): Promise<{ deleted: true }> {
    return this.commands.execute<DeleteFormSubmissionCommand, { deleted: true }>(new DeleteFormSubmissionCommand(commandContextFor(req), id, submissionId));
  }

  @Get('mailing-list')
  async mailingList(@Query('page') page: unknown): Promise<{ page: number; pageSize: number; total: number; entries: MailingListRow[] }> {
    const n = pageOf(page);
    return { page: n, pageSize: MAILING_LIST_PAGE_SIZE, ...(await readMailingList(this.db, n, MAILING_LIST_PAGE_SIZE)) };
  }

  /** The body as a definition, its HTML through the contributor policy (post-submit code is the admin's). */
  private definitionOf(req: AppRequest, id: string, body: unknown): FormDefinition {
    const parsed = parseFormDefinition(id, body);
    if (!parsed.ok) throw new DomainException(parsed.error);
    const mayCode = permissionsOf(req.state.owner?.roles ?? []).includes('blocks.code');
    const d = parsed.value;
    return {
      ...d,
      parsedSubmissionMessage: sanitizeRichText(d.parsedSubmissionMessage),
      parsedDisclaimerMessage: sanitizeRichText(d.parsedDisclaimerMessage),
      submissionHTML: mayCode ? sanitizeAdminHtml(d.submissionHTML) : sanitizeRichText(d.submissionHTML),
    };
  }
}
