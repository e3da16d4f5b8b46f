import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cartError, formError, parseRestockSignUp } from '@storefront/domain';
import { BotCheck } from '../bot-check';
import { DomainException } from '../infrastructure/http/domain-exception';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { Buckets } from '../infrastructure/token-buckets';
import { SignUpForRestockCommand } from './commands/sign-up-for-restock.command';
import { RESTOCK_SETTINGS, type RestockSettings } from './restock-settings';

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
}
