import { HomePageRequest, RestoreRequest, WebsiteSettingsRequest } from '@storefront/domain';
import { Body, Controller, Get, HttpCode, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { basedOnVersion } from '../infrastructure/http/if-match';
import { parseBody } from '../infrastructure/http/parse-body';
import { VersionEtagInterceptor } from '../infrastructure/http/version-etag.interceptor';
import { historyQuery, type HistoryPage } from '../infrastructure/stream-history';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { ChangeWebsiteSettingsCommand } from './commands/change-website-settings.command';
import { RestoreSiteVersionCommand } from './commands/restore.command';
import { SetHomePageCommand } from './commands/set-home-page.command';
import { GetSiteHistoryQuery } from './queries/get-site-history.query';
import { GetWebsiteSettingsQuery } from './queries/get-website-settings.query';
import type { SiteLayoutView, WebsiteSettingsView } from './site-loader';

/**
 * Owner API for the website's settings (`settings.edit`) and home page (`navigation.edit`); reads
 * `site.view`. Settings carry the website stream's `version` (shared with the header and footer), the
 * home page the site layout's; a save with `If-Match` is refused with 409 EDIT_CONFLICT when it moved on.
 */
@Controller('api/site')
@UseInterceptors(VersionEtagInterceptor)
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
    return this.commands.execute(new ChangeWebsiteSettingsCommand(commandContextFor(req), parseBody(WebsiteSettingsRequest, body), basedOnVersion(req)));
  }

  @Put('home')
  @RequiresPermission('navigation.edit')
  setHomePage(@Req() req: AppRequest, @Body() body: unknown): Promise<SiteLayoutView> {
    return this.commands.execute(new SetHomePageCommand(commandContextFor(req), parseBody(HomePageRequest, body), basedOnVersion(req)));
  }

  /** The settings' history (with the header and footer: the website stream), newest first (`?limit=`, `?before=<version>`). */
  @Get('settings/history')
  @RequiresPermission('site.view')
  settingsHistory(@Query() query: Record<string, unknown>): Promise<HistoryPage> {
    return this.queries.execute(new GetSiteHistoryQuery({ kind: 'settings' }, historyQuery(query)));
  }

  /** `{ version }`: brings those settings, header and footer back with a new event (WebsiteRestored). */
  @Post('settings/restore')
  @HttpCode(200)
  @RequiresPermission('settings.edit')
  restoreSettings(@Req() req: AppRequest, @Body() body: unknown): Promise<WebsiteSettingsView> {
    return this.commands.execute(new RestoreSiteVersionCommand(commandContextFor(req), { kind: 'settings' }, parseBody(RestoreRequest, body), basedOnVersion(req)));
  }

  /** The site layout's history (pages and their URLs, home page, navigations), newest first. */
  @Get('layout/history')
  @RequiresPermission('site.view')
  layoutHistory(@Query() query: Record<string, unknown>): Promise<HistoryPage> {
    return this.queries.execute(new GetSiteHistoryQuery({ kind: 'layout' }, historyQuery(query)));
  }
}
