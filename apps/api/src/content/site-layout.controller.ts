import { UpdateNavigationRequest } from '@storefront/domain';
import { Body, Controller, Get, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { basedOnVersion } from '../infrastructure/http/if-match';
import { parseBody } from '../infrastructure/http/parse-body';
import { VersionEtagInterceptor } from '../infrastructure/http/version-etag.interceptor';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { UpdateNavigationCommand } from './commands/update-navigation.command';
import { GetSiteLayoutQuery } from './queries/get-site-layout.query';
import type { SiteLayoutView } from './site-loader';

/**
 * SPEC 7: GET /api/commondata/GetSiteLayout and POST /api/widget/UpdateNavigation (the editor's link
 * editor). Both carry the site layout's `version`; UpdateNavigation with `If-Match` is refused with
 * 409 EDIT_CONFLICT when the layout changed since (issue 12).
 */
@Controller('api')
@RequiresPermission('navigation.edit')
@UseInterceptors(VersionEtagInterceptor)
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
    return this.commands.execute(new UpdateNavigationCommand(commandContextFor(req), parseBody(UpdateNavigationRequest, body), basedOnVersion(req)));
  }
}
