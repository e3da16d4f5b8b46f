import { Controller, Get, Header } from '@nestjs/common';
import type { Challenge } from './altcha-lib';
import { AltchaCheck } from './altcha-check';

/** What a visitor's browser needs for the bot check. */
@Controller('api/bot-check')
export class BotCheckController {
  constructor(private readonly altcha: AltchaCheck) {}

  /** A new proof-of-work challenge (altcha), signed and expiring; each solution is accepted once. */
  @Get('altcha/challenge')
  @Header('Cache-Control', 'no-store')
  challenge(): Promise<Challenge> {
    return this.altcha.challenge();
  }
}
