import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { OwnerRoles } from '../security';
import { ChangeWebsiteSettingsCommand } from './commands/change-website-settings.command';
import { SetHomePageCommand } from './commands/set-home-page.command';
import { GetWebsiteSettingsQuery } from './queries/get-website-settings.query';
import type { SiteLayoutView, WebsiteSettingsView } from './site-loader';

/** Owner API for the website's settings and home page (editors; admin always passes; any owner may read). */
@Controller('api/site')
@OwnerRoles('editor')
export class SiteSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('settings')
  @OwnerRoles()
  settings(): Promise<WebsiteSettingsView> {
    return this.queries.execute(new GetWebsiteSettingsQuery());
  }

  @Put('settings')
  changeSettings(@Req() req: AppRequest, @Body() body: unknown): Promise<WebsiteSettingsView> {
    return this.commands.execute(new ChangeWebsiteSettingsCommand(commandContextFor(req), body));
  }

  @Put('home')
  setHomePage(@Req() req: AppRequest, @Body() body: unknown): Promise<SiteLayoutView> {
    return this.commands.execute(new SetHomePageCommand(commandContextFor(req), body));
  }
}
