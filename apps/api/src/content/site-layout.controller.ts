import { UpdateNavigationRequest } from '@storefront/domain';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { UpdateNavigationCommand } from './commands/update-navigation.command';
import { GetSiteLayoutQuery } from './queries/get-site-layout.query';
import type { SiteLayoutView } from './site-loader';

/** SPEC 7: GET /api/commondata/GetSiteLayout and POST /api/widget/UpdateNavigation (the editor's link editor). */
@Controller('api')
@RequiresPermission('navigation.edit')
export class SiteLayoutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('commondata/GetSiteLayout')
  @RequiresPermission('site.view')
  layout(): Promise<SiteLayoutView> {
    return this.queries.execute(new GetSiteLayoutQuery());
  }

  @Post('widget/UpdateNavigation')
  @HttpCode(200)
  updateNavigation(@Req() req: AppRequest, @Body() body: unknown): Promise<SiteLayoutView> {
    return this.commands.execute(new UpdateNavigationCommand(commandContextFor(req), parseBody(UpdateNavigationRequest, body)));
  }
}
