import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { OwnerRoles } from '../security';
import { SetSiteHeaderFooterCommand } from './commands/set-site-header-footer.command';
import { GetHeaderFooterQuery } from './queries/get-header-footer.query';
import type { HeaderFooterView } from './site-loader';

/** SPEC 7: GET, PUT /api/site-header-footer { header, footer } (html). */
@Controller('api/site-header-footer')
@OwnerRoles('editor')
export class SiteHeaderFooterController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @OwnerRoles()
  get(): Promise<HeaderFooterView> {
    return this.queries.execute(new GetHeaderFooterQuery());
  }

  @Put()
  set(@Req() req: AppRequest, @Body() body: unknown): Promise<HeaderFooterView> {
    return this.commands.execute(new SetSiteHeaderFooterCommand(commandContextFor(req), body));
  }
}
