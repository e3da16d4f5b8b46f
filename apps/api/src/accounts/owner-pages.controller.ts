import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Req, type AppRequest } from '../infrastructure/http/request-context';
import { sessionOf } from '../security/owner-request-hooks';
import { LOGIN_PAGE_PATH, OWNER_HOME_PATH, sendLoginPage } from './pages/login-page';
import { OwnerAppPage } from './pages/owner-app-page';

/**
 * Owner pages: the server-rendered sign-in page, and the owner app (a single-page app) at /config
 * and every path below it, for a signed-in owner; anyone else goes to the sign-in page.
 */
@Controller('config')
export class OwnerPagesController {
  constructor(private readonly app: OwnerAppPage) {}

  @Get('login')
  login(@Req() req: AppRequest, @Res() res: FastifyReply): void {
    if (sessionOf(req)) return void res.redirect(OWNER_HOME_PATH, 302);
    sendLoginPage(res);
  }

  @Get(['/', '*'])
  home(@Req() req: AppRequest, @Res() res: FastifyReply): void {
    if (!sessionOf(req)) return void res.redirect(LOGIN_PAGE_PATH, 302);
    this.app.send(res);
  }
}
