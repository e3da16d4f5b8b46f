import { HeaderFooterRequest } from '@storefront/domain';
import { Body, Controller, Get, Put, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { basedOnVersion } from '../infrastructure/http/if-match';
import { parseBody } from '../infrastructure/http/parse-body';
import { VersionEtagInterceptor } from '../infrastructure/http/version-etag.interceptor';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { SetSiteHeaderFooterCommand } from './commands/set-site-header-footer.command';
import { GetHeaderFooterQuery } from './queries/get-header-footer.query';
import type { HeaderFooterView } from './site-loader';

/**
 * SPEC 7: GET, PUT /api/site-header-footer { header, footer } (html), with the website stream's
 * `version` (shared with the settings); a PUT with `If-Match` is refused with 409 EDIT_CONFLICT when
 * the website changed since (issue 12).
 */
@Controller('api/site-header-footer')
@RequiresPermission('navigation.edit')
@UseInterceptors(VersionEtagInterceptor)
export class SiteHeaderFooterController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequiresPermission('site.view')
  get(): Promise<HeaderFooterView> {
    return this.queries.execute(new GetHeaderFooterQuery());
  }

  @Put()
  set(@Req() req: AppRequest, @Body() body: unknown): Promise<HeaderFooterView> {
    return this.commands.execute(new SetSiteHeaderFooterCommand(commandContextFor(req), parseBody(HeaderFooterRequest, body), basedOnVersion(req)));
  }
}
