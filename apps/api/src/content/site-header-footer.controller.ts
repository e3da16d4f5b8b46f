import { HeaderFooterRequest } from '@storefront/domain';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { SetSiteHeaderFooterCommand } from './commands/set-site-header-footer.command';
import { GetHeaderFooterQuery } from './queries/get-header-footer.query';
import type { HeaderFooterView } from './site-loader';

/** SPEC 7: GET, PUT /api/site-header-footer { header, footer } (html). */
@Controller('api/site-header-footer')
@RequiresPermission('navigation.edit')
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
    return this.commands.execute(new SetSiteHeaderFooterCommand(commandContextFor(req), parseBody(HeaderFooterRequest, body)));
  }
}
