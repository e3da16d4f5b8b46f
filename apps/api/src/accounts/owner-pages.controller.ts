import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Req, type AppRequest } from '../infrastructure/http/request-context';
import { sessionOf } from '../security/owner-session.middleware';
import { LOGIN_PAGE_PATH, OWNER_HOME_PATH, sendLoginPage } from './pages/login-page';
import { sendOwnerHomePage } from './pages/owner-home-page';

/** Server-rendered owner pages: sign-in, and a placeholder home until the editor app lands. */
@Controller('config')
export class OwnerPagesController {
  @Get('login')
  login(@Req() req: AppRequest, @Res() res: Response): void {
    if (sessionOf(req)) return res.redirect(302, OWNER_HOME_PATH);
    sendLoginPage(res);
  }

  @Get()
  home(@Req() req: AppRequest, @Res() res: Response): void {
    const session = sessionOf(req);
    if (!session) return res.redirect(302, LOGIN_PAGE_PATH);
    sendOwnerHomePage(res, session.owner, session.xsrfToken);
  }
}
