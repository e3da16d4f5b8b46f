import { Global, Module } from '@nestjs/common';
import { AltchaCheck } from './altcha-check';
import { BotCheck } from './bot-check';
import { BotCheckController } from './bot-check.controller';
import { RecaptchaCheck } from './recaptcha-check';

/** The bot check: `BotCheck` for any module (global), the altcha challenge route. */
@Global()
@Module({
  controllers: [BotCheckController],
  providers: [AltchaCheck, RecaptchaCheck, BotCheck],
  exports: [BotCheck, AltchaCheck, RecaptchaCheck],
})
export class BotCheckModule {}
