import { HomePageRequest, WebsiteSettingsRequest } from '@storefront/domain';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { ChangeWebsiteSettingsCommand } from './commands/change-website-settings.command';
import { SetHomePageCommand } from './commands/set-home-page.command';
import { GetWebsiteSettingsQuery } from './queries/get-website-settings.query';
import type { SiteLayoutView, WebsiteSettingsView } from './site-loader';

/** Owner API for the website's settings (`settings.edit`) and home page (`navigation.edit`); reads `site.view`. */
@Controller('api/site')
export class SiteSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('settings')
  @RequiresPermission('site.view')
  settings(): Promise<WebsiteSettingsView> {
    return this.queries.execute(new GetWebsiteSettingsQuery());
  }

  @Put('settings')
  @RequiresPermission('settings.edit')
  changeSettings(@Req() req: AppRequest, @Body() body: unknown): Promise<WebsiteSettingsView> {
    return this.commands.execute(new ChangeWebsiteSettingsCommand(commandContextFor(req), parseBody(WebsiteSettingsRequest, body)));
  }

  @Put('home')
  @RequiresPermission('navigation.edit')
  setHomePage(@Req() req: AppRequest, @Body() body: unknown): Promise<SiteLayoutView> {
    return this.commands.execute(new SetHomePageCommand(commandContextFor(req), parseBody(HomePageRequest, body)));
  }
}
