import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Req, type AppRequest } from '../infrastructure/http/request-context';
import { sessionOf } from '../security/owner-request-hooks';
import { LOGIN_PAGE_PATH, OWNER_HOME_PATH, sendLoginPage } from './pages/login-page';
import { sendOwnerHomePage } from './pages/owner-home-page';

/** Server-rendered owner pages: sign-in, and a placeholder home until the editor app lands. */
@Controller('config')
export class OwnerPagesController {
  @Get('login')
  login(@Req() req: AppRequest, @Res() res: FastifyReply): void {
    if (sessionOf(req)) return void res.redirect(OWNER_HOME_PATH, 302);
    sendLoginPage(res);
  }

  @Get()
  home(@Req() req: AppRequest, @Res() res: FastifyReply): void {
    const session = sessionOf(req);
    if (!session) return void res.redirect(LOGIN_PAGE_PATH, 302);
    sendOwnerHomePage(res, session.owner, session.xsrfToken);
  }
}
