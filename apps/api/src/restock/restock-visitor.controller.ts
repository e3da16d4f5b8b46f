import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cartError, formError, parseRestockSignUp, restockSignUpDecider, restockSignUpStreamId, RESTOCK_SIGN_UP_STREAM_TYPE } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { sendPlainPage } from '../accounts';
import { CommandExecutor } from '../infrastructure/command-executor';
import { escapeHtml } from '../infrastructure/http/html';
import { BotCheck } from '../bot-check';
import { DomainException } from '../infrastructure/http/domain-exception';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { Buckets } from '../infrastructure/token-buckets';
import { SignUpForRestockCommand } from './commands/sign-up-for-restock.command';
import { RESTOCK_SETTINGS, type RestockSettings } from './restock-settings';
import { RestockUnsubscribeLinks } from './restock-unsubscribe-links';

const NOT_FOUND_PAGE = '<h1>Link not found</h1><p class="meta">This unsubscribe link is not valid.</p>';

/**
 * SPEC 7 `POST /api/site-users/account/notifications/restock`: a visitor's back-in-stock sign-up
 * (issue 15). Checks, in order: the client address's rate limit (429), the payload with the
 * SPEC's email messages (400), the bot check with the action PRODUCT_WAITLIST_SUBMISSION (400
 * 'Complete CAPTCHA before submitting.'), that the product offers it for the variant (404).
 */
@Controller('api/site-users/account/notifications/restock')
export class RestockVisitorController {
  private readonly limits: Buckets;

  constructor(
    private readonly commands: CommandBus,
    private readonly botCheck: BotCheck,
    @Inject(RESTOCK_SETTINGS) private readonly settings: RestockSettings,
    private readonly links: RestockUnsubscribeLinks,
    private readonly executor: CommandExecutor,
  ) {
    this.limits = new Buckets(settings.rateLimit);
  }

  @Post()
  @HttpCode(200)
  async signUp(@Req() req: AppRequest, @Body() body: unknown): Promise<{ success: true }> {
    if (!this.limits.take(req.ip)) throw new DomainException(cartError('RATE_LIMITED'));
    const parsed = parseRestockSignUp(body);
    if (!parsed.ok) throw new DomainException(parsed.error);
    const verdict = await this.botCheck.verify({ method: this.settings.botCheck, token: parsed.value.botCheckToken ?? '', action: 'PRODUCT_WAITLIST_SUBMISSION' });
    if (!verdict.ok) throw new DomainException({ ...formError('CAPTCHA_REQUIRED'), message: verdict.message });
    await this.commands.execute(new SignUpForRestockCommand(commandContextFor(req), parsed.value));
    return { success: true };
  }

  /**
   * The mail's unsubscribe link: a page with one button (a GET changes nothing, so a mail scanner
   * that follows links unsubscribes nobody). 404 for a token this server did not make.
   */
  @Get('unsubscribe')
  unsubscribePage(@Query('token') token: unknown, @Res() res: FastifyReply): void {
    if (!this.links.signUpOf(token)) {
      sendPlainPage(res, 'Link not found', () => NOT_FOUND_PAGE, 404);
      return;
    }
    sendPlainPage(res, 'Stop back-in-stock notifications', () =>
      `<h1>Stop back-in-stock notifications</h1><p class="meta">You will not be told when this item is back in stock.</p>` +
      `<form method="post"><input type="hidden" name="token" value="${escapeHtml(String(token))}"><button type="submit">Unsubscribe</button></form>`);
  }

  /** Unsubscribes the link's sign-up (RestockUnsubscribed; a second time changes nothing). */
  @Post('unsubscribe')
  async unsubscribe(@Req() req: AppRequest, @Body() body: unknown, @Query('token') queryToken: unknown, @Res() res: FastifyReply): Promise<void> {
    const token = (body as { token?: unknown } | null)?.token ?? queryToken;
    const signUpId = this.links.signUpOf(token);
    if (!signUpId) {
      sendPlainPage(res, 'Link not found', () => NOT_FOUND_PAGE, 404);
      return;
    }
    await this.executor.execute({
      streamId: restockSignUpStreamId(signUpId), streamType: RESTOCK_SIGN_UP_STREAM_TYPE, decider: restockSignUpDecider,
      command: { type: 'UnsubscribeFromRestock', data: { now: new Date().toISOString() } }, context: commandContextFor(req),
    });
    sendPlainPage(res, 'Unsubscribed', () => '<h1>Unsubscribed</h1><p class="meta">You will not get this back-in-stock notification.</p>');
  }
}
